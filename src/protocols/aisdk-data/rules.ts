// Rules of the legacy AI SDK v4 data stream (spec: other-protocols.md §5.2 and §7). Errors are what the
// v4 client throws on; warnings are order and completeness problems it tolerates.
import type { RuleMeta } from '../../model/finding';

export const DATA_RULE = {
  noSeparator: 'aisdk/v4-no-separator',
  unknownCode: 'aisdk/v4-unknown-code',
  invalidJson: 'aisdk/v4-invalid-json',
  invalidValue: 'aisdk/v4-invalid-value',
  toolResultWithoutCall: 'aisdk/v4-tool-result-without-call',
  toolDeltaWithoutStart: 'aisdk/v4-tool-delta-without-start',
  errorPart: 'aisdk/v4-error-part',
  afterError: 'aisdk/v4-after-error',
  missingFinish: 'aisdk/v4-missing-finish',
  afterFinish: 'aisdk/v4-after-finish',
  stepMismatch: 'aisdk/v4-step-mismatch',
  toolCallIncomplete: 'aisdk/v4-tool-call-incomplete',
  toolArgsInvalidJson: 'aisdk/v4-tool-args-invalid-json',
  toolArgsMismatch: 'aisdk/v4-tool-args-mismatch',
} as const;

const R = DATA_RULE;

export const aisdkDataRules: readonly RuleMeta[] = [
  { id: R.noSeparator, severity: 'error', description: 'A line without ":" (the client throws "No separator found").' },
  { id: R.unknownCode, severity: 'error', description: 'A line whose code is not a data stream code (the client throws "Invalid code").' },
  { id: R.invalidJson, severity: 'error', description: 'The value after the code is not JSON (the client throws).' },
  { id: R.invalidValue, severity: 'error', description: 'The value has the wrong shape for its code (the client throws, e.g. \'"text" parts expect a string value.\').' },
  { id: R.toolResultWithoutCall, severity: 'error', description: '`a:` tool result with no tool call, or none with its toolCallId (the client throws).' },
  { id: R.toolDeltaWithoutStart, severity: 'error', description: '`c:` tool call delta before `b:` for its toolCallId (the client crashes).' },
  { id: R.errorPart, severity: 'warning', description: '`3:` error part: the client throws its text and stops reading the stream.' },
  { id: R.afterError, severity: 'warning', description: 'Lines after a `3:` error part, which the client never reads.' },
  { id: R.missingFinish, severity: 'warning', description: 'The stream ended without a `d:` finish_message part: the message is incomplete.' },
  { id: R.afterFinish, severity: 'warning', description: 'Lines after the `d:` finish_message part.' },
  { id: R.stepMismatch, severity: 'warning', description: '`f:` while a step is open, `e:` with no open step, or `d:` inside a step.' },
  { id: R.toolCallIncomplete, severity: 'warning', description: '`b:` tool call streaming start never completed by a `9:` tool call before its step or message ended.' },
  { id: R.toolArgsInvalidJson, severity: 'warning', description: 'The concatenated `c:` argsTextDelta of a tool call does not parse as JSON.' },
  { id: R.toolArgsMismatch, severity: 'warning', description: 'The parsed `c:` argsTextDelta differs from the `9:` tool call args.' },
];
