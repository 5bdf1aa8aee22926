// Random and mutated event sequences never make the fold throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { runResponses } from './test-helpers';

const types = [
  'response.created', 'response.in_progress', 'response.completed', 'response.failed', 'response.incomplete',
  'response.output_item.added', 'response.output_item.done', 'response.content_part.added', 'response.content_part.done',
  'response.output_text.delta', 'response.output_text.done', 'response.output_text.annotation.added', 'response.refusal.delta', 'response.refusal.done',
  'response.function_call_arguments.delta', 'response.function_call_arguments.done', 'response.custom_tool_call_input.done', 'response.mcp_call_arguments.done',
  'response.code_interpreter_call_code.delta', 'response.reasoning_summary_part.added', 'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.delta', 'response.reasoning_summary_text.done', 'response.reasoning_text.delta',
  'response.web_search_call.completed', 'response.mcp_call.failed', 'error', 'keepalive', 'response.unknown',
];
const itemTypes = ['message', 'function_call', 'reasoning', 'web_search_call', 'mcp_call', 'custom_tool_call', 'mcp_approval_request', 'shell_call_output', 'odd'];
const value = fc.oneof(fc.string(), fc.integer({ min: -1, max: 5 }), fc.constant(null), fc.boolean(), fc.dictionary(fc.string(), fc.string()));
const small = fc.integer({ min: 0, max: 3 });
const event = fc.record({
  type: fc.constantFrom(...types),
  sequence_number: fc.oneof(fc.integer({ min: -1, max: 30 }), value),
  output_index: fc.oneof(small, value),
  content_index: fc.oneof(small, value),
  summary_index: fc.oneof(small, value),
  item_id: fc.oneof(fc.constantFrom('a', 'b', ''), value),
  delta: fc.oneof(fc.constantFrom('x', '{', '}'), value),
  text: fc.oneof(fc.string(), value),
  arguments: fc.oneof(fc.constantFrom('{}', '{"todos":[]}', '{'), value),
  item: fc.oneof(fc.record({ type: fc.constantFrom(...itemTypes), id: fc.constantFrom('a', 'b', ''), call_id: fc.constantFrom('c1', 'c2', ''), status: fc.constantFrom('completed', 'incomplete', 'weird'), content: fc.oneof(fc.array(fc.record({ type: fc.constantFrom('output_text', 'refusal'), text: fc.string() })), value), summary: fc.oneof(fc.array(fc.record({ type: fc.constant('summary_text'), text: fc.string() })), value) }, { requiredKeys: ['type'] }), value),
  part: fc.oneof(fc.record({ type: fc.constantFrom('output_text', 'refusal', 'reasoning_text', 'summary_text'), text: fc.string() }), value),
  response: fc.oneof(fc.record({ id: fc.string(), status: fc.string(), usage: fc.dictionary(fc.string(), fc.integer()), error: value }), value),
  error: fc.oneof(fc.record({ message: fc.string(), code: fc.string() }), value),
}, { requiredKeys: ['type'] });
const payload = fc.oneof(
  { weight: 8, arbitrary: event.map((e) => JSON.stringify(e)) },
  { weight: 1, arbitrary: fc.constantFrom('[DONE]', '{"type":') },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
);
const frames = fc.array(
  fc.record({ data: payload, direction: fc.constantFrom('in', 'in', 'in', 'out'), kind: fc.constantFrom('message', 'message', 'message', 'close'), conn: fc.constantFrom('a', 'b') }),
  { maxLength: 50 },
).map((list) => list.map((f, index): Frame => ({ index, connectionId: f.conn, time: index, direction: f.direction as Frame['direction'], kind: f.kind as Frame['kind'], data: f.data })));

describe('openai-responses fold under random input', () => {
  it('never throws, never faults, and findings point at real frames', () => {
    fc.assert(
      fc.property(frames, (list) => {
        const { findings, view } = runResponses(list);
        for (const f of findings) {
          expect(f.rule.startsWith('openai-responses/')).toBe(true);
          for (const i of f.frames) expect(i).toBeLessThan(list.length);
        }
        expect(view.items.filter((i) => i.id.endsWith('-fault'))).toEqual([]);
        expect(view.streaming).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
