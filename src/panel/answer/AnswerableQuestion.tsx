// A pending question whose answer can be sent from the panel: the same options as the inert form,
// enabled, and a "Send answer" button that sends what the page's own form sends (answer-builders.ts:
// several choices joined with ", ", the free-text option's text in place of its label, a skipped
// question "[No preference]").
import { useState } from 'preact/hooks';
import type { Question, QuestionItem } from '../../model/view';
import { joinAnswers, questionReply } from './answer-builders';
import type { LiveAnswer } from './AnswerControls';

export function AnswerableQuestion({ item, live }: { item: QuestionItem; live: LiveAnswer }) {
  // Per question: the labels picked, and the text typed into its free-text option.
  const [picked, setPicked] = useState<ReadonlyMap<number, ReadonlySet<number>>>(new Map());
  const [typed, setTyped] = useState<ReadonlyMap<number, string>>(new Map());
  const toggle = (qi: number, oi: number, multi: boolean) => {
    const next = new Map(picked);
    const set = new Set(multi ? (picked.get(qi) ?? []) : []);
    if (multi && set.has(oi)) set.delete(oi);
    else set.add(oi);
    next.set(qi, set);
    setPicked(next);
  };
  const send = () => {
    if (!live.target.live) return;
    const chosen = new Map<string, string[]>();
    item.questions.forEach((q, qi) => {
      const labels = [...(picked.get(qi) ?? [])].sort((a, b) => a - b).map((oi) => {
        const o = q.options[oi];
        return o?.input ? (typed.get(qi) ?? '').trim() || o.label : (o?.label ?? '');
      });
      chosen.set(q.question, labels);
    });
    live.send(questionReply(item, joinAnswers(item, chosen), live.target.context));
  };
  return (
    <div class="question-answerable">
      {item.questions.map((q, qi) => (
        <Block key={qi} q={q} qi={qi} name={`${item.id}-live-${qi}`} picked={picked.get(qi)} typed={typed.get(qi) ?? ''} onToggle={toggle} onType={(t) => setTyped(new Map(typed).set(qi, t))} />
      ))}
      <button type="button" class="question-send" onClick={send}>
        Send answer
      </button>
    </div>
  );
}

interface BlockProps {
  q: Question;
  qi: number;
  name: string;
  picked: ReadonlySet<number> | undefined;
  typed: string;
  onToggle(qi: number, oi: number, multi: boolean): void;
  onType(text: string): void;
}

function Block({ q, qi, name, picked, typed, onToggle, onType }: BlockProps) {
  return (
    <fieldset class="question-block">
      <legend>
        {q.header && <span class="question-header">{q.header}</span>} <span class="question-text">{q.question}</span>
        {q.multiSelect && <span class="question-multi muted"> (choose any)</span>}
      </legend>
      <ul class="question-options">
        {q.options.map((o, oi) => (
          <li key={oi} class={`option${o.input ? ' option-free' : ''}`}>
            <label>
              <input type={q.multiSelect ? 'checkbox' : 'radio'} name={name} checked={picked?.has(oi) ?? false} onChange={() => onToggle(qi, oi, q.multiSelect)} />{' '}
              <span class="option-label">{o.label}</span>
              {o.description && <span class="option-description muted"> — {o.description}</span>}
            </label>
            {o.input && (
              <input
                type="text"
                class="option-input"
                name="option-input"
                value={typed}
                placeholder="Your answer"
                aria-label={`${o.label}: free text`}
                onInput={(e) => {
                  onType(e.currentTarget.value);
                  if (!picked?.has(oi)) onToggle(qi, oi, q.multiSelect);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
