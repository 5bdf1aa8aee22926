// Rules of the legacy AI SDK v4 data stream (spec: other-protocols.md §5.2 and §7). Errors are what the
// v4 client throws on; warnings are order and completeness problems it tolerates.
import type { RuleMeta } from '../../model/finding';
import { addFixes } from '../shared/rule-fixes';

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

addFixes(aisdkDataRules, {
  [R.noSeparator]: 'Write each line as `<code>:<json>` (e.g. `0:"Hello"`), one part per line.',
  [R.unknownCode]: 'Use a v4 data stream code (`0`, `2`, `3`, `8`, `9`, `a`–`k`), or move to the UI message stream.',
  [R.invalidJson]: 'Write valid JSON after the code (a text part is a JSON string: `0:"Hi"`).',
  [R.invalidValue]: 'Give the value the shape its code takes (the message says which).',
  [R.toolResultWithoutCall]: 'Send the `9:` tool call before its `a:` result, with the same toolCallId.',
  [R.toolDeltaWithoutStart]: 'Send `b:` (tool call streaming start) before the `c:` deltas of that toolCallId.',
  [R.errorPart]: 'Look at the `3:` error text: the server reports its own failure, and the client stops there.',
  [R.afterError]: 'Send nothing after a `3:` error part; end the response.',
  [R.missingFinish]: 'End the stream with a `d:` finish_message part.',
  [R.afterFinish]: 'Send nothing after the `d:` finish_message part.',
  [R.stepMismatch]: 'Pair each `f:` step start with one `e:` finish_step, and send `d:` after the last step.',
  [R.toolCallIncomplete]: 'Complete every `b:` streaming start with a `9:` tool call before its step ends.',
  [R.toolArgsInvalidJson]: 'Stream `c:` argsTextDelta pieces that join to one valid JSON object.',
  [R.toolArgsMismatch]: 'Send in the `9:` tool call the same args the `c:` deltas joined to.',
});
