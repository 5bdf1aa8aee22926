// Zod schemas for Gemini `streamGenerateContent` payloads (`alt=sse` data records, or the elements of
// the `alt=json` array). `@google/genai` ships TypeScript types only (GenerateContentResponse,
// Candidate, Content, Part, FunctionCall, PartialArg, GroundingMetadata, CitationMetadata,
// UsageMetadata), so these follow those types. Loose objects: the API adds fields (`createTime`,
// `trafficType`, `avgLogprobs`, …) and clients read on.
import { z } from 'zod';

const str = z.string().nullish();

/** One streamed piece of a function call's arguments (Vertex `streamFunctionCallArguments`). */
export const PartialArgSchema = z.looseObject({
  jsonPath: z.string(),
  stringValue: z.string().nullish(),
  numberValue: z.number().nullish(),
  boolValue: z.boolean().nullish(),
  nullValue: z.unknown().optional(),
  willContinue: z.boolean().nullish(),
});

export const FunctionCallSchema = z.looseObject({
  id: str,
  name: str,
  args: z.record(z.string(), z.unknown()).nullish(),
  partialArgs: z.array(PartialArgSchema).nullish(),
  willContinue: z.boolean().nullish(),
});

export const PartSchema = z.looseObject({
  text: str,
  thought: z.boolean().nullish(),
  thoughtSignature: str,
  inlineData: z.looseObject({ mimeType: str, data: str, displayName: str }).nullish(),
  fileData: z.looseObject({ mimeType: str, fileUri: str, displayName: str }).nullish(),
  functionCall: FunctionCallSchema.nullish(),
  functionResponse: z.looseObject({ id: str, name: str, response: z.unknown().optional() }).nullish(),
  executableCode: z.looseObject({ code: str, language: str }).nullish(),
  codeExecutionResult: z.looseObject({ outcome: str, output: str }).nullish(),
});

const WebSourceSchema = z.looseObject({ uri: str, title: str });

export const GroundingMetadataSchema = z.looseObject({
  webSearchQueries: z.array(z.string()).nullish(),
  groundingChunks: z.array(z.looseObject({ web: WebSourceSchema.nullish(), retrievedContext: WebSourceSchema.nullish(), maps: WebSourceSchema.nullish() })).nullish(),
});

export const CitationMetadataSchema = z.looseObject({
  citations: z.array(z.looseObject({ uri: str, title: str, startIndex: z.number().nullish(), endIndex: z.number().nullish() })).nullish(),
});

export const CandidateSchema = z.looseObject({
  content: z.looseObject({ role: str, parts: z.array(PartSchema).nullish() }).nullish(),
  finishReason: str,
  finishMessage: str,
  index: z.number().nullish(),
  groundingMetadata: GroundingMetadataSchema.nullish(),
  citationMetadata: CitationMetadataSchema.nullish(),
});

export const ResponseSchema = z.looseObject({
  candidates: z.array(CandidateSchema).nullish(),
  promptFeedback: z.looseObject({ blockReason: str, blockReasonMessage: str }).nullish(),
  usageMetadata: z.looseObject({}).nullish(),
  modelVersion: str,
  responseId: str,
});

/** An error the API writes into the stream (the `google.rpc.Status` JSON: code, message, status). */
export const ErrorPayloadSchema = z.looseObject({ error: z.looseObject({ code: z.number().optional(), message: z.string().optional(), status: z.string().optional() }) });

export type GeminiResponse = z.infer<typeof ResponseSchema>;
export type GeminiCandidate = z.infer<typeof CandidateSchema>;
export type GeminiPart = z.infer<typeof PartSchema>;
export type GeminiFunctionCall = z.infer<typeof FunctionCallSchema>;
export type PartialArg = z.infer<typeof PartialArgSchema>;

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const nullishString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/**
 * A response in its plain shape (text parts, a usage object, string identity fields), checked by hand
 * so the hot text path skips zod; it accepts only what ResponseSchema accepts (fast-path.test.ts), and
 * every other response still goes through the schema.
 */
export function isPlainResponse(json: unknown): json is GeminiResponse {
  if (!isObject(json)) return false;
  if (!nullishString(json.modelVersion) || !nullishString(json.responseId)) return false;
  if (json.promptFeedback !== undefined || json.error !== undefined) return false;
  if (json.usageMetadata !== undefined && json.usageMetadata !== null && !isObject(json.usageMetadata)) return false;
  const candidates = json.candidates;
  if (candidates === undefined || candidates === null) return true;
  if (!Array.isArray(candidates)) return false;
  for (const c of candidates as unknown[]) {
    if (!isObject(c) || !nullishString(c.finishReason) || !nullishString(c.finishMessage)) return false;
    if (c.index !== undefined && c.index !== null && typeof c.index !== 'number') return false;
    if (c.groundingMetadata !== undefined || c.citationMetadata !== undefined) return false;
    const content = c.content;
    if (content === undefined || content === null) continue;
    if (!isObject(content) || !nullishString(content.role)) return false;
    const parts = content.parts;
    if (parts === undefined || parts === null) continue;
    if (!Array.isArray(parts)) return false;
    for (const p of parts as unknown[]) {
      if (!isObject(p) || typeof p.text !== 'string' || !nullishString(p.thoughtSignature)) return false;
      if (p.thought !== undefined && p.thought !== null && typeof p.thought !== 'boolean') return false;
      for (const key of ['inlineData', 'fileData', 'functionCall', 'functionResponse', 'executableCode', 'codeExecutionResult']) if (p[key] !== undefined) return false;
    }
  }
  return true;
}
