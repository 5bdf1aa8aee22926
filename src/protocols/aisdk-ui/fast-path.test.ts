// The hand-written check that lets the common chunks skip the zod schema must never accept what the
// schema rejects: random near-valid chunks through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_SCHEMAS, DataChunkSchema, FINISH_REASONS, knownKeys } from './schema';
import { isFinishReason, isPlainChunk, plainKeyCount } from './plain-chunks';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 2 }));
const field = fc.oneof(fc.string(), odd);
const bool = fc.oneof(fc.boolean(), odd);
const chunk = fc.record(
  {
    type: fc.constantFrom(
      'text-start', 'text-delta', 'text-end', 'reasoning-start', 'reasoning-delta', 'reasoning-end', 'tool-input-delta',
      'tool-input-start', 'tool-input-available', 'tool-output-available', 'start', 'finish', 'start-step', 'finish-step',
      'source-url', 'error', 'message-metadata', 'data-progress', 'abort', 'tool-output-error',
    ),
    id: field,
    delta: field,
    toolCallId: field,
    toolName: field,
    inputTextDelta: field,
    providerMetadata: odd,
    toolMetadata: odd,
    providerExecuted: bool,
    dynamic: bool,
    preliminary: bool,
    transient: bool,
    title: field,
    messageId: field,
    messageMetadata: odd,
    finishReason: fc.oneof(fc.constantFrom('stop', 'length', 'tool-calls', 'other', 'unknown'), odd),
    inputEncoding: fc.oneof(fc.constantFrom('json', 'text', 'xml'), odd),
    input: odd,
    output: odd,
    data: odd,
    sourceId: field,
    url: field,
    errorText: field,
  },
  { requiredKeys: ['type'] },
);

