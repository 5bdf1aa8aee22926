// The tool-loop rule catalogue: checks across the requests of one conversation (the page's side of the
// loop: run the tools the stream asked for, send their results back). Each protocol has the same five
// rules under its own prefix, listed with its stream rules, so the docs, the rules page and SARIF name
// them like any other.
import type { RuleMeta } from '../../model/finding';

export interface LoopRuleIds {
  stalled: string;
  toolCallsChanged: string;
  unknownToolCallId: string;
  resultCount: string;
  tooDeep: string;
}

function loopRuleIds(protocol: string): LoopRuleIds {
  return {
    stalled: `${protocol}/loop-stalled`,
    toolCallsChanged: `${protocol}/loop-tool-calls-changed`,
    unknownToolCallId: `${protocol}/loop-unknown-tool-call-id`,
    resultCount: `${protocol}/loop-missing-tool-result`,
    tooDeep: `${protocol}/loop-too-deep`,
  };
}

/** Tool round trips in a row (without a new user message) past which the loop is reported. */
export const DEFAULT_MAX_ROUND_TRIPS = 10;

/** How one protocol words its loop: what asks for tools, what carries the calls back, what a result is. */
interface LoopWords {
  stalled: string;
  changed: string;
  unknown: string;
  count: string;
  /** How to fix each: what the page must send in the follow-up request. */
  fix: { stalled: string; changed: string; unknown: string; count: string };
}

function loopRules(r: LoopRuleIds, words: LoopWords): RuleMeta[] {
  return [
    { id: r.stalled, severity: 'warning', description: words.stalled, fix: words.fix.stalled },
    { id: r.toolCallsChanged, severity: 'error', description: words.changed, fix: words.fix.changed },
    { id: r.unknownToolCallId, severity: 'error', description: words.unknown, fix: words.fix.unknown },
    { id: r.resultCount, severity: 'error', description: words.count, fix: words.fix.count },
    {
      id: r.tooDeep,
      severity: 'warning',
      description: `A conversation ran more tool round trips in a row than the bound (${DEFAULT_MAX_ROUND_TRIPS}) without a new user message: the loop may not end.`,
      fix: 'Bound the page\'s tool loop (a maximum number of steps), and check that tool results give the model what it needs to answer instead of calling again.',
    },
  ];
}

export const CHAT_LOOP_RULES = loopRuleIds('openai-chat');
export const ANTHROPIC_LOOP_RULES = loopRuleIds('anthropic');
export const RESPONSES_LOOP_RULES = loopRuleIds('openai-responses');
export const UI_LOOP_RULES = loopRuleIds('aisdk');
export const AGUI_LOOP_RULES = loopRuleIds('agui');
export const GEMINI_LOOP_RULES = loopRuleIds('gemini');
export const COHERE_LOOP_RULES = loopRuleIds('cohere');
export const GEMINI_INTERACTIONS_LOOP_RULES = loopRuleIds('gemini-interactions');

export const openaiChatLoopRules: readonly RuleMeta[] = loopRules(CHAT_LOOP_RULES, {
  stalled: 'A stream ended with finish_reason "tool_calls" and no later request of the capture carried the tool results: the page did not run the tools or send them back (a client that reads only `delta.content` shows nothing and stops here).',
  changed: 'The follow-up request does not carry the assistant message with the streamed tool calls unchanged (ids, names and arguments); the API rejects tool messages that follow no matching call.',
  unknown: 'A `tool` message in the follow-up request has a `tool_call_id` that matches no tool call of the answer it follows (the API rejects it).',
  count: 'A tool call of the streamed answer has no `tool` message in the follow-up request, or more than one; the API needs exactly one result per call id.',
  fix: {
    stalled: 'Run the tools the stream asked for and send a follow-up request with the assistant message (its `tool_calls`) and one `tool` message per call; or, if the capture stopped early, capture the follow-up too.',
    changed: 'Resend the assistant message exactly as streamed: the same `tool_calls` ids, names and arguments, in the `messages` of the follow-up.',
    unknown: 'Set each `tool` message\'s `tool_call_id` to the id of a call the answer streamed.',
    count: 'Send exactly one `tool` message per streamed call id, right after the assistant message (an error text as its content if the tool failed).',
  },
});

