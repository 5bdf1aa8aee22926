// The page's side of an Anthropic tool loop: after a stream that ends with stop_reason "tool_use", the
// next request must repeat the assistant message with its `tool_use` blocks, then a user message whose
// `tool_result` blocks answer each `tool_use_id` exactly once.
import type { StreamedToolCall } from '../conversations';
import { isRecord } from '../../protocols/shared/view-helpers';
import { callDifference, checkResults, newAssistant, stableJson, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
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
  const changed = assistant ? blocksDifference(parent.answer.toolCalls, assistant.content) : missing;
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

/** The first way the carried `tool_use` blocks differ from the streamed ones, or undefined when they match. */
function blocksDifference(streamed: readonly StreamedToolCall[], content: unknown): string | undefined {
  const carried = Array.isArray(content) ? content.filter((b): b is Record<string, unknown> => isRecord(b) && b.type === 'tool_use') : [];
  if (carried.length !== streamed.length) return `the assistant message has ${carried.length} tool_use block(s), the stream gave ${streamed.length}`;
  for (const call of streamed) {
    const block = carried.find((b) => b.id === call.id);
    if (!block) return `tool_use ${JSON.stringify(call.id)} is missing`;
    const diff = callDifference(call, block.name, stableJson(block.input ?? {}));
    if (diff) return diff;
  }
  return undefined;
}
