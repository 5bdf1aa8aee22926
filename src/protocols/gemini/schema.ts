// Zod schemas for Gemini `streamGenerateContent` payloads (`alt=sse` data records, or the elements of
// the `alt=json` array). `@google/genai` ships TypeScript types only (GenerateContentResponse,
// Candidate, Content, Part, FunctionCall, PartialArg, GroundingMetadata, CitationMetadata,
// UsageMetadata), so these follow those types. Loose objects: the API adds fields (`createTime`,
// `trafficType`, `avgLogprobs`, …) and clients read on.
import { z } from 'zod';
import { nullish, nullishBoolean, nullishNumber, nullishString } from '../shared/hand-checks';
import { isRecord } from '../shared/view-helpers';

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
  /** A long decode's token to resume from: at a checkpoint, and with finishReason `CONTINUATION`. */
  continuationToken: str,
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


const OTHER_PART_FIELDS = ['inlineData', 'fileData', 'functionResponse', 'executableCode', 'codeExecutionResult'];

/** A part with text only (no call, no media), as the plain path takes it. */
function isTextPart(p: unknown): boolean {
  if (!isRecord(p) || typeof p.text !== 'string' || !nullishString(p.thoughtSignature) || !nullishBoolean(p.thought)) return false;
  if (p.functionCall !== undefined) return false;
  for (const key of OTHER_PART_FIELDS) if (p[key] !== undefined) return false;
  return true;
}

/** A part carrying a function call (whole, or streamed partial arguments) and nothing but a signature. */
function isCallPart(p: unknown): boolean {
  if (!isRecord(p) || !nullishString(p.text) || !nullishString(p.thoughtSignature) || !nullishBoolean(p.thought)) return false;
  for (const key of OTHER_PART_FIELDS) if (p[key] !== undefined) return false;
  const call = p.functionCall;
  if (!isRecord(call) || !nullishString(call.id) || !nullishString(call.name) || !nullishBoolean(call.willContinue)) return false;
  if (!nullish(call.args) && !isRecord(call.args)) return false;
  const partial = call.partialArgs;
  if (nullish(partial)) return true;
  if (!Array.isArray(partial)) return false;
  for (const a of partial as unknown[]) {
    if (!isRecord(a) || typeof a.jsonPath !== 'string' || !nullishString(a.stringValue) || !nullishNumber(a.numberValue)) return false;
    if (!nullishBoolean(a.boolValue) || !nullishBoolean(a.willContinue)) return false;
  }
  return true;
}

const isSource = (v: unknown, uriRequired: boolean): boolean => {
  if (nullish(v)) return true;
  if (!isRecord(v) || !(uriRequired ? typeof v.uri === 'string' : nullishString(v.uri)) || !nullishString(v.title)) return false;
  for (const key in v) if (key !== 'uri' && key !== 'title') return false;
  return true;
};
const GROUNDING_KEYS = new Set(['webSearchQueries', 'groundingChunks']);
const SOURCE_KEYS = new Set(['web', 'retrievedContext', 'maps']);

/**
 * Web search grounding (queries and web, retrieved-context or maps sources with a uri and title), as
 * GroundingMetadataSchema and the AI SDK's schema both take it (a web source's uri is required there);
 * anything else grounding can hold goes to the schemas.
 */
function isPlainGrounding(g: unknown): boolean {
  if (!isRecord(g)) return false;
  for (const key in g) if (!GROUNDING_KEYS.has(key)) return false;
  const queries = g.webSearchQueries;
  if (!nullish(queries) && !(Array.isArray(queries) && (queries as unknown[]).every((q) => typeof q === 'string'))) return false;
  const chunks = g.groundingChunks;
  if (nullish(chunks)) return true;
  if (!Array.isArray(chunks)) return false;
  for (const c of chunks as unknown[]) {
    if (!isRecord(c) || !isSource(c.web, true) || !isSource(c.retrievedContext, false) || !isSource(c.maps, false)) return false;
    for (const key in c) if (!SOURCE_KEYS.has(key)) return false;
  }
  return true;
}

