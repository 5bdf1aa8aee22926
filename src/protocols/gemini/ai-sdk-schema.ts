// What the AI SDK's Google provider (`@ai-sdk/google` 4, its `chunkSchema`) accepts of a streamed
// GenerateContentResponse. @google/genai checks nothing at run time, so this is the stricter of the two
// reference clients: a chunk it rejects ends its stream with an error ("Type validation failed"), and a
// part whose call or media does not match falls through its union of part shapes to the text one, so the
// call or the media is silently dropped. Both are errors by the severity policy; a field only our API
// types describe (`content.role`, `modelVersion`, a candidate's `index`, citations) is not checked here.
// Mirrored by hand (the provider does not export it); test/unit/gemini-aisdk-agreement.test.ts runs the
// provider itself over variants that each break one field.
import { z } from 'zod';
import { describeIssues, isRecord } from '../shared/view-helpers';

const str = z.string().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();

const PartialArg = z.looseObject({ jsonPath: z.string(), stringValue: str, numberValue: num, boolValue: bool, nullValue: z.unknown().nullish(), willContinue: bool });

const CallPart = z.looseObject({
  functionCall: z.looseObject({ id: str, name: str, args: z.unknown().nullish(), partialArgs: z.array(PartialArg).nullish(), willContinue: bool }),
  thoughtSignature: str,
});
const InlineDataPart = z.looseObject({ inlineData: z.looseObject({ mimeType: z.string(), data: z.string() }), thought: bool, thoughtSignature: str });
const ToolCallPart = z.looseObject({ toolCall: z.looseObject({ toolType: z.string(), args: z.unknown().nullish(), id: z.string() }), thoughtSignature: str });
const ToolResponsePart = z.looseObject({ toolResponse: z.looseObject({ toolType: z.string(), response: z.unknown().nullish(), id: z.string() }), thoughtSignature: str });
/** The last of the provider's part shapes, which every other part falls through to. */
const TextPart = z.looseObject({
  executableCode: z.looseObject({ language: z.string(), code: z.string() }).nullish(),
  codeExecutionResult: z.looseObject({ outcome: z.string(), output: str }).nullish(),
  text: str,
  thought: bool,
  thoughtSignature: str,
});
const Part = z.union([CallPart, InlineDataPart, ToolCallPart, ToolResponsePart, TextPart]);

const SafetyRating = z.looseObject({ category: str, probability: str, probabilityScore: num, severity: str, severityScore: num, blocked: bool });
const TokenDetails = z.array(z.looseObject({ modality: z.string(), tokenCount: z.number() })).nullish();
const Usage = z.looseObject({
  cachedContentTokenCount: num,
  thoughtsTokenCount: num,
  promptTokenCount: num,
  candidatesTokenCount: num,
  toolUsePromptTokenCount: num,
  totalTokenCount: num,
  trafficType: str,
  serviceTier: str,
  promptTokensDetails: TokenDetails,
  cacheTokensDetails: TokenDetails,
  candidatesTokensDetails: TokenDetails,
  toolUsePromptTokensDetails: TokenDetails,
});

const Grounding = z.looseObject({
  webSearchQueries: z.array(z.string()).nullish(),
  imageSearchQueries: z.array(z.string()).nullish(),
  retrievalQueries: z.array(z.string()).nullish(),
  searchEntryPoint: z.looseObject({ renderedContent: z.string() }).nullish(),
  groundingChunks: z
    .array(
      z.looseObject({
        web: z.looseObject({ uri: z.string(), title: str }).nullish(),
        image: z.looseObject({ sourceUri: z.string(), imageUri: z.string(), title: str, domain: str }).nullish(),
        retrievedContext: z
          .looseObject({
            uri: str,
            title: str,
            text: str,
            fileSearchStore: str,
            customMetadata: z.array(z.looseObject({ key: z.string(), stringValue: str, numericValue: num, stringListValue: z.looseObject({ values: z.array(z.string()).nullish() }).nullish() })).nullish(),
          })
          .nullish(),
        maps: z.looseObject({ uri: str, title: str, text: str, placeId: str }).nullish(),
      }),
    )
    .nullish(),
  groundingSupports: z
    .array(
      z.looseObject({
        segment: z.looseObject({ startIndex: num, endIndex: num, text: str }).nullish(),
        segment_text: str,
        groundingChunkIndices: z.array(z.number()).nullish(),
        supportChunkIndices: z.array(z.number()).nullish(),
        confidenceScores: z.array(z.number()).nullish(),
        confidenceScore: z.array(z.number()).nullish(),
      }),
    )
    .nullish(),
  retrievalMetadata: z.union([z.looseObject({ webDynamicRetrievalScore: z.number() }), z.looseObject({})]).nullish(),
});

