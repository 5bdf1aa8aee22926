// What a request shows in the view, and how its answer, failure or cancel changes it: a tool call is a
// tool item with its progress and result, a sampling request a tool item the client answers, an
// elicitation a question. Requests of other methods show nothing of their own.
import type { QuestionItem, ToolItem } from '../../model/view';
import { newToolItem } from '../shared/view-helpers';
import { elicitationAnswers, elicitationQuestions } from './elicitation';
import { resultText } from './content';
import { idText, type PendingRequest } from './messages';

/** The item a request of `method` shows, kept on the request (`tool` or `question`); undefined for the rest. */
export function requestItem(req: PendingRequest, params: Record<string, unknown>, i: number): ToolItem | QuestionItem | undefined {
  const key = idText(req.id);
  if (req.method === 'tools/call') {
    const tool = newToolItem(`tool-${i}`, key, typeof params.name === 'string' ? params.name : '', i);
    tool.input = params.arguments ?? {};
    return (req.tool = tool);
  }
  if (req.method === 'sampling/createMessage') {
    const tool = newToolItem(`sampling-${i}`, key, 'sampling/createMessage', i);
    tool.label = 'Sampling request';
    tool.input = params;
    return (req.tool = tool);
  }
  if (req.method === 'elicitation/create') {
    return (req.question = { kind: 'question', id: `elicitation-${i}`, frames: [i], key, questions: elicitationQuestions(params), state: 'waiting', resolved: false });
  }
  return undefined;
}

/** A progress notification for the request (`value`, its `params`' total and message), at frame `i`. */
export function showProgress(req: PendingRequest, value: number, params: Record<string, unknown>, i: number): void {
  if (!req.tool) return;
  req.tool.frames.push(i);
  const progress: NonNullable<ToolItem['progress']> = { progress: value };
  if (typeof params.total === 'number') progress.total = params.total;
  if (typeof params.message === 'string') progress.message = params.message;
  req.tool.progress = progress;
}

/** The request's result (already checked against its method's schema), at frame `i`. */
export function showResult(req: PendingRequest, fields: Record<string, unknown>, i: number): void {
  if (req.tool) {
    req.tool.frames.push(i);
    req.tool.result = resultText(req.method === 'sampling/createMessage' ? [fields.content] : fields.content);
    req.tool.status = fields.isError === true ? 'error' : 'success';
  }
  if (req.question) {
    req.question.frames.push(i);
    req.question.state = 'answered';
    req.question.answers = elicitationAnswers(req.question.questions, fields);
  }
}

/**
 * The request ends without a result at frame `i`: an error response, a cancel, a body the client could
 * not read. A tool call shows `why` as its result; a question stops waiting.
 */
export function showFailure(req: PendingRequest, i: number, why: string): void {
  if (req.tool) {
    req.tool.status = 'error';
    req.tool.result = why;
    req.tool.frames.push(i);
  }
  if (req.question) {
    req.question.state = 'timeout';
    req.question.frames.push(i);
  }
}

/** The request's answer can no longer come on its stream (frame `i`): a pending tool call says it was cut off there. */
export function showCutOff(req: PendingRequest, i: number): void {
  if (req.tool && req.tool.status === 'pending') req.tool.cutOff = i;
}
