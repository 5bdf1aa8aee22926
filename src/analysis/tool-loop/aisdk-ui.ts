// The page's side of an AI SDK UI tool loop (client-side tools): a stream that gave a tool call for the
// page to run must be followed by a request that resends the assistant message with that tool part
// unchanged and now holding its result (`output-available` or `output-error`).
import { isRecord } from '../../protocols/shared/view-helpers';
import { callDifference, checkResults, newAssistant, stableJson, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
import { UI_LOOP_RULES as R } from './rules';

const RESULT_STATES = new Set(['output-available', 'output-error']);

export const aisdkUiLoop: LoopProtocol = {
  rules: R,
  asksForTools: (answer) => answer.finishReason !== undefined && answer.toolCalls.length > 0,
  askedWith: 'client-side tool calls',
  checkFollowUp,
};

interface ToolPart {
  part: Record<string, unknown>;
  path: string;
}

function toolParts(message: unknown, index: number): ToolPart[] {
  if (!isRecord(message) || !Array.isArray(message.parts)) return [];
  const out: ToolPart[] = [];
  message.parts.forEach((part: unknown, j) => {
    if (isRecord(part) && typeof part.type === 'string' && typeof part.toolCallId === 'string' && (part.type.startsWith('tool-') || part.type === 'dynamic-tool')) {
      out.push({ part, path: `messages[${index}].parts[${j}]` });
    }
  });
  return out;
}

function checkFollowUp(followUp: FollowUp): void {
  const { parent } = followUp;
  const { at, assistant: message, missing } = newAssistant(followUp, 'the tool parts');
  if (!message) {
    followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed tool parts: ${missing}`, `messages[${at}]`);
    return;
  }
  const parts = toolParts(message, at);
  for (const call of parent.answer.toolCalls) {
    const carried = parts.find((p) => p.part.toolCallId === call.id);
    const name = carried && (carried.part.type === 'dynamic-tool' ? carried.part.toolName : String(carried.part.type).slice('tool-'.length));
    const diff = carried ? callDifference(call, name, stableJson(carried.part.input ?? null)) : `tool part ${JSON.stringify(call.id)} is missing`;
    if (diff) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed tool part unchanged: ${diff}`, carried?.path ?? `messages[${at}]`);
  }
  // Parts the chat held before (earlier round trips, server-run tools) are not answers to this stream.
  const known = new Set(parent.answer.allCallIds ?? []);
  parent.messages.forEach((m, i) => toolParts(m, i).forEach((p) => known.add(String(p.part.toolCallId))));
  const results: ResultSeen[] = parts.filter((p) => RESULT_STATES.has(String(p.part.state))).map((p) => ({ id: String(p.part.toolCallId), path: p.path }));
  const pending = parts.find((p) => parent.answer.toolCalls.some((c) => c.id === p.part.toolCallId) && !RESULT_STATES.has(String(p.part.state)));
  checkResults(followUp, R, results, { result: 'tool part with output', idField: 'toolCallId', missingPath: pending?.path ?? `messages[${at}]` }, (id) => known.has(id));
}
