// An ask_user_question form, drawn outside any group: each question with its options (radio or, for
// multi-select, checkboxes), the free-text option as a text field, and the answers once given.
// The controls are disabled: the panel shows what the page shows, it does not answer, unless the user
// turned on "answer from the panel" and the answer travels on a socket the page holds open (panel/answer/).
import type { Question, QuestionItem } from '../../../model/view';
import { frameSpan } from './frame-span';
import { AnswerNote, controlsLive, useLiveAnswer } from '../../answer/AnswerControls';
import { AnswerableQuestion } from '../../answer/AnswerableQuestion';

const STATE_TEXT = { waiting: 'waiting for the answer', answered: 'answered', timeout: 'timed out' } as const;

export function QuestionView({ item }: { item: QuestionItem }) {
  const state = item.resolved ? 'resolved' : STATE_TEXT[item.state];
  // Answers keyed by something other than a question's text are still shown (and flagged by the rules).
  const asked = new Set(item.questions.map((q) => q.question));
  const other = Object.entries(item.answers ?? {}).filter(([k]) => !asked.has(k));
  const pending = !item.resolved && item.state === 'waiting';
  const live = useLiveAnswer(item.key, item.frames[0]);
  const active = pending && live !== undefined && controlsLive(live);
  return (
    <div class={`question question-${item.resolved ? 'resolved' : item.state}`} data-frames={frameSpan(item.frames)}>
      <div class="question-title">
        Question <span class="question-state">({state})</span>
      </div>
      {active ? (
        <AnswerableQuestion item={item} live={live} />
      ) : (
        item.questions.map((q, i) => <QuestionBlock key={i} q={q} name={`${item.id}-${i}`} answer={item.answers?.[q.question]} />)
      )}
      {other.length > 0 && (
        <ul class="question-other-answers">
          {other.map(([k, v]) => (
            <li key={k}>
              {k}: <span class="answer-text">{v}</span>
            </li>
          ))}
        </ul>
      )}
      {pending && <AnswerNote live={live} />}
    </div>
  );
}

function QuestionBlock({ q, name, answer }: { q: Question; name: string; answer: string | undefined }) {
  const chosen = new Set(answer === undefined ? [] : q.multiSelect ? answer.split(', ') : [answer]);
  const known = new Set(q.options.filter((o) => !o.input).map((o) => o.label));
  // An answer that is none of the fixed options was typed into the free-text option.
  const typed = answer !== undefined ? [...chosen].filter((a) => !known.has(a)).join(', ') : '';
  return (
    <fieldset class="question-block" disabled>
      <legend>
        {q.header && <span class="question-header">{q.header}</span>} <span class="question-text">{q.question}</span>
        {q.multiSelect && <span class="question-multi muted"> (choose any)</span>}
      </legend>
      <ul class="question-options">
        {q.options.map((o, i) => (
          <li key={i} class={`option${chosen.has(o.label) ? ' chosen' : ''}${o.input ? ' option-free' : ''}`}>
            <label>
              <input type={q.multiSelect ? 'checkbox' : 'radio'} name={name} checked={chosen.has(o.label) || (o.input === true && typed !== '')} disabled />{' '}
              <span class="option-label">{o.label}</span>
              {o.description && <span class="option-description muted"> — {o.description}</span>}
            </label>
            {o.input && <input type="text" class="option-input" name="option-input" disabled value={typed} placeholder="Your answer" aria-label={`${o.label}: free text`} />}
          </li>
        ))}
      </ul>
      {answer !== undefined && (
        <div class="question-answer">
          Answer: <span class="answer-text">{answer}</span>
        </div>
      )}
    </fieldset>
  );
}
