// The OpenAI Chat tool-loop rule catalogue: checks across the requests of one conversation (the page's
// side of the loop: run the tools the stream asked for, send their results back). Listed with the
// protocol's own rules, so the docs, the rules page and SARIF name them like any other.
import type { RuleMeta } from '../../model/finding';

export const CHAT_LOOP_RULES = {
  stalled: 'openai-chat/loop-stalled',
  toolCallsChanged: 'openai-chat/loop-tool-calls-changed',
  unknownToolCallId: 'openai-chat/loop-unknown-tool-call-id',
  resultCount: 'openai-chat/loop-missing-tool-result',
  tooDeep: 'openai-chat/loop-too-deep',
} as const;

/** Tool round trips in a row (without a new user message) past which the loop is reported. */
export const DEFAULT_MAX_ROUND_TRIPS = 10;

const R = CHAT_LOOP_RULES;

export const openaiChatLoopRules: readonly RuleMeta[] = [
  { id: R.stalled, severity: 'warning', description: 'A stream ended with finish_reason "tool_calls" and no later request of the capture carried the tool results: the page did not run the tools or send them back (a client that reads only `delta.content` shows nothing and stops here).' },
  { id: R.toolCallsChanged, severity: 'error', description: 'The follow-up request does not carry the assistant message with the streamed tool calls unchanged (ids, names and arguments); the API rejects tool messages that follow no matching call.' },
  { id: R.unknownToolCallId, severity: 'error', description: 'A `tool` message in the follow-up request has a `tool_call_id` that matches no tool call of the answer it follows (the API rejects it).' },
  { id: R.resultCount, severity: 'error', description: 'A tool call of the streamed answer has no `tool` message in the follow-up request, or more than one; the API needs exactly one result per call id.' },
  { id: R.tooDeep, severity: 'warning', description: `A conversation ran more tool round trips in a row than the bound (${DEFAULT_MAX_ROUND_TRIPS}) without a new user message: the loop may not end.` },
];