export const anthropicLoopRules: readonly RuleMeta[] = loopRules(ANTHROPIC_LOOP_RULES, {
  stalled: 'A stream ended with stop_reason "tool_use" and no later request of the capture carried the `tool_result` blocks: the page did not run the tools or send them back.',
  changed: 'The follow-up request does not carry the assistant message with the streamed `tool_use` blocks unchanged (ids, names and input); the API rejects `tool_result` blocks that follow no matching `tool_use`.',
  unknown: 'A `tool_result` block in the follow-up request has a `tool_use_id` that matches no `tool_use` block of the answer it follows (the API rejects it).',
  count: 'A `tool_use` block of the streamed answer has no `tool_result` block in the user message right after it, or more than one; the API rejects the request.',
  fix: {
    stalled: 'Run the tools the stream asked for and send a follow-up request with the assistant `tool_use` blocks and a user message of `tool_result` blocks; or, if the capture stopped early, capture the follow-up too.',
    changed: 'Resend the assistant message exactly as streamed: the same `tool_use` ids, names and input.',
    unknown: 'Set each `tool_result` block\'s `tool_use_id` to the id of a `tool_use` block the answer streamed.',
    count: 'Send exactly one `tool_result` block per `tool_use` id in the user message right after the assistant message (`is_error: true` if the tool failed).',
  },
});

export const openaiResponsesLoopRules: readonly RuleMeta[] = loopRules(RESPONSES_LOOP_RULES, {
  stalled: 'A response ended with `function_call` items and no later request of the capture carried their `function_call_output`: the page did not run the tools or send them back.',
  changed: 'A follow-up that resends the conversation (no `previous_response_id`) does not carry the streamed `function_call` items unchanged (call ids, names and arguments); the API rejects an output whose call it cannot find.',
  unknown: 'A `function_call_output` item in the follow-up request has a `call_id` that matches no call of the response it follows (the API rejects it).',
  count: 'A `function_call` of the streamed response has no `function_call_output` in the follow-up request, or more than one; the API rejects a request that leaves a call without its output.',
  fix: {
    stalled: 'Run the functions the response asked for and send a follow-up request with one `function_call_output` per `call_id` (with `previous_response_id`, or the whole input); or, if the capture stopped early, capture the follow-up too.',
    changed: 'Resend the `function_call` items exactly as streamed (call ids, names, arguments), or name the response with `previous_response_id` instead.',
    unknown: 'Set each `function_call_output`\'s `call_id` to the `call_id` of a call the response streamed.',
    count: 'Send exactly one `function_call_output` per streamed `call_id` in the follow-up request.',
  },
});

export const aisdkUiLoopRules: readonly RuleMeta[] = loopRules(UI_LOOP_RULES, {
  stalled: 'A stream gave a client-side tool call (`tool-input-available`, not provider-executed, no output in the stream) and no later request of the chat carried its result: the page did not run the tool (`onToolCall`, `addToolResult`) or did not send the message back.',
  changed: 'The follow-up request does not carry the assistant message with the streamed tool part unchanged (`toolCallId`, tool name and input).',
  unknown: 'The follow-up request\'s assistant message has a tool part with output whose `toolCallId` matches no tool call the chat has seen (the page shows a result for a call that never was).',
  count: 'A client-side tool part is still `input-available` in the follow-up request (no `output-available` or `output-error`), or appears more than once; converting the messages for the model fails on a call without its result.',
  fix: {
    stalled: 'Run the client-side tool (`onToolCall`, then `addToolResult`) and let the chat resend (`sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls`); or, if the capture stopped early, capture the follow-up too.',
    changed: 'Resend the assistant message as the stream built it: the tool part with the same `toolCallId`, tool name and input.',
    unknown: 'Give results only to tool parts the chat received (`addToolResult` with the streamed `toolCallId`).',
    count: 'Give every client-side tool part its result (`addToolResult`: `output-available`, or `output-error` if it failed) before resending, once per `toolCallId`.',
  },
});

export const agUiLoopRules: readonly RuleMeta[] = loopRules(AGUI_LOOP_RULES, {
  stalled: 'A run finished with frontend tool calls (TOOL_CALL_START without TOOL_CALL_RESULT) and no later run of the thread carried their results: the page did not run the tools or send them back.',
  changed: 'The follow-up run does not carry the streamed tool calls unchanged in an assistant message\'s `toolCalls` (ids, names and arguments); the agent\'s model API rejects tool messages that follow no matching call.',
  unknown: 'A `tool` message in the follow-up run has a `toolCallId` that matches no tool call of the run it follows.',
  count: 'A frontend tool call of the run has no `tool` message in the follow-up run, or more than one; the agent\'s model API needs exactly one result per call id.',
  fix: {
    stalled: 'Run the frontend tools and start a new run of the thread whose messages hold the assistant `toolCalls` and one `tool` message per call; or, if the capture stopped early, capture the follow-up too.',
    changed: 'Carry the streamed calls unchanged in the assistant message\'s `toolCalls` (ids, names, arguments) in the follow-up run.',
    unknown: 'Set each `tool` message\'s `toolCallId` to the id of a call the run streamed.',
    count: 'Send exactly one `tool` message per frontend tool call id in the follow-up run.',
  },
});

