// The Gemini `streamGenerateContent` rule catalogue. Graded by docs/severity-policy.md: error = the
// reference client (`@google/genai`, the AI SDK's Google provider) fails or shows something wrong,
// warning = a deviation clients survive (or the stream reports its own failure), info = well-formed
// but worth showing.
import type { RuleMeta } from '../../model/finding';
import { addFixes } from '../shared/rule-fixes';

export const GEMINI_RULES = {
  invalidJson: 'gemini/invalid-json',
  invalidChunk: 'gemini/invalid-chunk',
  invalidField: 'gemini/invalid-field',
  errorPayload: 'gemini/error-payload',
  missingFinishReason: 'gemini/missing-finish-reason',
  streamCut: 'gemini/stream-cut',
  dataAfterFinish: 'gemini/data-after-finish',
  functionCallUnfinished: 'gemini/function-call-unfinished',
  partialArgsWithoutCall: 'gemini/partial-args-without-call',
  partialArgsIndexGap: 'gemini/partial-args-index-gap',
  functionCallMissingName: 'gemini/function-call-missing-name',
  malformedFunctionCall: 'gemini/malformed-function-call',
  truncatedFinishReason: 'gemini/truncated-finish-reason',
  continuationWithoutToken: 'gemini/continuation-without-token',
  promptBlocked: 'gemini/prompt-blocked',
  contentAfterPromptBlocked: 'gemini/content-after-prompt-blocked',
  extraCandidates: 'gemini/extra-candidates',
  unknownPart: 'gemini/unknown-part',
} as const;

const R = GEMINI_RULES;

export const geminiRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'A data record is not JSON: the client\'s parser throws and the stream fails there.' },
  { id: R.invalidChunk, severity: 'error', description: 'A payload the AI SDK\'s Google provider rejects (`candidates`, `content.parts`, a part\'s `text`, a `usageMetadata` token count, grounding or safety ratings of the wrong type: its stream ends with an error) or whose function call or inline data it drops (the part matches none of its shapes), or a call whose `args` is not an object, or a `partialArgs` piece whose path runs through a string, number or boolean (the provider throws placing it). The chunk is still shown as @google/genai reads it.' },
  { id: R.invalidField, severity: 'warning', description: 'A field neither reference client checks has a value of the wrong type for the API (`content.role`, `modelVersion`, a candidate\'s `index`, citations, `fileData`, `promptFeedback.blockReasonMessage`): @google/genai and the AI SDK read on, and the chunk is shown without it.' },
  { id: R.errorPayload, severity: 'warning', description: 'The stream reports its own failure: a payload with a top-level `error` (code, message, status); `@google/genai` throws it as an ApiError.' },
  { id: R.missingFinishReason, severity: 'warning', description: 'The response stream ended without any candidate `finishReason`, and the capture holds no close of the connection: it was cut short, or the recording stops before its stream did (the AI SDK reports finish reason "other").' },
  { id: R.streamCut, severity: 'error', description: 'The connection closed or failed before any candidate `finishReason`: the answer was cut off. @google/genai 3.3 throws "terminated" on a failed connection, and on a closed one ends quietly with the cut answer as if finished.' },
  { id: R.dataAfterFinish, severity: 'warning', description: 'A candidate received content after its `finishReason` on the same connection.' },
  { id: R.functionCallUnfinished, severity: 'error', description: 'A streamed function call (`name` with `willContinue: true`) never got its final chunk (an empty `functionCall`, or `partialArgs` without `willContinue`): the AI SDK drops it and never runs the tool.' },
  { id: R.partialArgsWithoutCall, severity: 'error', description: '`functionCall.partialArgs` arrived with no streamed function call open: there is no call to add them to and the arguments are lost.' },
  { id: R.partialArgsIndexGap, severity: 'error', description: 'A `partialArgs` piece addresses an array element past the array\'s end (`$.tags[1]` before any `$.tags[0]`): the AI SDK\'s Google provider skips the piece, so the tool runs without its value. The view shows the arguments as the provider builds them.' },
  { id: R.functionCallMissingName, severity: 'error', description: 'A `functionCall` with complete `args` has no `name`: no client can run or show it.' },
  { id: R.malformedFunctionCall, severity: 'warning', description: 'finishReason `MALFORMED_FUNCTION_CALL` or `UNEXPECTED_TOOL_CALL`: the model\'s function call failed and the turn has no usable answer.' },
  { id: R.truncatedFinishReason, severity: 'info', description: 'finishReason `MAX_TOKENS`, `SAFETY`, `RECITATION`, `BLOCKLIST`, `PROHIBITED_CONTENT`, `SPII` or another reason other than `STOP` and `CONTINUATION`: the answer was cut off or filtered.' },
  { id: R.continuationWithoutToken, severity: 'warning', description: 'finishReason `CONTINUATION` (a long decode reached the per-request output cap) without a `continuationToken` in its chunk: the AI SDK\'s Google provider cannot send the next request and ends the answer there, as cut at its length; @google/genai continues only from an earlier checkpoint\'s token. With its token, `CONTINUATION` is no finding: both clients continue with a new request.' },
  { id: R.promptBlocked, severity: 'info', description: '`promptFeedback.blockReason` (other than `BLOCK_REASON_UNSPECIFIED`, which neither client takes as a block): the prompt was blocked and no candidate answers it.' },
  { id: R.contentAfterPromptBlocked, severity: 'error', description: 'A candidate has content in the chunk whose `promptFeedback.blockReason` blocked the prompt, or after it: the AI SDK\'s Google provider drops every candidate from that chunk on (finish reason content-filter), while @google/genai shows them. The view shows them as @google/genai does.' },
  { id: R.extraCandidates, severity: 'info', description: 'A chunk carries candidates past the first, or its only candidate has an `index` other than 0 (candidateCount > 1): the AI SDK and @google/genai read `candidates[0]` whatever its index, and so does the view.' },
  { id: R.unknownPart, severity: 'info', description: 'A part with none of the fields this version knows (text, inlineData, fileData, functionCall, functionResponse, executableCode, codeExecutionResult); shown raw.' },
];