export const AI_SDK_CHUNK_SCHEMA = z.looseObject({
  error: z.looseObject({ code: z.number().nullable(), message: z.string(), status: z.string(), details: z.array(z.unknown()).nullish() }).nullish(),
  responseId: str,
  candidates: z
    .array(
      z.looseObject({
        content: z.looseObject({ parts: z.array(Part).nullish() }).nullish(),
        finishReason: str,
        finishMessage: str,
        continuationToken: str,
        safetyRatings: z.array(SafetyRating).nullish(),
        groundingMetadata: Grounding.nullish(),
        urlContextMetadata: z.looseObject({ urlMetadata: z.array(z.looseObject({ retrievedUrl: z.string(), urlRetrievalStatus: z.string() })).nullish() }).nullish(),
      }),
    )
    .nullish(),
  usageMetadata: Usage.nullish(),
  promptFeedback: z.looseObject({ blockReason: str, safetyRatings: z.array(SafetyRating).nullish() }).nullish(),
});

type Issue = { path: readonly PropertyKey[]; message: string; code?: string; errors?: readonly (readonly Issue[])[] };

/**
 * A failed union says only "Invalid input": a part that fits none of the provider's shapes is described
 * by the text shape's complaint, the one every part falls through to.
 */
function precise(issues: readonly Issue[]): readonly Issue[] {
  const first = issues[0];
  const fallThrough = first?.code === 'invalid_union' ? first.errors?.at(-1)?.[0] : undefined;
  return fallThrough ? [{ ...fallThrough, path: [...first!.path, ...fallThrough.path] }, ...issues.slice(1)] : issues;
}


/**
 * Why the AI SDK's Google provider fails on this chunk or drops what it carries, worded for a finding;
 * undefined when it reads the chunk as sent. Walks no deeper than the schema (parts of candidates).
 */
export function aiSdkObjection(json: unknown): string | undefined {
  const parsed = AI_SDK_CHUNK_SCHEMA.safeParse(json);
  if (!parsed.success) return `the AI SDK's Google provider rejects the chunk and ends with an error (${describeIssues(precise(parsed.error.issues as readonly Issue[]))})`;
  const candidates = isRecord(json) && Array.isArray(json.candidates) ? (json.candidates as unknown[]) : [];
  for (let c = 0; c < candidates.length; c++) {
    const candidate = candidates[c];
    const parts = isRecord(candidate) && isRecord(candidate.content) && Array.isArray(candidate.content.parts) ? (candidate.content.parts as unknown[]) : [];
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p];
      if (!isRecord(part)) continue;
      const where = `candidates.${c}.content.parts.${p}`;
      const dropped = droppedByAiSdk(part);
      if (dropped) return `the AI SDK's Google provider drops the ${dropped.what} at ${where} (${describeIssues(dropped.issues)})`;
      const args = isRecord(part.functionCall) ? part.functionCall.args : undefined;
      if (args !== undefined && args !== null && !isRecord(args)) {
        return `${where}.functionCall.args is ${Array.isArray(args) ? 'an array' : `a ${typeof args}`}, not an object: the AI SDK hands it to the tool as its input, which a tool's parameters (an object) reject`;
      }
    }
  }
  return undefined;
}

/** A call or media part the provider's own shape for it refuses: the part falls through to the text shape, which keeps neither. */
function droppedByAiSdk(part: Record<string, unknown>): { what: string; issues: readonly Issue[] } | undefined {
  if (part.functionCall !== undefined && part.functionCall !== null) {
    const r = CallPart.safeParse(part);
    if (!r.success) return { what: 'function call', issues: r.error.issues as readonly Issue[] };
  } else if (part.inlineData !== undefined && part.inlineData !== null) {
    const r = InlineDataPart.safeParse(part);
    if (!r.success) return { what: 'inline data', issues: r.error.issues as readonly Issue[] };
  }
  return undefined;
}
