// The Anthropic Messages streaming rule catalogue. Severities follow other-protocols.md §2.5 and §7:
// error = the official SDK rejects the stream or silently corrupts the message, warning = the docs
// say it is wrong but clients cope, info = a quirk worth showing.
import type { RuleMeta } from '../../model/finding';
import { addFixes } from '../shared/rule-fixes';

export const ANTHROPIC_RULES = {
  invalidJson: 'anthropic/invalid-json',
  invalidEvent: 'anthropic/invalid-event',
  unknownEvent: 'anthropic/unknown-event',
  eventNameMismatch: 'anthropic/event-name-mismatch',
  missingEventName: 'anthropic/missing-event-name',
  firstEventNotMessageStart: 'anthropic/first-event-not-message-start',
  duplicateMessageStart: 'anthropic/duplicate-message-start',
  blockIndexOutOfOrder: 'anthropic/block-index-out-of-order',
  blockNotOpen: 'anthropic/block-not-open',
  deltaBeforeBlock: 'anthropic/delta-before-block',
  deltaTypeMismatch: 'anthropic/delta-type-mismatch',
  blockNotStopped: 'anthropic/block-not-stopped',
  signatureNotLast: 'anthropic/signature-not-last',
  invalidToolJson: 'anthropic/invalid-tool-json',
  partialToolJsonExpected: 'anthropic/partial-tool-json-expected',
  missingStopReason: 'anthropic/missing-stop-reason',
  streamIncomplete: 'anthropic/stream-incomplete',
  errorEvent: 'anthropic/error-event',
  eventAfterStop: 'anthropic/event-after-stop',
  toolUseStopWithoutTool: 'anthropic/tool-use-stop-without-tool',
  pauseTurnWithoutServerTool: 'anthropic/pause-turn-without-server-tool',
  refusal: 'anthropic/refusal',
} as const;

const R = ANTHROPIC_RULES;

export const anthropicRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'A data payload is not JSON (the SDK\'s JSON.parse throws).' },
  { id: R.invalidEvent, severity: 'error', description: 'A known event lacks required fields or has wrong field types (e.g. message_delta without usage).' },
  { id: R.unknownEvent, severity: 'error', description: 'An event, block or delta type the reference does not list: @anthropic-ai/sdk skips it, the AI SDK\'s Anthropic provider rejects the event and ends its stream with an error. Shown raw.' },
  { id: R.eventNameMismatch, severity: 'warning', description: 'The SSE event name differs from the JSON type (the SDK routes on the event name).' },
  { id: R.missingEventName, severity: 'info', description: 'Frames carry no SSE event name: the official SDK would yield nothing for them.' },
  { id: R.firstEventNotMessageStart, severity: 'error', description: 'An event other than ping arrived before message_start.' },
  { id: R.duplicateMessageStart, severity: 'error', description: 'A second message_start in one stream (the SDK rejects it).' },
  { id: R.blockIndexOutOfOrder, severity: 'error', description: 'content_block_start.index is not the number of blocks already started (the SDK then addresses the wrong block).' },
  { id: R.blockNotOpen, severity: 'warning', description: 'A delta or stop targets a block that was never started, is already stopped, or is not the open one.' },
  { id: R.deltaBeforeBlock, severity: 'error', description: 'A content_block_delta arrived before any content_block_start of its message: @anthropic-ai/sdk 1.15\'s MessageStream fails on it ("Cannot read properties of undefined").' },
  { id: R.deltaTypeMismatch, severity: 'warning', description: 'The delta type does not fit the block type (the SDK silently ignores it).' },
  { id: R.blockNotStopped, severity: 'warning', description: 'A started block got no content_block_stop before the next block, message_delta or message_stop.' },
  { id: R.signatureNotLast, severity: 'warning', description: 'A thinking block received more thinking after its signature_delta.' },
  { id: R.invalidToolJson, severity: 'error', description: 'The concatenated input_json_delta text of a tool block is not valid JSON when the block ends.' },
  { id: R.partialToolJsonExpected, severity: 'info', description: 'Tool JSON is invalid at the block end, but the request asked for eager (fine-grained) input streaming where that is expected.' },
  { id: R.missingStopReason, severity: 'warning', description: 'message_stop without a preceding message_delta carrying a non-null stop_reason.' },
  { id: R.streamIncomplete, severity: 'error', description: 'The stream ended (or closed) without message_stop, or carried no events at all. @anthropic-ai/sdk 1.15\'s MessageStream rejects ("stream ended without producing a Message with role=assistant"; "terminated" on a failed connection).' },
  { id: R.errorEvent, severity: 'warning', description: 'The stream reports its own failure: the server sent an error event (the SDK raises APIError with it).' },
  { id: R.eventAfterStop, severity: 'warning', description: 'Events arrived after message_stop or after an error event.' },
  { id: R.toolUseStopWithoutTool, severity: 'warning', description: 'stop_reason is tool_use but the message has no tool_use block.' },
  { id: R.pauseTurnWithoutServerTool, severity: 'info', description: 'stop_reason is pause_turn but no server tool was used.' },
  { id: R.refusal, severity: 'info', description: 'The model refused (stop_reason refusal); the content before the refusal is kept.' },
];

