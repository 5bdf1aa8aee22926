// `ask_user_question` (spec section 4): reading the questions of an approval request and checking them.
import type { FindingSink } from '../../model/finding';
import type { ActionRequest, Question, QuestionOption } from '../../model/view';
import { safeText } from '../../model/safe-text';
import { isBlank } from '../../model/blank';

export const QUESTION_TOOL = 'ask_user_question';

export function isQuestionRequest(actions: readonly ActionRequest[]): boolean {
  return actions.some((a) => a.name === QUESTION_TOOL);
}

/** The questions of the first ask_user_question action, read leniently for display. */
export function readQuestions(actions: readonly ActionRequest[]): Question[] {
  const action = actions.find((a) => a.name === QUESTION_TOOL);
  const list = argsQuestions(action?.args);
  if (!Array.isArray(list)) return [];
  return list.map((q): Question => {
    if (typeof q === 'string') return { question: q, multiSelect: false, options: [] };
    const o = q && typeof q === 'object' ? (q as Record<string, unknown>) : {};
    const options = Array.isArray(o.options) ? o.options.map(readOption) : [];
    const question: Question = {
      question: typeof o.question === 'string' ? o.question : '',
      multiSelect: o.multiSelect === true,
      options,
    };
    if (typeof o.header === 'string') question.header = o.header;
    return question;
  });
}

function argsQuestions(args: unknown): unknown {
  return args && typeof args === 'object' ? (args as { questions?: unknown }).questions : undefined;
}

function readOption(o: unknown): QuestionOption {
  const r = o && typeof o === 'object' ? (o as Record<string, unknown>) : {};
  const option: QuestionOption = { label: typeof r.label === 'string' ? r.label : safeText(r.label ?? '') };
  if (typeof r.description === 'string') option.description = r.description;
  if (r.input === true) option.input = true;
  return option;
}

/** Reports `flat/question-invalid` and `flat/question-no-custom-option` for a streamed question request. */
export function checkQuestions(actions: readonly ActionRequest[], sink: FindingSink, frames: number[]): void {
  const action = actions.find((a) => a.name === QUESTION_TOOL);
  const list = argsQuestions(action?.args);
  if (!Array.isArray(list) || list.length === 0) {
    sink.report('flat/question-invalid', 'args.questions is missing or empty; expected at least one {question, multiSelect, options}', frames);
    return;
  }
  list.forEach((q, i) => {
    const o = q && typeof q === 'object' ? (q as Record<string, unknown>) : undefined;
    if (!o || typeof o.question !== 'string' || isBlank(o.question)) {
      sink.report('flat/question-invalid', `questions[${i}] has no question text`, frames);
      return;
    }
    if (!Array.isArray(o.options) || o.options.length === 0) {
      sink.report('flat/question-invalid', `questions[${i}] ("${o.question}") has no options`, frames);
      return;
    }
    if (typeof o.multiSelect !== 'boolean') {
      sink.report('flat/question-invalid', `questions[${i}].multiSelect is ${JSON.stringify(o.multiSelect)}; expected true or false`, frames);
    }
    const hasInput = o.options.some((opt) => opt && typeof opt === 'object' && (opt as { input?: unknown }).input === true);
    if (!hasInput) {
      sink.report('flat/question-no-custom-option', `questions[${i}] ("${o.question}") has no free-text option ({label: "Khác", input: true})`, frames);
    }
  });
}
