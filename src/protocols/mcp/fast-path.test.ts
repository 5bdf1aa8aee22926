// The hand-written check that lets plain JSON-RPC messages skip the SDK's JSONRPCMessageSchema must never
// accept what the schema rejects: random near-valid messages through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallToolResultSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { isPlainJsonRpc, isPlainToolResult } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
// Integers past 2^53 too: the schema's int() refuses them.
const id = fc.oneof(fc.string(), fc.integer(), fc.maxSafeInteger(), fc.constant(2 ** 53), fc.double(), odd);
const meta = fc.oneof(fc.record({ progressToken: id, other: odd }, { requiredKeys: [] }), odd);
const params = fc.oneof(fc.record({ _meta: meta, progressToken: id, progress: fc.oneof(fc.integer(), odd), name: fc.string() }, { requiredKeys: [] }), odd);
const message = fc.oneof(
  fc.record({ jsonrpc: fc.oneof(fc.constant('2.0'), odd), id, method: fc.oneof(fc.string(), odd), params, result: params, error: odd, extra: odd }, { requiredKeys: [] }),
  odd,
);

describe('fast path for plain JSON-RPC messages', () => {
  it('accepts only messages the schema accepts', () => {
    fc.assert(
      fc.property(message, (m) => {
        if (isPlainJsonRpc(m)) expect(JSONRPCMessageSchema.safeParse(m).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the requests, progress and results of a real session', () => {
    expect(isPlainJsonRpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Oslo' }, _meta: { progressToken: 1 } } })).toBe(true);
    expect(isPlainJsonRpc({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 2, total: 3 } })).toBe(true);
    expect(isPlainJsonRpc({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'Sunny' }] } })).toBe(true);
    expect(isPlainJsonRpc({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } })).toBe(false);
    expect(isPlainJsonRpc({ jsonrpc: '2.0', id: 1.5, method: 'ping' })).toBe(false);
    expect(isPlainJsonRpc({ jsonrpc: '2.0', id: 2 ** 53, method: 'ping' })).toBe(false);
  });

  it('accepts only tool results the schema accepts', () => {
    const block = fc.oneof(fc.record({ type: fc.oneof(fc.constant('text'), fc.constant('image'), odd), text: fc.oneof(fc.string(), odd), extra: odd }, { requiredKeys: [] }), odd);
    const result = fc.oneof(fc.record({ content: fc.oneof(fc.array(block, { maxLength: 3 }), odd), isError: fc.oneof(fc.boolean(), odd), _meta: odd }, { requiredKeys: [] }), odd);
    fc.assert(
      fc.property(result, (r) => {
        if (isPlainToolResult(r)) expect(CallToolResultSchema.safeParse(r).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(isPlainToolResult({ content: [{ type: 'text', text: 'Sunny' }] })).toBe(true);
    expect(isPlainToolResult({ content: [{ type: 'text' }] })).toBe(false);
  });
});
