// Rules of the AI SDK UI message stream (spec: other-protocols.md §5.1 invariants V1–V9, V11 and §7).
// Errors are what the ai client rejects (it throws and the chat stops); warnings are what the docs
// call wrong but the client tolerates; info marks a stream that ended on purpose early.
import type { RuleMeta } from '../../model/finding';

export const UI_RULE = {
  invalidJson: 'aisdk/invalid-json',
  unknownChunkType: 'aisdk/unknown-chunk-type',
  invalidChunk: 'aisdk/invalid-chunk',
  textNotStarted: 'aisdk/text-not-started',
  reasoningNotStarted: 'aisdk/reasoning-not-started',
  toolInputDeltaNotStarted: 'aisdk/tool-input-delta-not-started',
  toolCallNotFound: 'aisdk/tool-call-not-found',
  toolCallNotInCapture: 'aisdk/tool-call-not-in-capture',
  approvalNotFound: 'aisdk/approval-not-found',
  unknownKey: 'aisdk/unknown-key',
  versionSpecificChunk: 'aisdk/version-specific-chunk',
  missingStart: 'aisdk/missing-start',
  chunkAfterFinish: 'aisdk/chunk-after-finish',
  afterDone: 'aisdk/after-done',
  missingFinish: 'aisdk/missing-finish',
  stepMismatch: 'aisdk/step-mismatch',
  partNotEnded: 'aisdk/part-not-ended',
  duplicatePartId: 'aisdk/duplicate-part-id',
  toolInputIncomplete: 'aisdk/tool-input-incomplete',
  toolOutOfOrder: 'aisdk/tool-out-of-order',
  toolInputInvalidJson: 'aisdk/tool-input-invalid-json',
  toolInputMismatch: 'aisdk/tool-input-mismatch',
  toolNameChanged: 'aisdk/tool-name-changed',
  errorChunk: 'aisdk/error-chunk',
  aborted: 'aisdk/aborted',
  missingDone: 'aisdk/missing-done',
} as const;

const R = UI_RULE;

export const aisdkUiRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'A data record is not JSON (the client fails the whole stream).' },
  { id: R.unknownChunkType, severity: 'error', description: 'A chunk `type` no client version knows (schema check fails).' },
  { id: R.invalidChunk, severity: 'error', description: 'A chunk misses a required field or has a wrong field type (schema check fails).' },
  { id: R.textNotStarted, severity: 'error', description: 'text-delta or text-end for an id with no open text-start (V1, also after finish-step closed it).' },
  { id: R.reasoningNotStarted, severity: 'error', description: 'reasoning-delta or reasoning-end for an id with no open reasoning-start (V2).' },
  { id: R.toolInputDeltaNotStarted, severity: 'error', description: 'tool-input-delta for a toolCallId with no tool-input-start (V3).' },
  { id: R.toolCallNotFound, severity: 'error', description: 'tool-output-*, tool-approval-request or tool-output-denied for a toolCallId with no tool part (V4).' },
  { id: R.toolCallNotInCapture, severity: 'info', description: 'A tool output for a call this capture never showed, at the start of a message whose request was not captured: a message continued after a tool approval carries the call from the previous response.' },
  { id: R.approvalNotFound, severity: 'error', description: 'tool-approval-response for an unknown approvalId (V5).' },
  { id: R.unknownKey, severity: 'warning', description: 'A chunk carries keys its schema does not declare (ai 5.0–7.0.0 clients reject them).' },
  { id: R.versionSpecificChunk, severity: 'warning', description: 'A chunk type only some ai versions accept (7.x additions or 5.0-only types).' },
  { id: R.missingStart, severity: 'warning', description: 'The stream does not begin with a `start` chunk (V7).' },
  { id: R.chunkAfterFinish, severity: 'warning', description: 'A chunk after `finish` (V7).' },
  { id: R.afterDone, severity: 'warning', description: 'Data after the `[DONE]` terminator.' },
  { id: R.missingFinish, severity: 'warning', description: 'The stream ended without a `finish` chunk: the message is incomplete (V8).' },
  { id: R.stepMismatch, severity: 'warning', description: 'finish-step with no open start-step, or start-step while a step is open (V7).' },
  { id: R.partNotEnded, severity: 'warning', description: 'A text or reasoning part still open at finish-step or finish (no text-end / reasoning-end).' },
  { id: R.duplicatePartId, severity: 'warning', description: 'text-start or reasoning-start for an id that is already open (the earlier part stops growing).' },
  { id: R.toolInputIncomplete, severity: 'warning', description: 'tool-input-start never followed by tool-input-available or tool-input-error (V7).' },
  { id: R.toolOutOfOrder, severity: 'warning', description: 'Tool chunks out of the order start → delta* → input-available → output (V7).' },
  { id: R.toolInputInvalidJson, severity: 'warning', description: 'The concatenated inputTextDelta of a tool call does not parse as JSON (V9).' },
  { id: R.toolInputMismatch, severity: 'warning', description: 'The parsed inputTextDelta differs from tool-input-available.input (V9).' },
  { id: R.toolNameChanged, severity: 'warning', description: 'A tool call changes its toolName after tool-input-start.' },
  { id: R.errorChunk, severity: 'warning', description: 'The server sent an `error` chunk (the client calls onError; the stream goes on) (V8).' },
  { id: R.aborted, severity: 'info', description: 'The stream was aborted (`abort` chunk): the message is incomplete (V8).' },
  { id: R.missingDone, severity: 'info', description: 'The stream finished without the `[DONE]` terminator the AI SDK server writes.' },
];
