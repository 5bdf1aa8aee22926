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
  deltaTypeMismatch: 'cohere/delta-type-mismatch',
  overlappingBlocks: 'cohere/overlapping-blocks',
  toolCallNotStarted: 'cohere/tool-call-not-started',
  toolCallNotEnded: 'cohere/tool-call-not-ended',
  toolCallOverlap: 'cohere/tool-call-overlap',
  toolCallIndexMismatch: 'cohere/tool-call-index-mismatch',
  strayToolCallEnd: 'cohere/stray-tool-call-end',
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
  {
    id: R.eventAfterEnd,
    severity: 'warning',
    description: 'Events arrived after `message-end` on the same connection. cohere-ai and the AI SDK\'s Cohere provider read on to the end of the body, and so does the view: late text, thinking and tool calls are shown, and a block or call that ends late is no finding of its own.',
  },
  {
    id: R.contentNotStarted,
    severity: 'error',
    description:
      '`content-delta` or `content-end` for an index with no open `content-start`. cohere-ai and the AI SDK\'s Cohere provider (`@ai-sdk/cohere` 4) show the delta\'s text or thinking, and so does the view; but the provider passes it on as a delta (or end) of a part that was never started, and ai 7\'s `readUIMessageStream` (what `useChat` reads) throws "Received text-delta for missing text part" (`ai` 7.0 dist/index.js, its `text-delta`, `text-end`, `reasoning-delta` cases).',
  },
  { id: R.contentNotEnded, severity: 'warning', description: 'A content block was started and never ended by the end of its stream.' },
  {
    id: R.overlappingBlocks,
    severity: 'error',
    description:
      'Content blocks that overlap: a block ended while a thinking block started after or around it is still open (a text block opened and ended inside a thinking block, or two thinking blocks). cohere-ai shows both blocks, and so does the view; the AI SDK\'s Cohere provider keeps one "reasoning active" flag (`@ai-sdk/cohere` 4.0 dist/index.js ~547, ~572) and ends the wrong part, and ai 7\'s `readUIMessageStream` throws ("Received reasoning-end for missing reasoning part").',
  },
  {
    id: R.deltaTypeMismatch,
    severity: 'error',
    description:
      'A `content-delta` whose field is not its block\'s kind: `thinking` in a block that `content-start` opened as `text`, or `text` in a `thinking` block. Both clients show it by its field (cohere-ai\'s consumer reads each field; the AI SDK\'s Cohere provider checks `"thinking" in content`, `@ai-sdk/cohere` 4.0 dist/index.js ~557), and so does the view, as thinking or text. The provider then emits a `reasoning-delta` (or `text-delta`) for a part it never started, and ai 7\'s `readUIMessageStream` throws "Received reasoning-delta for missing reasoning part" (`ai` 7.0 dist/index.js ~7211 and ~7260). A delta with both fields in a thinking block loses its text in the AI SDK.',
  },
  { id: R.toolCallNotStarted, severity: 'error', description: '`tool-call-delta` while no tool call is open (none started, or all ended): the AI SDK\'s Cohere provider adds argument deltas only to its open call, so these arguments are lost.' },
  {
    id: R.toolCallNotEnded,
    severity: 'error',
    description:
      'A tool call was started and never got its `tool-call-end` (at its index, or at any index while it was the open call): the AI SDK\'s Cohere provider emits a call only at a `tool-call-end`, so it never emits this one and nothing runs it. cohere-ai shows its start and arguments; the view shows the call as never finished.',
  },
  {
    id: R.toolCallOverlap,
    severity: 'error',
    description:
      '`tool-call-start` while another tool call is still open, or again at an open call\'s index. The AI SDK\'s Cohere provider keeps one pending call and overwrites it (`@ai-sdk/cohere` 4.0 dist/index.js ~591): the open call is never emitted, and argument deltas that still come for it join the new call, where a mix that does not parse fails the stream with AI_JSONParseError. cohere-ai shows both starts; the view shows both calls by their index.',
  },
  {
    id: R.toolCallIndexMismatch,
    severity: 'warning',
    description:
      '`tool-call-delta` or `tool-call-end` at an index other than the open tool call\'s. Both clients apply it to the open call (the AI SDK\'s Cohere provider ignores the index, `@ai-sdk/cohere` 4.0 dist/index.js ~612-624; cohere-ai\'s consumer adds arguments to the latest call), and so does the view: its arguments are added, or the call ends.',
  },
  { id: R.strayToolCallEnd, severity: 'warning', description: '`tool-call-end` while no tool call is open: a second one for a call that already ended, or one for an index never started. cohere-ai and the AI SDK\'s Cohere provider ignore it; nothing is lost.' },
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
  [R.overlappingBlocks]: 'End each content block before starting the next (thinking, then text), as the API does.',
  [R.deltaTypeMismatch]: 'Send `text` deltas only to a block started as `text` and `thinking` deltas only to one started as `thinking`; start a new block (a new index) for the other kind.',
  [R.toolCallNotStarted]: 'Send `tool-call-start` (id, name) for the index before its `tool-call-delta` and `tool-call-end`.',
  [R.toolCallNotEnded]: 'Send `tool-call-end` for each tool call before `message-end`.',
  [R.toolCallOverlap]: 'Stream tool calls one after another: send `tool-call-end` for a call before the next `tool-call-start`, each call at its own index.',
  [R.toolCallIndexMismatch]: 'Send a call\'s `tool-call-delta` and `tool-call-end` with the index of its `tool-call-start`.',
  [R.strayToolCallEnd]: 'Send one `tool-call-end` per call, after its `tool-call-start`.',
  [R.invalidToolArguments]: 'Stream argument deltas that join to one valid JSON object by `tool-call-end`.',
  [R.finishReasonMismatch]: 'End with finish_reason `TOOL_CALL` exactly when the message has tool calls; else `COMPLETE`.',
  [R.truncatedFinishReason]: 'For `MAX_TOKENS`, raise `max_tokens`; for `TIMEOUT`, shorten the request or retry.',
});
