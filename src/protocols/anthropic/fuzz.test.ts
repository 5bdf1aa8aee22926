// Random and mutated event sequences never make the fold throw, and every frame stays accounted for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { runAnthropic } from './test-helpers';

const types = ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping', 'error', 'weird'];
const deltaTypes = ['text_delta', 'input_json_delta', 'thinking_delta', 'signature_delta', 'citations_delta', 'compaction_delta', 'x'];
const blockTypes = ['text', 'thinking', 'tool_use', 'server_tool_use', 'redacted_thinking', 'web_search_tool_result', 'fallback', 'odd'];

const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.dictionary(fc.string(), fc.string()));
const event = fc.record({
  type: fc.constantFrom(...types),
  index: fc.oneof(fc.integer({ min: -1, max: 4 }), value),
  message: fc.oneof(fc.record({ id: fc.string(), model: fc.string(), usage: fc.dictionary(fc.string(), fc.integer()) }), value),
  content_block: fc.oneof(fc.record({ type: fc.constantFrom(...blockTypes), id: fc.string(), name: fc.string(), tool_use_id: fc.string(), input: value }), value),
  delta: fc.oneof(fc.record({ type: fc.constantFrom(...deltaTypes), text: value, partial_json: value, thinking: value, stop_reason: value }), value),
  usage: fc.oneof(fc.record({ output_tokens: fc.integer() }), value),
  error: fc.oneof(fc.record({ type: fc.string(), message: fc.string() }), value),
}, { requiredKeys: ['type'] });

const payload = fc.oneof(
  { weight: 8, arbitrary: event.map((e) => JSON.stringify(e)) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
);

const frames = fc.array(
  fc.record({ data: payload, direction: fc.constantFrom('in', 'in', 'in', 'out'), kind: fc.constantFrom('message', 'message', 'message', 'close'), conn: fc.constantFrom('a', 'b') }),
  { maxLength: 40 },
).map((list) => list.map((f, index): Frame => ({ index, connectionId: f.conn, time: index, direction: f.direction as Frame['direction'], kind: f.kind as Frame['kind'], data: f.data })));

describe('anthropic fold under random input', () => {
  it('never throws and keeps findings well formed', () => {
    fc.assert(
      fc.property(frames, (list) => {
        const { findings, view } = runAnthropic(list);
        for (const f of findings) {
          expect(f.rule.startsWith('anthropic/')).toBe(true);
          for (const i of f.frames) expect(i).toBeLessThan(list.length);
        }
        expect(view.streaming).toBe(false);
        // apply() turns an internal fault into a "-fault" raw item; there must be none.
        expect(view.items.filter((i) => i.id.endsWith('-fault'))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
