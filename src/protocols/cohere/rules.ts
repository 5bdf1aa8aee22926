// The Cohere v2 chat streaming rule catalogue. Graded by docs/severity-policy.md: error = the
// reference client (`cohere-ai`, the AI SDK's Cohere provider) fails or shows something wrong,
// warning = a deviation clients survive (or the stream reports its own failure), info = well-formed
// but unknown to us or worth showing.
import type { RuleMeta } from '../../model/finding';
import { addFixes } from '../shared/rule-fixes';

export const COHERE_RULES = {
  invalidJson: 'cohere/invalid-json',
  invalidEvent: 'cohere/invalid-event',
  unknownEvent: 'cohere/unknown-event',
  errorFinish: 'cohere/error-finish',
  missingMessageStart: 'cohere/missing-message-start',
  missingMessageEnd: 'cohere/missing-message-end',
  streamCut: 'cohere/stream-cut',
  eventAfterEnd: 'cohere/event-after-end',
  contentNotStarted: 'cohere/content-not-started',
  contentNotEnded: 'cohere/content-not-ended',
  toolCallNotStarted: 'cohere/tool-call-not-started',
  toolCallNotEnded: 'cohere/tool-call-not-ended',
  invalidToolArguments: 'cohere/invalid-tool-arguments',
  finishReasonMismatch: 'cohere/finish-reason-mismatch',
  truncatedFinishReason: 'cohere/truncated-finish-reason',
} as const;

const R = COHERE_RULES;

export const cohereRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'A data record is not JSON: the client\'s parser throws and the stream fails there.' },
  {
    id: R.invalidEvent,
    severity: 'error',
    description:
      'An event the AI SDK\'s Cohere provider (`@ai-sdk/cohere` 4) rejects: a known type with a field missing or of the wrong type (`index`, `delta.message`; message-end\'s `finish_reason` or `usage.tokens`; a tool call\'s `id`, `type: "function"`, name or `arguments`; content without its text or thinking), or a `debug` event, which its list lacks. It reports an error and ends with finish reason `error`. Where cohere-ai reads the event (the API reference makes those fields optional), it is shown as cohere-ai shows it; else raw.',
  },
  { id: R.unknownEvent, severity: 'error', description: 'An event `type` this version does not know; shown raw. cohere-ai reads on, but the AI SDK\'s Cohere provider rejects any type outside its list, reports an error and ends with finish reason `error`.' },
  { id: R.errorFinish, severity: 'warning', description: 'The stream reports its own failure: `message-end` with finish_reason `ERROR` or a `delta.error` message.' },
  { id: R.missingMessageStart, severity: 'warning', description: 'The first event is not `message-start`.' },
  { id: R.missingMessageEnd, severity: 'warning', description: 'The input ended without `message-end`, and the capture holds no close of the connection: a recording may stop before its stream did.' },
  { id: R.streamCut, severity: 'error', description: 'The connection closed or failed before `message-end`: the answer was cut off. cohere-ai 8.1\'s chatStream throws "terminated" on a failed connection, and on a closed one ends quietly with the cut answer as if finished.' },
  { id: R.eventAfterEnd, severity: 'warning', description: 'Events arrived after `message-end` on the same connection.' },
  { id: R.contentNotStarted, severity: 'error', description: '`content-delta` or `content-end` for an index with no open `content-start`: the text has no block to go to.' },
  { id: R.contentNotEnded, severity: 'warning', description: 'A content block was started and never ended before `message-end`.' },
  { id: R.toolCallNotStarted, severity: 'error', description: '`tool-call-delta` or `tool-call-end` for an index with no open `tool-call-start`: the arguments belong to no call.' },
  { id: R.toolCallNotEnded, severity: 'error', description: 'A tool call was started and never ended: the AI SDK emits the call at `tool-call-end`, so it is never run.' },
  { id: R.invalidToolArguments, severity: 'error', description: 'A tool call\'s concatenated arguments are not valid JSON at its `tool-call-end` (an empty text reads as `{}`): the AI SDK\'s Cohere provider throws a JSON parse error there and the stream fails.' },
  { id: R.finishReasonMismatch, severity: 'warning', description: 'finish_reason `TOOL_CALL` without tool calls, or tool calls with another finish_reason.' },
  { id: R.truncatedFinishReason, severity: 'info', description: 'finish_reason `MAX_TOKENS` or `TIMEOUT`: the answer was cut off.' },
];

addFixes(cohereRules, {
  [R.invalidJson]: 'Send each event as one JSON object per `data:` record.',
  [R.invalidEvent]: 'Give the event every field the AI SDK requires, as the v2 chat streaming reference shows them (`index`, `delta.message`, message-end\'s `finish_reason` and `usage.tokens`…), and leave out `debug` events; the message names the field.',
  [R.unknownEvent]: 'Send only the event types of the v2 chat streaming reference; a client on the AI SDK fails on any other (a newer API event needs a newer `@ai-sdk/cohere`).',
  [R.errorFinish]: 'Look at the error message in `delta.error`: the server reports its own failure; fix or retry the request.',
  [R.missingMessageStart]: 'Send `message-start` (with the message id) first in every stream.',
  [R.missingMessageEnd]: 'End every stream with `message-end` carrying `finish_reason` and `usage`, also after a failure.',
  [R.streamCut]: 'Send `message-end` (with `finish_reason` `ERROR` on a server failure) before closing the stream.',
  [R.eventAfterEnd]: 'Send nothing after `message-end`; start a new request for a new message.',
  [R.contentNotStarted]: 'Send `content-start` for the index before its `content-delta` and `content-end`.',
  [R.contentNotEnded]: 'Send `content-end` for each open content block before `message-end`.',
  [R.toolCallNotStarted]: 'Send `tool-call-start` (id, name) for the index before its `tool-call-delta` and `tool-call-end`.',
  [R.toolCallNotEnded]: 'Send `tool-call-end` for each tool call before `message-end`.',
  [R.invalidToolArguments]: 'Stream argument deltas that join to one valid JSON object by `tool-call-end`.',
  [R.finishReasonMismatch]: 'End with finish_reason `TOOL_CALL` exactly when the message has tool calls; else `COMPLETE`.',
  [R.truncatedFinishReason]: 'For `MAX_TOKENS`, raise `max_tokens`; for `TIMEOUT`, shorten the request or retry.',
});
