// The A2A rule catalogue (JSON-RPC over HTTP and SSE, protocol v0.3 and v1.0). Graded by
// docs/severity-policy.md against `@a2a-js/sdk`: its client's JSON-RPC transport (which throws on a
// payload that is not JSON, a response that is not JSON-RPC 2.0 or answers another id) and the task
// accumulation of its `ResultManager` (which ignores updates for unknown tasks and state changes of a
// finished task). error = the client throws or loses content, warning = a deviation it survives or a
// task that reports its own failure, info = well-formed but not known to us.
import type { RuleMeta } from '../../model/finding';
import { addFixes } from '../shared/rule-fixes';

export const A2A_RULES = {
  invalidJson: 'a2a/invalid-json',
  invalidResponse: 'a2a/invalid-response',
  invalidResult: 'a2a/invalid-result',
  idMismatch: 'a2a/response-id-mismatch',
  errorResponse: 'a2a/error-response',
  unknownTask: 'a2a/unknown-task',
  eventAfterFinal: 'a2a/event-after-final',
  finalFlagMismatch: 'a2a/final-flag-mismatch',
  terminalStateChanged: 'a2a/terminal-state-changed',
  artifactAppendUnknown: 'a2a/artifact-append-unknown',
  artifactAfterLastChunk: 'a2a/artifact-after-last-chunk',
  streamNotFinal: 'a2a/stream-not-final',
  taskFailed: 'a2a/task-failed',
  unknownMethod: 'a2a/unknown-method',
  messageToFinalTask: 'a2a/message-to-final-task',
  inputNeverAnswered: 'a2a/input-required-unanswered',
} as const;

const R = A2A_RULES;

export const a2aRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'An SSE event or response body that is not JSON: the SDK client throws "Failed to parse SSE event data" and the stream ends there.' },
  { id: R.invalidResponse, severity: 'error', description: 'JSON that is not a JSON-RPC 2.0 response (no `"jsonrpc": "2.0"`, neither `result` nor `error`): the SDK client throws.' },
  { id: R.invalidResult, severity: 'error', description: 'A result that is no Task, Message, TaskStatusUpdateEvent or TaskArtifactUpdateEvent of either wire version (a missing `taskId`, an unknown state, a part with no content): the client reads it wrong or not at all.' },
  { id: R.idMismatch, severity: 'error', description: 'A response whose JSON-RPC id is not the id of the request that opened the stream: the SDK client throws "JSON-RPC response ID mismatch".' },
  { id: R.errorResponse, severity: 'warning', description: 'A JSON-RPC error response: the agent reports that the request failed (task not found, not cancelable, unsupported operation…).' },
  { id: R.unknownTask, severity: 'error', description: 'A status or artifact update for a task that neither the stream nor the request named: the SDK\'s task accumulation ignores it, so its content is lost.' },
  { id: R.eventAfterFinal, severity: 'warning', description: 'An event after the stream\'s final one (a status update with `final: true`, a terminal or interrupted state, or a Message result): the SDK server closes the stream there, and clients stop showing updates.' },
  { id: R.finalFlagMismatch, severity: 'warning', description: 'v0.3: `final: true` on a state that neither ends the task nor waits for input, or a terminal state with `final: false`.' },
  { id: R.terminalStateChanged, severity: 'warning', description: 'A status update or Task snapshot that moves a task out of a terminal state (completed, failed, canceled, rejected): terminal states are final. The SDK\'s task accumulation ignores such a status update but stores a snapshot as sent.' },
  { id: R.artifactAppendUnknown, severity: 'warning', description: 'An artifact chunk with `append: true` for an artifact id the task does not have: the SDK adds it as a new artifact rather than appending.' },
  { id: R.artifactAfterLastChunk, severity: 'warning', description: 'An artifact chunk after the chunk of the same artifact marked `lastChunk: true`.' },
  { id: R.streamNotFinal, severity: 'warning', description: 'A message or subscription stream that ended before a final event (a terminal or interrupted state, or a Message): it was cut short.' },
  { id: R.taskFailed, severity: 'warning', description: 'The task reports its own failure: state `failed` or `rejected`.' },
  { id: R.unknownMethod, severity: 'info', description: 'A request method that neither A2A v0.3 nor v1.0 defines (an extension or a newer version).' },
  { id: R.messageToFinalTask, severity: 'warning', description: 'Across requests: the page sent a message for a task that had already reached a terminal state; A2A tasks are immutable once finished, and the agent rejects the message.' },
  { id: R.inputNeverAnswered, severity: 'warning', description: 'Across requests: a task asked for input (`input-required`) and no later request sent a message for it: the task waits forever.' },
];

addFixes(a2aRules, {
  [R.invalidJson]: 'Send each JSON-RPC response as one complete JSON text per SSE `data:` record (or as the whole response body).',
  [R.invalidResponse]: 'Send `{"jsonrpc":"2.0","id":<the request id>,"result":{…}}`, or `"error"` instead of `"result"`.',
  [R.invalidResult]: 'Send the result type the method defines, with the fields its schema requires; the message names the field.',
  [R.idMismatch]: 'Answer every event of a stream with the id of the request that opened it, as sent (a number stays a number).',
  [R.errorResponse]: 'Nothing to fix in the stream when the failure is real; otherwise fix the request the error names.',
  [R.unknownTask]: 'Send the Task (or a Message) first, then updates with its `taskId`; a subscription names the task it follows in `params.id`.',
  [R.eventAfterFinal]: 'Close the stream after the final event; send later updates on a new `message/stream` or `tasks/resubscribe` (`SubscribeToTask`).',
  [R.finalFlagMismatch]: 'Set `final: true` exactly on the status update that ends the stream: a terminal state, `input-required` or `auth-required`.',
  [R.terminalStateChanged]: 'Start a new task (same `contextId`) for more work; never change the state of a finished task.',
  [R.artifactAppendUnknown]: 'Send the first chunk of an artifact with `append: false` (or without `append`), then append to its `artifactId`.',
  [R.artifactAfterLastChunk]: 'Mark only the artifact\'s last chunk `lastChunk: true`, or start a new artifact id.',
  [R.streamNotFinal]: 'End every stream with a status update in a terminal or interrupted state (`final: true` in v0.3), or with a Message.',
  [R.taskFailed]: 'Look at the status message of the failed task: the agent reports its own failure; fix the request or the agent.',
  [R.unknownMethod]: 'Nothing to fix if it is an extension; check the method name against the version the agent card declares otherwise.',
  [R.messageToFinalTask]: 'Start a new task for a follow-up (leave `taskId` out, keep the `contextId`, name the old task in `referenceTaskIds`).',
  [R.inputNeverAnswered]: 'Answer an `input-required` task with a message carrying its `taskId` (and `contextId`), or cancel it.',
});
