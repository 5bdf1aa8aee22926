// The OpenAI Chat Completions streaming rule catalogue (other-protocols.md §3.4 and §7).
// Graded by docs/severity-policy.md: error = clients fail or show something wrong, warning = wrong per the
// API docs but tolerated (or the stream reports its own failure), info = a provider quirk clients tolerate.
import type { RuleMeta } from '../../model/finding';

export const CHAT_RULES = {
  invalidJson: 'openai-chat/invalid-json',
  invalidChunk: 'openai-chat/invalid-chunk',
  errorPayload: 'openai-chat/error-payload',
  dataAfterDone: 'openai-chat/data-after-done',
  missingDone: 'openai-chat/missing-done',
  identityChanged: 'openai-chat/identity-changed',
  missingRole: 'openai-chat/missing-role',
  invalidChoiceIndex: 'openai-chat/invalid-choice-index',
  missingFinishReason: 'openai-chat/missing-finish-reason',
  deltaAfterFinish: 'openai-chat/delta-after-finish',
  invalidToolCallIndex: 'openai-chat/invalid-tool-call-index',
  toolCallIndexMissing: 'openai-chat/tool-call-index-missing',
  toolCallIncomplete: 'openai-chat/tool-call-incomplete',
  toolCallTypeMissing: 'openai-chat/tool-call-type-missing',
  unknownContentPart: 'openai-chat/unknown-content-part',
  toolCallMissingId: 'openai-chat/tool-call-missing-id',
  toolCallIdentityChanged: 'openai-chat/tool-call-identity-changed',
  invalidToolArguments: 'openai-chat/invalid-tool-arguments',
  finishReasonToolCallsMismatch: 'openai-chat/finish-reason-tool-calls-mismatch',
  parseFinishReason: 'openai-chat/parse-finish-reason',
  truncatedFinishReason: 'openai-chat/truncated-finish-reason',
  usageChunkOrder: 'openai-chat/usage-chunk-order',
  refusalWithContent: 'openai-chat/refusal-with-content',
  noChunks: 'openai-chat/no-chunks',
} as const;

const R = CHAT_RULES;

export const openaiChatRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'A data payload is neither JSON nor the `[DONE]` marker (openai-node\'s JSON.parse throws).' },
  { id: R.invalidChunk, severity: 'error', description: 'A chunk lacks `choices` or has fields of the wrong type.' },
  { id: R.errorPayload, severity: 'warning', description: 'The stream reports its own failure: an `event: error` record or a payload with a top-level `error` key (openai-node raises APIError with it).' },
  { id: R.dataAfterDone, severity: 'warning', description: 'Data arrived after `data: [DONE]` on the same connection (openai-node ignores it).' },
  { id: R.missingDone, severity: 'warning', description: 'The stream ended without `data: [DONE]`.' },
  { id: R.identityChanged, severity: 'info', description: 'A chunk\'s id, created or model differs from the first chunk. Providers tick `created` and some rotate the id every chunk; clients read on (only openai-node\'s ChatCompletionStream helper starts a new completion at an id change).' },
  { id: R.missingRole, severity: 'info', description: 'A choice never received `delta.role`. OpenAI-compatible providers omit it and clients assume assistant (only openai-node\'s ChatCompletionStream helper throws "missing role for choice N").' },
  { id: R.invalidChoiceIndex, severity: 'error', description: '`choices[].index` is not an integer in 0..127.' },
  { id: R.missingFinishReason, severity: 'info', description: 'A choice ended without a finish_reason. Some providers never send one; clients keep the content (only openai-node\'s ChatCompletionStream helper throws "missing finish_reason for choice N").' },
  { id: R.deltaAfterFinish, severity: 'warning', description: 'A choice received content after its finish_reason.' },
  { id: R.invalidToolCallIndex, severity: 'error', description: 'A `tool_calls[]` entry has an index that is not an integer in 0..127.' },
  { id: R.toolCallIndexMissing, severity: 'error', description: 'A `tool_calls[]` entry has no index (Mistral). openai ≥ 7.5 throws ("invalid tool call index") and openai 6 drops the call; this view matches it by id or to the latest call.' },
  { id: R.toolCallIncomplete, severity: 'error', description: 'A tool call never received its `function.name`: no client can run or show it.' },
  { id: R.toolCallTypeMissing, severity: 'info', description: 'A tool call never received `type` (Mistral); `function` makes it a function call and clients read it so (only openai-node\'s ChatCompletionStream helper throws).' },
  { id: R.unknownContentPart, severity: 'info', description: 'A part of an array-valued `delta.content` with a type this version does not know; shown raw, the rest of the content goes on.' },
  { id: R.toolCallMissingId, severity: 'warning', description: 'A tool call never received an id (openai-node ≥ 6.46 invents one; ≤ 6.45 and Vercel reject it).' },
  { id: R.toolCallIdentityChanged, severity: 'error', description: 'A tool call\'s id, type or name changed after it was set.' },
  { id: R.invalidToolArguments, severity: 'warning', description: 'A tool call\'s concatenated arguments are not valid JSON at the end.' },
  { id: R.finishReasonToolCallsMismatch, severity: 'warning', description: 'finish_reason "tool_calls" without tool calls, or tool calls with another finish_reason.' },
  { id: R.parseFinishReason, severity: 'error', description: 'finish_reason length/content_filter on a request using structured outputs or strict tools (the parse helpers throw).' },
  { id: R.truncatedFinishReason, severity: 'info', description: 'finish_reason length or content_filter: the answer was cut off or filtered.' },
  { id: R.usageChunkOrder, severity: 'info', description: 'Choice chunks arrived after the usage chunk, which should come last.' },
  { id: R.refusalWithContent, severity: 'warning', description: 'A choice carries both refusal text and content.' },
  { id: R.noChunks, severity: 'error', description: 'A completion stream carried no chunks ("request ended without sending any chunks").' },
];
