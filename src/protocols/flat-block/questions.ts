// `ask_user_question` (spec section 4): reading the questions of an approval request and checking them.
import type { FindingSink } from '../../model/finding';
import type { ActionRequest, Question, QuestionOption } from '../../model/view';
import { safeText } from '../../model/safe-text';
import { isBlank } from '../../model/blank';

export const QUESTION_TOOL = 'ask_user_question';

// Loops rather than some/find/map with callbacks: a turn reads its question once, and the less code a
// frame runs besides JSON.parse the less of the parser's own code it pushes out of the CPU's caches.

export function isQuestionRequest(actions: readonly ActionRequest[]): boolean {
  return questionAction(actions) !== undefined;
}

/** The first ask_user_question action. */
function questionAction(actions: readonly ActionRequest[]): ActionRequest | undefined {
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i] as ActionRequest;
    if (a.name === QUESTION_TOOL) return a;
  }
  return undefined;
}

/** The questions of the first ask_user_question action, read leniently for display. */
export function readQuestions(actions: readonly ActionRequest[]): Question[] {
  const list = argsQuestions(questionAction(actions)?.args);
  if (!Array.isArray(list)) return [];
  const questions: Question[] = [];
  for (let i = 0; i < list.length; i++) questions.push(readQuestion(list[i]));
  return questions;
}

function readQuestion(q: unknown): Question {
  if (typeof q === 'string') return { question: q, multiSelect: false, options: [] };
  const o = q && typeof q === 'object' ? (q as Record<string, unknown>) : {};
  const options: QuestionOption[] = [];
  const listed = o.options;
  if (Array.isArray(listed)) for (let i = 0; i < listed.length; i++) options.push(readOption(listed[i]));
  const question: Question = {
    question: typeof o.question === 'string' ? o.question : '',
    multiSelect: o.multiSelect === true,
    options,
  };
  if (typeof o.header === 'string') question.header = o.header;
  return question;
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
  const list = argsQuestions(questionAction(actions)?.args);
  if (!Array.isArray(list) || list.length === 0) {
    sink.report('flat/question-invalid', 'args.questions is missing or empty; expected at least one {question, multiSelect, options}', frames);
    return;
  }
  for (let i = 0; i < list.length; i++) {
    const q: unknown = list[i];
    const o = q && typeof q === 'object' ? (q as Record<string, unknown>) : undefined;
    const text = o?.question;
    if (!o || typeof text !== 'string' || isBlank(text)) {
      sink.report('flat/question-invalid', `questions[${i}] has no question text`, frames);
      continue;
    }
    const options = o.options;
    if (!Array.isArray(options) || options.length === 0) {
      sink.report('flat/question-invalid', `questions[${i}] ("${text}") has no options`, frames);
      continue;
    }
    if (typeof o.multiSelect !== 'boolean') {
      sink.report('flat/question-invalid', `questions[${i}].multiSelect is ${JSON.stringify(o.multiSelect)}; expected true or false`, frames);
    }
    if (!hasFreeTextOption(options)) {
      sink.report('flat/question-no-custom-option', `questions[${i}] ("${text}") has no free-text option ({label: "Khác", input: true})`, frames);
    }
  }
}

function hasFreeTextOption(options: readonly unknown[]): boolean {
  for (let i = 0; i < options.length; i++) {
    const opt = options[i];
    if (opt && typeof opt === 'object' && (opt as { input?: unknown }).input === true) return true;
  }
  return false;
}