addFixes(anthropicRules, {
  [R.invalidJson]: 'Send each event as one JSON object in its `data:` line.',
  [R.invalidEvent]: 'Give the event the fields and types the Messages API streaming reference lists (e.g. `usage` on `message_delta`).',
  [R.unknownEvent]: 'Send only the event, block and delta types of the Messages API; if it is a newer API type, clients older than it fail on it (the AI SDK validates every event).',
  [R.eventNameMismatch]: 'Set the SSE `event:` name to the JSON `type` of its data.',
  [R.missingEventName]: 'Write an `event: <type>` line before each `data:` line, as the API does.',
  [R.firstEventNotMessageStart]: 'Send `message_start` first (only `ping` may come before it).',
  [R.duplicateMessageStart]: 'Send one `message_start` per stream; start a new request for a new message.',
  [R.blockIndexOutOfOrder]: 'Number content blocks 0, 1, 2 … in the order they start.',
  [R.blockNotOpen]: 'Send deltas and `content_block_stop` only for the block that is open, between its start and stop.',
  [R.deltaBeforeBlock]: 'Send `content_block_start` for a block before its first `content_block_delta`.',
  [R.deltaTypeMismatch]: 'Send `text_delta` to text blocks, `input_json_delta` to tool_use blocks, `thinking_delta` and `signature_delta` to thinking blocks.',
  [R.blockNotStopped]: 'Send `content_block_stop` for each block before the next block starts and before `message_delta`.',
  [R.signatureNotLast]: 'Send the `signature_delta` last in its thinking block.',
  [R.invalidToolJson]: 'Stream `partial_json` pieces that join to one valid JSON object by `content_block_stop`.',
  [R.partialToolJsonExpected]: 'Nothing to fix if the request asked for eager input streaming; the client must wait for valid JSON.',
  [R.missingStopReason]: 'Send `message_delta` with a non-null `stop_reason` before `message_stop`.',
  [R.streamIncomplete]: 'Finish the stream with `message_stop`; if the server fails, send an `error` event before closing.',
  [R.errorEvent]: 'Look at the error event\'s type and message (e.g. `overloaded_error`: retry later); the stream reports its own failure.',
  [R.eventAfterStop]: 'Send nothing after `message_stop` or an `error` event; close the stream.',
  [R.toolUseStopWithoutTool]: 'Send `stop_reason: "tool_use"` only when the message has a tool_use block; else `end_turn`.',
  [R.pauseTurnWithoutServerTool]: 'Nothing to fix if intended: `pause_turn` is for long server-tool turns; resend the conversation to continue.',
  [R.refusal]: 'Nothing to fix in the stream: the model declined; show the refusal and let the user rephrase.',
});
