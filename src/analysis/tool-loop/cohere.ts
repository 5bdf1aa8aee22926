// The page's side of a Cohere v2 tool loop: after a stream whose message-end says finish_reason
// "TOOL_CALL", the next request must repeat the assistant message with those `tool_calls` and add one
// `role: "tool"` message per call id: OpenAI Chat's fields, so its follow-up check serves.
import type { LoopProtocol } from './loop';
import { checkChatFollowUp } from './openai-chat';
import { COHERE_LOOP_RULES } from './rules';

export const cohereLoop: LoopProtocol = {
  rules: COHERE_LOOP_RULES,
  asksForTools: (answer) => answer.finishReason === 'TOOL_CALL' && answer.toolCalls.length > 0,
  askedWith: 'finish_reason "TOOL_CALL"',
  checkFollowUp: (followUp) => checkChatFollowUp(followUp, COHERE_LOOP_RULES),
};
