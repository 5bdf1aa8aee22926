// The hand-written check that lets plain text chunks skip the zod schemas must never accept what either
// rejects (ours, the API's types; the AI SDK's Google provider's, ai-sdk-schema.ts): random near-valid
// responses through all three.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiSdkObjection } from './ai-sdk-schema';
import { isPlainOrCallResponse, isPlainResponse, ResponseSchema } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const text = fc.oneof(fc.string(), fc.constant(null), odd);
const part = fc.oneof(fc.record({ text, thought: fc.oneof(fc.boolean(), odd), thoughtSignature: text, functionCall: odd }, { requiredKeys: [] }), odd);
const content = fc.oneof(fc.record({ role: text, parts: fc.oneof(fc.array(part, { maxLength: 2 }), odd) }, { requiredKeys: [] }), odd);
const candidate = fc.oneof(fc.record({ content, finishReason: text, finishMessage: text, index: fc.oneof(fc.integer(), fc.double(), odd), continuationToken: text, safetyRatings: odd }, { requiredKeys: [] }), odd);
const details = fc.oneof(fc.array(fc.oneof(fc.record({ modality: text, tokenCount: fc.oneof(fc.integer(), fc.constant(Infinity), odd) }, { requiredKeys: [] }), odd), { maxLength: 2 }), odd);
const usage = fc.oneof(
  fc.record({ promptTokenCount: fc.oneof(fc.integer(), fc.constant(Infinity), odd), totalTokenCount: fc.oneof(fc.integer(), odd), trafficType: text, serviceTier: text, promptTokensDetails: details, other: odd }, { requiredKeys: [] }),
  fc.object({ maxDepth: 1 }),
  odd,
);
const response = fc.oneof(
  fc.record({ candidates: fc.oneof(fc.array(candidate, { maxLength: 2 }), odd), usageMetadata: usage, modelVersion: text, responseId: text }, { requiredKeys: [] }),
  odd,
);

describe('fast path for plain Gemini responses', () => {
  it('accepts only responses the schema accepts', () => {
    fc.assert(
      fc.property(response, (r) => {
        if (!isPlainResponse(r)) return;
        expect(ResponseSchema.safeParse(r).success).toBe(true);
        expect(aiSdkObjection(r)).toBeUndefined();
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the text chunks of a real stream, not function calls', () => {
    const textChunk = { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }], usageMetadata: { totalTokenCount: 3 }, modelVersion: 'm', responseId: 'r' };
    expect(isPlainResponse(textChunk)).toBe(true);
    expect(isPlainResponse({ candidates: [{ content: { parts: [{ functionCall: { name: 'f' } }] } }] })).toBe(false);
    // JSON reads 1e999 as Infinity, which the schema's number refuses.
    const infinite = JSON.parse('{"candidates":[{"index":1e999}]}') as unknown;
    expect(ResponseSchema.safeParse(infinite).success).toBe(false);
    expect(isPlainResponse(infinite)).toBe(false);
    expect(isPlainOrCallResponse(infinite)).toBe(false);
  });
});

const num = fc.oneof(fc.integer(), fc.double(), odd);
const bool = fc.oneof(fc.boolean(), odd);
const partialArg = fc.oneof(fc.record({ jsonPath: text, stringValue: text, numberValue: num, boolValue: bool, nullValue: odd, willContinue: bool }, { requiredKeys: [] }), odd);
const functionCall = fc.oneof(
  fc.record({ id: text, name: text, args: fc.oneof(fc.object({ maxDepth: 1 }), odd), partialArgs: fc.oneof(fc.array(partialArg, { maxLength: 2 }), odd), willContinue: bool }, { requiredKeys: [] }),
  odd,
);
const anyPart = fc.oneof(part, fc.record({ text, thought: bool, thoughtSignature: text, functionCall, inlineData: odd }, { requiredKeys: [] }));
const callContent = fc.oneof(fc.record({ role: text, parts: fc.oneof(fc.array(anyPart, { maxLength: 2 }), odd) }, { requiredKeys: [] }), odd);
const source = fc.oneof(fc.record({ uri: text, title: text, text: odd }, { requiredKeys: [] }), odd);
const grounding = fc.oneof(
  fc.record({ webSearchQueries: fc.oneof(fc.array(text, { maxLength: 2 }), odd), retrievalQueries: odd, groundingChunks: fc.oneof(fc.array(fc.oneof(fc.record({ web: source, retrievedContext: source, maps: source, image: odd }, { requiredKeys: [] }), odd), { maxLength: 2 }), odd) }, { requiredKeys: [] }),
  odd,
);
const callCandidate = fc.oneof(fc.record({ content: callContent, finishReason: text, index: num, groundingMetadata: grounding }, { requiredKeys: [] }), odd);
const callResponse = fc.oneof(
  fc.record({ candidates: fc.oneof(fc.array(callCandidate, { maxLength: 2 }), odd), usageMetadata: usage, modelVersion: text, responseId: text }, { requiredKeys: [] }),
  odd,
);

describe('fast path for Gemini responses with function calls', () => {
  it('accepts only responses the schema accepts', () => {
    fc.assert(
      fc.property(callResponse, (r) => {
        if (!isPlainOrCallResponse(r)) return;
        expect(ResponseSchema.safeParse(r).success).toBe(true);
        expect(aiSdkObjection(r)).toBeUndefined();
      }),
      { numRuns: 10000 },
    );
  });

  it('takes whole calls, streamed partial arguments and text chunks with usage, not media or citations', () => {
    const call = (functionCall: unknown) => ({ candidates: [{ content: { role: 'model', parts: [{ functionCall, thoughtSignature: 's' }] }, index: 0 }], usageMetadata: { totalTokenCount: 3 }, modelVersion: 'm' });
    expect(isPlainOrCallResponse(call({ name: 'f', args: { city: 'Paris' } }))).toBe(true);
    expect(isPlainOrCallResponse(call({ partialArgs: [{ jsonPath: '$.days', numberValue: 3, willContinue: true }], willContinue: true }))).toBe(true);
    expect(isPlainOrCallResponse(call({}))).toBe(true);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }], usageMetadata: { totalTokenCount: 3 } })).toBe(true);
    expect(isPlainOrCallResponse(call({ partialArgs: [{ stringValue: 'x' }] }))).toBe(false);
    expect(isPlainOrCallResponse(call({ args: ['x'] }))).toBe(false);
    expect(isPlainOrCallResponse(call('f'))).toBe(false);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ inlineData: { data: 'x' } }] } }] })).toBe(false);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'a' }] }, groundingMetadata: { webSearchQueries: ['q'], groundingChunks: [{ web: { uri: 'https://a.example', title: 'a' } }] } }] })).toBe(true);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'a' }] }, groundingMetadata: { webSearchQueries: [1] } }] })).toBe(false);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'a' }] }, groundingMetadata: { groundingChunks: [{ web: { uri: 2 } }] } }] })).toBe(false);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'a' }] }, citationMetadata: {} }] })).toBe(false);
    // What the AI SDK's schema refuses and ours lets pass: a web source without its uri, a count as a string.
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'a' }] }, groundingMetadata: { groundingChunks: [{ web: { title: 'a' } }] } }] })).toBe(false);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'a' }] } }], usageMetadata: { totalTokenCount: '3' } })).toBe(false);
    expect(isPlainOrCallResponse({ candidates: [{ content: { parts: [{ text: 'a' }] } }], usageMetadata: { totalTokenCount: 3, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 3 }], trafficType: 'ON_DEMAND' } })).toBe(true);
  });
});