export const geminiLoopRules: readonly RuleMeta[] = loopRules(GEMINI_LOOP_RULES, {
  stalled: 'A response ended with `functionCall` parts and no later request of the capture carried their `functionResponse`: the page did not run the tools or send them back.',
  changed: 'The follow-up request does not carry the model content with the streamed `functionCall` parts unchanged (names, args, ids, and the `thoughtSignature` the stream gave, which Gemini 3 requires back: "Function call is missing a thought_signature").',
  unknown: 'A `functionResponse` part in the follow-up request answers no `functionCall` of the response it follows (by id, or by name where calls have no id).',
  count: 'A `functionCall` of the streamed response has no `functionResponse` in the content right after it, or more than one; the API rejects a turn whose function calls and responses do not pair up.',
  fix: {
    stalled: 'Run the called functions and send a follow-up request whose `contents` hold the model content with the `functionCall` parts and a user content with one `functionResponse` per call; or, if the capture stopped early, capture the follow-up too.',
    changed: 'Send the model content back exactly as streamed: the `functionCall` parts with their names, args, ids and `thoughtSignature`.',
    unknown: 'Answer only the calls the response made: each `functionResponse` names a streamed call by its id (or its name where calls have none).',
    count: 'Send exactly one `functionResponse` per `functionCall`, in the content right after the model content.',
  },
});

export const cohereLoopRules: readonly RuleMeta[] = loopRules(COHERE_LOOP_RULES, {
  stalled: 'A stream ended with finish_reason "TOOL_CALL" and no later request of the capture carried the tool results: the page did not run the tools or send them back.',
  changed: 'The follow-up request does not carry the assistant message with the streamed `tool_calls` unchanged (ids, names and arguments): the model is shown calls it did not make, and its `tool` messages follow no matching call.',
  unknown: 'A `tool` message in the follow-up request has a `tool_call_id` that matches no tool call of the answer it follows: a result for a call the model never made.',
  count: 'A tool call of the streamed answer has no `tool` message in the follow-up request, or more than one; each call id needs exactly one result.',
  fix: {
    stalled: 'Run the tools the stream asked for and send a follow-up request with the assistant message (its `tool_plan` and `tool_calls`) and one `tool` message per call; or, if the capture stopped early, capture the follow-up too.',
    changed: 'Send the assistant message back with the tool calls exactly as streamed: same ids, names and arguments.',
    unknown: 'Answer only the calls the stream made: each `tool` message\'s `tool_call_id` is the id of a streamed call.',
    count: 'Send exactly one `tool` message per tool call id, right after the assistant message.',
  },
});

export const interactionsLoopRules: readonly RuleMeta[] = loopRules(GEMINI_INTERACTIONS_LOOP_RULES, {
  stalled: 'An interaction completed with status `requires_action` after `function_call` steps, and no later request of the capture carried their `function_result`: the page did not run the tools or send them back.',
  changed: 'The follow-up request resends the history without the streamed `function_call` steps unchanged (ids, names and arguments): the model is shown calls it did not make. (A follow-up that names the interaction in `previous_interaction_id` sends only the results.)',
  unknown: 'A `function_result` in the follow-up request has a `call_id` that matches no `function_call` of the interaction it follows: a result for a call the model never made.',
  count: 'A `function_call` of the streamed interaction has no `function_result` in the follow-up request, or more than one; each call id needs exactly one result.',
  fix: {
    stalled: 'Run the called functions and send a follow-up request whose `input` holds one `function_result` (`call_id`, `name`, `result`) per call, with `previous_interaction_id` naming the interaction or after the resent history; or, if the capture stopped early, capture the follow-up too.',
    changed: 'Resend the `function_call` steps exactly as streamed (same ids, names and arguments), or name the interaction in `previous_interaction_id` and send only the results.',
    unknown: 'Answer only the calls the interaction made: each `function_result`\'s `call_id` is the id of a streamed `function_call`.',
    count: 'Send exactly one `function_result` per `function_call` id.',
  },
});

