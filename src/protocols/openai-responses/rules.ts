// The OpenAI Responses streaming rule catalogue (other-protocols.md §4.4 and §7), graded by
// docs/severity-policy.md: error = openai-node's accumulator rejects the stream or shows it wrong,
// warning = Open Responses says it is wrong but clients cope (or the stream reports its failure),
// info = well-formed but new to us, or a quirk clients tolerate.
import type { RuleMeta } from '../../model/finding';

export const RESPONSES_RULES = {
  invalidJson: 'openai-responses/invalid-json',
  invalidEvent: 'openai-responses/invalid-event',
  unknownEvent: 'openai-responses/unknown-event',
  eventNameMismatch: 'openai-responses/event-name-mismatch',
  firstEventNotCreated: 'openai-responses/first-event-not-created',
  missingSequenceNumber: 'openai-responses/missing-sequence-number',
  sequenceGap: 'openai-responses/sequence-gap',
  sequenceOutOfOrder: 'openai-responses/sequence-out-of-order',
  outputIndexOutOfOrder: 'openai-responses/output-index-out-of-order',
  itemIdentity: 'openai-responses/item-identity',
  itemMismatch: 'openai-responses/item-mismatch',
  itemIdChanged: 'openai-responses/item-id-changed',
  contentPartMismatch: 'openai-responses/content-part-mismatch',
  lifecycleOrder: 'openai-responses/lifecycle-order',
  doneMismatch: 'openai-responses/done-mismatch',
  eventAfterTerminal: 'openai-responses/event-after-terminal',
  incompleteStream: 'openai-responses/incomplete-stream',
  itemStatus: 'openai-responses/item-status',
  errorEvent: 'openai-responses/error-event',
  errorWithoutFailed: 'openai-responses/error-without-failed',
  dataAfterDone: 'openai-responses/data-after-done',
  invalidToolArguments: 'openai-responses/invalid-tool-arguments',
  responseNotCompleted: 'openai-responses/response-not-completed',
} as const;

const R = RESPONSES_RULES;

export const openaiResponsesRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'A payload is neither JSON nor the `[DONE]` marker (a malformed WebSocket frame fails the turn).' },
  { id: R.invalidEvent, severity: 'error', description: 'A known event lacks required fields or has wrong field types.' },
  { id: R.unknownEvent, severity: 'info', description: 'An event type the reference does not list (openai-node throws on it; the WebSocket contract keeps it observable).' },
  { id: R.eventNameMismatch, severity: 'warning', description: 'The SSE event name differs from the JSON type (Open Responses: they must be equal).' },
  { id: R.firstEventNotCreated, severity: 'error', description: 'The first event of a response is not response.created.' },
  { id: R.missingSequenceNumber, severity: 'warning', description: 'An event has no integer sequence_number.' },
  { id: R.sequenceGap, severity: 'info', description: 'sequence_number skipped values, or a response did not start at 0: events are not in the capture (a filtered recording, a resumed stream). Clients do not read sequence numbers.' },
  { id: R.sequenceOutOfOrder, severity: 'error', description: 'sequence_number repeated or went backwards.' },
  { id: R.outputIndexOutOfOrder, severity: 'error', description: 'output_item.added.output_index is not the current output length (items are appended).' },
  { id: R.itemIdentity, severity: 'error', description: 'An output item has no id, a call item has no call_id, or an id / call_id repeats.' },
  { id: R.itemMismatch, severity: 'error', description: 'An item-scoped event names a missing output_index or an item of the wrong type.' },
  { id: R.itemIdChanged, severity: 'info', description: 'An item-scoped event or output_item.done names another item_id than the item added at its output_index (proxies rotate ids); clients address items by output_index.' },
  { id: R.contentPartMismatch, severity: 'error', description: 'A content or summary index is not appended in order, or a delta targets a missing part or a part of the wrong kind.' },
  { id: R.lifecycleOrder, severity: 'warning', description: 'Events break the added → delta → done nesting (e.g. a delta after done, an item done while its parts are open, a terminal event with open items).' },
  { id: R.doneMismatch, severity: 'warning', description: 'A *.done value differs from the concatenation of its deltas (the SDK keeps the done value).' },
  { id: R.eventAfterTerminal, severity: 'warning', description: 'Events, or a second terminal event, after response.completed / failed / incomplete.' },
  { id: R.incompleteStream, severity: 'error', description: 'The stream ended or the socket closed before a terminal event, or carried no events.' },
  { id: R.itemStatus, severity: 'warning', description: 'An item status outside in_progress / completed / incomplete, or an incomplete item that is not last in an incomplete response.' },
  { id: R.errorEvent, severity: 'warning', description: 'The stream reports its own failure: an error event, or response.failed without one (openai-node raises APIError for the wire form).' },
  { id: R.errorWithoutFailed, severity: 'warning', description: 'An error event was not followed by response.failed.' },
  { id: R.dataAfterDone, severity: 'warning', description: 'Data arrived after `data: [DONE]`.' },
  { id: R.invalidToolArguments, severity: 'warning', description: 'A function or MCP call\'s arguments are not valid JSON when done.' },
  { id: R.responseNotCompleted, severity: 'info', description: 'The response ended as failed or incomplete.' },
];