const USAGE_COUNTS = new Set(['promptTokenCount', 'candidatesTokenCount', 'totalTokenCount', 'thoughtsTokenCount', 'cachedContentTokenCount', 'toolUsePromptTokenCount']);
const USAGE_DETAILS = new Set(['promptTokensDetails', 'cacheTokensDetails', 'candidatesTokensDetails', 'toolUsePromptTokensDetails']);

/** Token counts, the traffic and service tier and per-modality details, each of the type the AI SDK's schema wants; other keys are free. */
function isPlainUsage(u: unknown): boolean {
  if (nullish(u)) return true;
  if (!isRecord(u) || !nullishString(u.trafficType) || !nullishString(u.serviceTier)) return false;
  for (const key in u) {
    const v = u[key];
    if (USAGE_COUNTS.has(key) && !nullishNumber(v)) return false;
    if (!USAGE_DETAILS.has(key) || nullish(v)) continue;
    if (!Array.isArray(v)) return false;
    for (const d of v as unknown[]) if (!isRecord(d) || typeof d.modality !== 'string' || !(typeof d.tokenCount === 'number' && Number.isFinite(d.tokenCount))) return false;
  }
  return true;
}

/**
 * The response envelope checked by hand, each part by `partOk`; no citations or feedback, and grounding
 * only when `grounding` says so.
 */
function isHandChecked(json: unknown, partOk: (p: unknown) => boolean, grounding = false): json is GeminiResponse {
  if (!isRecord(json)) return false;
  if (!nullishString(json.modelVersion) || !nullishString(json.responseId)) return false;
  if (json.promptFeedback !== undefined || json.error !== undefined) return false;
  if (!isPlainUsage(json.usageMetadata)) return false;
  const candidates = json.candidates;
  if (candidates === undefined || candidates === null) return true;
  if (!Array.isArray(candidates)) return false;
  for (const c of candidates as unknown[]) {
    if (!isRecord(c) || !nullishString(c.finishReason) || !nullishString(c.finishMessage)) return false;
    if (!nullishNumber(c.index)) return false;
    if (c.citationMetadata !== undefined || c.safetyRatings !== undefined || c.urlContextMetadata !== undefined || !nullishString(c.continuationToken)) return false;
    if (c.groundingMetadata !== undefined && !(grounding && (c.groundingMetadata === null || isPlainGrounding(c.groundingMetadata)))) return false;
    const content = c.content;
    if (content === undefined || content === null) continue;
    if (!isRecord(content) || !nullishString(content.role)) return false;
    const parts = content.parts;
    if (parts === undefined || parts === null) continue;
    if (!Array.isArray(parts)) return false;
    for (const p of parts as unknown[]) if (!partOk(p)) return false;
  }
  return true;
}

/**
 * A response in its plain shape (text parts, a usage object, string identity fields), checked by hand
 * so the hot text path skips zod; it accepts only what ResponseSchema and the AI SDK's schema
 * (ai-sdk-schema.ts) both accept (fast-path.test.ts), and every other response still goes through them.
 */
export function isPlainResponse(json: unknown): json is GeminiResponse {
  return isHandChecked(json, isTextPart);
}

/**
 * A response whose parts are text or function calls (whole or streamed as partial arguments), with web
 * search grounding or without, the other hot shape of a tool-using stream; the same rule: only what both schemas accept (fast-path.test.ts).
 */
export function isPlainOrCallResponse(json: unknown): json is GeminiResponse {
  return isHandChecked(json, isTextOrCallPart, true);
}

/** A module function, not a closure made at every response. */
function isTextOrCallPart(p: unknown): boolean {
  return isTextPart(p) || isCallPart(p);
}

/** The request body field a long decode's next request sends its token back in (the fold and the conversation reader read it). */
export const REQUEST_TOKEN_FIELD = 'continuationToken';
