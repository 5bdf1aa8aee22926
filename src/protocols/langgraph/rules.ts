// The LangGraph Platform run stream rule catalogue. Graded by docs/severity-policy.md against the
// reference client, `@langchain/langgraph-sdk` (Client's run streams and useStream's message and
// interrupt handling): error = it throws or shows something wrong, warning = a deviation it survives
// (or the stream reports its own failure), info = well-formed but unknown to us.
import type { RuleMeta } from '../../model/finding';
import { addFixes } from '../shared/rule-fixes';

export const LANGGRAPH_RULES = {
  invalidJson: 'langgraph/invalid-json',
  invalidEvent: 'langgraph/invalid-event',
  unknownEvent: 'langgraph/unknown-event',
  errorEvent: 'langgraph/error-event',
  missingMetadata: 'langgraph/missing-metadata',
  eventAfterEnd: 'langgraph/event-after-end',
  messageWithoutId: 'langgraph/message-without-id',
  orphanToolResult: 'langgraph/orphan-tool-result',
  invalidToolCall: 'langgraph/invalid-tool-call',
  interruptWithoutId: 'langgraph/interrupt-without-id',
  valuesDifferFromStream: 'langgraph/values-differ-from-stream',
  toolCallWithoutId: 'langgraph/tool-call-without-id',
  eventAfterError: 'langgraph/event-after-error',
} as const;

const R = LANGGRAPH_RULES;

export const langgraphRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'An event\'s data is not JSON: the SDK\'s SSE decoder runs JSON.parse on it and the stream throws there.' },
  { id: R.invalidEvent, severity: 'error', description: 'A known event with data of the wrong shape (a `messages` event that is not a `[message, metadata]` pair, `metadata` without `run_id`, a message without `type` or `content`): useStream reads it as its type says and fails or shows nothing.' },
  { id: R.unknownEvent, severity: 'info', description: 'An event name (stream mode) this version does not know; shown raw.' },
  { id: R.errorEvent, severity: 'warning', description: 'The stream reports its own failure: an `error` event (the run raised, or the server could not run it).' },
  { id: R.missingMetadata, severity: 'warning', description: 'A new run\'s stream does not start with `metadata`: the SDK takes the run id from it (useStream\'s `onCreated`, rejoining the run after a reload).' },
  { id: R.eventAfterEnd, severity: 'warning', description: 'Events arrived after `end` on the same connection.' },
  { id: R.messageWithoutId, severity: 'error', description: 'A streamed message chunk (`messages`, `messages/partial`) has no `id`: useStream\'s MessageTupleManager ignores it ("No message ID found for chunk"), so its text never shows.' },
  { id: R.orphanToolResult, severity: 'warning', description: 'A tool message in the thread\'s messages (`values`) whose `tool_call_id` names no tool call of the thread: clients pair results with calls by that id, so the result shows alone. (An update or a streamed message may answer a call of an earlier run the capture does not hold: not reported.)' },
  { id: R.invalidToolCall, severity: 'warning', description: 'An AI message carries `invalid_tool_calls` (arguments that did not parse): the call is not run and clients show no call for it.' },
  { id: R.interruptWithoutId, severity: 'warning', description: 'An interrupt (`__interrupt__`, a task\'s `interrupts`) without `id`: a resume of several pending interrupts names each by id, so this one cannot be answered alone.' },
  { id: R.valuesDifferFromStream, severity: 'warning', description: 'The state (`values`, `updates`) holds a message whose text differs from what was streamed for the same message id: the text the user watched changes when the state arrives.' },
  { id: R.toolCallWithoutId, severity: 'error', description: 'A tool call streamed in `tool_call_chunks` whose chunks never carry an `id`: @langchain/core\'s AIMessageChunk (which useStream\'s MessageTupleManager joins the chunks with) files a call without id under `invalid_tool_calls` ("Malformed tool call chunk args."), so useStream shows no call, whatever its arguments. Reported when the message is settled (its whole copy arrives or the stream ends), so an id sent in a later chunk is not reported; the view does not draw the call, as the client does not.' },
  { id: R.eventAfterError, severity: 'error', description: 'Events that carry messages, state, interrupts or another error (`values`, `updates`, `messages`, `tasks`, `checkpoints`, `error`) after the run\'s `error` event on the same connection: useStream stops reading the stream at the error, so what they carry never shows. The view leaves them out too (an `end` after the error is normal and still ends the stream).' },
];

addFixes(langgraphRules, {
  [R.invalidJson]: 'Send each event\'s data as one JSON value (the server serialises it; a proxy must not cut or rewrite it).',
  [R.invalidEvent]: 'Give the event the data its stream mode has in the SDK\'s types (types.stream.d.ts); the message names the field.',
  [R.unknownEvent]: 'Nothing to fix if it is a newer stream mode; clients skip event names they do not know.',
  [R.errorEvent]: 'Look at the error\'s message: the graph raised or the run could not start; fix the node or retry the run.',
  [R.missingMetadata]: 'Start every run stream with `event: metadata` carrying `run_id` (the official server does).',
  [R.eventAfterEnd]: 'Send nothing after `end`; a new run gets its own stream.',
  [R.messageWithoutId]: 'Give every message an id (LangChain chat models do; a custom node that builds messages must set one) and keep it on every chunk.',
  [R.orphanToolResult]: 'Answer each tool call with a ToolMessage whose `tool_call_id` is the call\'s `id`.',
  [R.invalidToolCall]: 'Have the model produce arguments that parse as a JSON object, or handle the failed call in the graph before it reaches the user.',
  [R.toolCallWithoutId]: 'Give each streamed tool call its id in its first chunk (`tool_call_chunks[].id`, as LangChain\'s OpenAI and Anthropic integrations do); a custom model or proxy that builds chunks must keep it.',
  [R.eventAfterError]: 'End the stream at the `error` event (an `end` may follow); a run that recovers must not report an error first.',
  [R.interruptWithoutId]: 'Raise interrupts with `interrupt()` inside a node, which gives each an id; a proxy must keep it.',
  [R.valuesDifferFromStream]: 'Store the message as it was streamed (the same id keeps the same text); a node that rewrites a message should give it a new id.',
});
