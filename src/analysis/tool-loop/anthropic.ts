// The page's side of an Anthropic tool loop: after a stream that ends with stop_reason "tool_use", the
// next request must repeat the assistant message with its `tool_use` blocks, then a user message whose
// `tool_result` blocks answer each `tool_use_id` exactly once.
import { isRecord } from '../../protocols/shared/view-helpers';
import { carriedCallsDifference, checkResults, newAssistant, stableJson, type CarriedCall, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
import { ANTHROPIC_LOOP_RULES as R } from './rules';

export const anthropicLoop: LoopProtocol = {
  rules: R,
  asksForTools: (answer) => answer.finishReason === 'tool_use' && answer.toolCalls.length > 0,
  askedWith: 'stop_reason "tool_use"',
  checkFollowUp,
};

function checkFollowUp(followUp: FollowUp): void {
  const { parent, request } = followUp;
  const { at, assistant, missing } = newAssistant(followUp, 'the tool_use blocks');
  const changed = assistant ? carriedCallsDifference(parent.answer.toolCalls, toolUseCalls(assistant.content), { holder: 'the assistant message has', one: 'tool_use', several: 'tool_use block(s)' }) : missing;
  if (changed) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed tool_use blocks unchanged: ${changed}`, `messages[${at}]`);

  // The results belong in the user message right after the assistant's tool_use blocks.
  const resultsAt = assistant ? at + 1 : at;
  const next: unknown = request.messages[resultsAt];
  const results: ResultSeen[] = [];
  if (isRecord(next) && next.role === 'user' && Array.isArray(next.content)) {
    next.content.forEach((block: unknown, j) => {
      if (isRecord(block) && block.type === 'tool_result') results.push({ id: typeof block.tool_use_id === 'string' ? block.tool_use_id : '', path: `messages[${resultsAt}].content[${j}]` });
    });
  }
  const missingPath = resultsAt < request.messages.length ? `messages[${resultsAt}]` : `messages[${at}]`;
  checkResults(followUp, R, results, { result: 'tool_result block', idField: 'tool_use_id', missingPath });
}

/** The carried `tool_use` blocks as calls, their input as JSON. */
function toolUseCalls(content: unknown): CarriedCall[] {
  const blocks = Array.isArray(content) ? content.filter((b): b is Record<string, unknown> => isRecord(b) && b.type === 'tool_use') : [];
  return blocks.map((b) => ({ id: b.id, name: b.name, arguments: stableJson(b.input ?? {}) }));
}
