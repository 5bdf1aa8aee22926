// Random and mutated chunk sequences never make the fold throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { runChat } from './test-helpers';

const value = fc.oneof(fc.string(), fc.integer({ min: -2, max: 200 }), fc.constant(null), fc.boolean(), fc.dictionary(fc.string(), fc.string()));
const toolCall = fc.record({ index: fc.oneof(fc.integer({ min: -1, max: 3 }), value), id: fc.oneof(fc.constantFrom('a', 'b'), value), type: fc.oneof(fc.constant('function'), value), function: fc.oneof(fc.record({ name: fc.oneof(fc.constantFrom('f', 'todo'), value), arguments: fc.oneof(fc.constantFrom('{', '}', '"x"', '{"todos":[]}'), value) }), value) }, { requiredKeys: [] });
const delta = fc.record({ role: fc.oneof(fc.constant('assistant'), value), content: value, refusal: value, reasoning_content: value, reasoning: value, tool_calls: fc.oneof(fc.array(toolCall, { maxLength: 3 }), value), function_call: value }, { requiredKeys: [] });
const choice = fc.record({ index: fc.oneof(fc.integer({ min: -1, max: 2 }), value), delta: fc.oneof(delta, value), finish_reason: fc.oneof(fc.constantFrom('stop', 'tool_calls', 'length', 'content_filter'), value) }, { requiredKeys: [] });
const chunk = fc.record({ id: fc.oneof(fc.constantFrom('x', 'y'), value), object: fc.constant('chat.completion.chunk'), created: value, model: value, choices: fc.oneof(fc.array(choice, { maxLength: 3 }), value), usage: value, error: value }, { requiredKeys: ['choices'] });
const payload = fc.oneof(
  { weight: 8, arbitrary: chunk.map((c) => JSON.stringify(c)) },
  { weight: 2, arbitrary: fc.constant('[DONE]') },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
);
const frames = fc.array(
  fc.record({ data: payload, direction: fc.constantFrom('in', 'in', 'in', 'out'), kind: fc.constantFrom('message', 'message', 'message', 'close'), conn: fc.constantFrom('a', 'b'), eventName: fc.constantFrom(undefined, undefined, 'error') }),
  { maxLength: 40 },
).map((list) => list.map((f, index): Frame => {
  const frame: Frame = { index, connectionId: f.conn, time: index, direction: f.direction as Frame['direction'], kind: f.kind as Frame['kind'], data: f.data };
  if (f.eventName) frame.eventName = f.eventName;
  return frame;
}));

describe('openai-chat fold under random input', () => {
  it('never throws, never faults, and findings point at real frames', () => {
    fc.assert(
      fc.property(frames, (list) => {
        const { findings, view } = runChat(list);
        for (const f of findings) {
          expect(f.rule.startsWith('openai-chat/')).toBe(true);
          for (const i of f.frames) expect(i).toBeLessThan(list.length);
        }
        expect(view.items.filter((i) => i.id.endsWith('-fault'))).toEqual([]);
        expect(view.streaming).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