addFixes(geminiRules, {
  [R.invalidJson]: 'Send each GenerateContentResponse as one JSON object per `data:` record (`alt=sse`).',
  [R.invalidChunk]: 'Give the response the fields and types of a GenerateContentResponse (`candidates[].content.parts[]`, `usageMetadata`); the message names the field.',
  [R.invalidField]: 'Send the field with the type a GenerateContentResponse gives it, or leave it out; the message names the field.',
  [R.errorPayload]: 'Look at the error\'s code, status and message: the server reports its own failure (e.g. `RESOURCE_EXHAUSTED`: retry later).',
  [R.missingFinishReason]: 'Send a final chunk whose candidate has a `finishReason` before closing the stream.',
  [R.streamCut]: 'Send the last chunk with a candidate `finishReason` before closing the stream; on a server failure, send an error payload.',
  [R.dataAfterFinish]: 'Send nothing for a candidate after the chunk that carries its `finishReason`; start a new request for a new turn.',
  [R.functionCallUnfinished]: 'Close every streamed function call with its final chunk (an empty `functionCall`, or `partialArgs` without `willContinue`) before the finish reason.',
  [R.partialArgsWithoutCall]: 'Open the function call with `name` and `willContinue: true` before sending its `partialArgs`.',
  [R.partialArgsIndexGap]: 'Stream an array\'s elements in order, from index 0, each before the next; send an empty array as one value-less piece (`$.tags[]`).',
  [R.functionCallMissingName]: 'Give every `functionCall` the `name` of a declared function.',
  [R.malformedFunctionCall]: 'Check the function declarations and tool config the request sent (names, parameter schemas, `allowedFunctionNames`); retry the turn.',
  [R.continuationWithoutToken]: 'Send the `continuationToken` with the chunk whose finishReason is `CONTINUATION`; where generation cannot resume, finish with `MAX_TOKENS` or `STOP`.',
  [R.truncatedFinishReason]: 'For `MAX_TOKENS`, raise `maxOutputTokens`; for a filter reason, check `safetyRatings` and the prompt or `safetySettings`.',
  [R.promptBlocked]: 'Check `promptFeedback.blockReason` and `safetyRatings`: rephrase the prompt or adjust `safetySettings`.',
  [R.contentAfterPromptBlocked]: 'Send no candidate content with or after a `promptFeedback.blockReason`; where the prompt is not blocked, send no block reason (or `BLOCK_REASON_UNSPECIFIED`).',
  [R.extraCandidates]: 'Nothing to fix if the page shows them; else leave `candidateCount` at 1 (clients mix the candidates\' chunks into one answer).',
  [R.unknownPart]: 'Nothing to fix if it is a newer API part; clients should show or skip parts they do not know.',
});