describe('fast path for the common chunks', () => {
  it('accepts only chunks the schema accepts', () => {
    fc.assert(
      fc.property(chunk, (c) => {
        const r = c as Record<string, unknown>;
        const type = r.type as string;
        const schema = type.startsWith('data-') ? DataChunkSchema : CHUNK_SCHEMAS.get(type);
        if (isPlainChunk(r, type)) expect(schema?.safeParse(r).success).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('counts the declared keys a plain chunk holds', () => {
    const json = fc.jsonValue({ maxDepth: 2 });
    const plain = fc.oneof(
      fc.record({ type: fc.constantFrom('text-start', 'text-end', 'reasoning-start', 'reasoning-end'), id: fc.string() }),
      fc.record({ type: fc.constantFrom('text-delta', 'reasoning-delta'), id: fc.string(), delta: fc.string() }),
      fc.record({ type: fc.constant('tool-input-delta'), toolCallId: fc.string(), inputTextDelta: fc.string() }),
      fc.record({ type: fc.constant('start'), messageId: fc.string(), messageMetadata: json }, { requiredKeys: ['type'] }),
      fc.record({ type: fc.constant('finish'), finishReason: fc.constantFrom(...FINISH_REASONS), messageMetadata: json }, { requiredKeys: ['type'] }),
      fc.record({ type: fc.constantFrom('start-step', 'finish-step') }),
      fc.record(
        { type: fc.constant('tool-input-start'), toolCallId: fc.string(), toolName: fc.string(), title: fc.string(), providerExecuted: fc.boolean(), dynamic: fc.boolean(), inputEncoding: fc.constantFrom('json', 'text') },
        { requiredKeys: ['type', 'toolCallId', 'toolName'] },
      ),
      fc.record(
        { type: fc.constant('tool-input-available'), toolCallId: fc.string(), toolName: fc.string(), input: json, title: fc.string(), providerExecuted: fc.boolean(), dynamic: fc.boolean() },
        { requiredKeys: ['type', 'toolCallId', 'toolName', 'input'] },
      ),
      fc.record(
        { type: fc.constant('tool-output-available'), toolCallId: fc.string(), output: json, providerExecuted: fc.boolean(), dynamic: fc.boolean(), preliminary: fc.boolean() },
        { requiredKeys: ['type', 'toolCallId', 'output'] },
      ),
      fc.record({ type: fc.constant('source-url'), sourceId: fc.string(), url: fc.string(), title: fc.string() }, { requiredKeys: ['type', 'sourceId', 'url'] }),
      fc.record({ type: fc.constant('error'), errorText: fc.string() }),
      fc.record({ type: fc.constant('message-metadata'), messageMetadata: json }),
      fc.record({ type: fc.constant('data-x'), id: fc.string(), data: json, transient: fc.boolean() }, { requiredKeys: ['type', 'data'] }),
    );
    // Keys other types declare, or none does.
    const more = fc.dictionary(fc.constantFrom('extra', 'toolName', 'id', 'delta', 'title', 'input', 'data', 'messageId', 'finishReason', 'url', 'reason', 'kind'), fc.string(), { maxKeys: 2 });
    fc.assert(
      fc.property(fc.oneof(plain, chunk), more, fc.boolean(), (c, extra, add) => {
        const r: Record<string, unknown> = add ? { ...extra, ...(c as Record<string, unknown>) } : { ...(c as Record<string, unknown>) };
        const type = r.type as string;
        const count = plainKeyCount(r, type);
        if (count < 0) return;
        const schema = type.startsWith('data-') ? DataChunkSchema : CHUNK_SCHEMAS.get(type);
        const declared = knownKeys(schema as NonNullable<typeof schema>);
        expect(count).toBe(Object.keys(r).filter((k) => declared.has(k) && r[k] !== undefined).length);
        // What the fold concludes from the count: no undeclared key when every key is a counted one.
        if (Object.keys(r).length === count) expect(Object.keys(r).every((k) => declared.has(k))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });
  it('knows the finish reasons the schema knows', () => {
    for (const r of FINISH_REASONS) expect(isFinishReason(JSON.parse(JSON.stringify(r)))).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('Stop', 'stop ', 'tool_calls', 'unknown'), odd), (v) => {
        expect(isFinishReason(v)).toBe((FINISH_REASONS as readonly unknown[]).includes(v));
      }),
    );
  });

  it('takes the common chunks of a real stream', () => {
    expect(isPlainChunk({ type: 'text-delta', id: 't-1', delta: 'Hi' }, 'text-delta')).toBe(true);
    expect(isPlainChunk({ type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{' }, 'tool-input-delta')).toBe(true);
    expect(isPlainChunk({ type: 'text-delta', id: 't-1', delta: 'Hi', providerMetadata: {} }, 'text-delta')).toBe(false);
    expect(isPlainChunk({ type: 'text-delta', id: 't-1' }, 'text-delta')).toBe(false);
    expect(isPlainChunk({ type: 'start', messageId: 'm', messageMetadata: { createdAt: 1 } }, 'start')).toBe(true);
    expect(isPlainChunk({ type: 'finish', finishReason: 'stop' }, 'finish')).toBe(true);
    expect(isPlainChunk({ type: 'finish', finishReason: 'done' }, 'finish')).toBe(false);
    expect(isPlainChunk({ type: 'tool-input-available', toolCallId: 'c', toolName: 't', input: {} }, 'tool-input-available')).toBe(true);
    expect(isPlainChunk({ type: 'tool-output-available', toolCallId: 'c', output: 'ok' }, 'tool-output-available')).toBe(true);
    expect(isPlainChunk({ type: 'data-progress', id: 'p', data: { percent: 1 } }, 'data-progress')).toBe(true);
    expect(isPlainChunk({ type: 'data-progress', id: 1, data: 1 }, 'data-progress')).toBe(false);
    expect(isPlainChunk({ type: 'source-url', sourceId: 's', url: 'u', title: 'T' }, 'source-url')).toBe(true);
  });
});
