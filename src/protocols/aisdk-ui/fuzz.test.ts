// Random and mutated chunk sequences never make the fold throw, and every frame stays visible.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { run } from './testing';

const typeNames = ['start', 'finish', 'abort', 'error', 'start-step', 'finish-step', 'reset-step', 'text-start', 'text-delta', 'text-end',
  'reasoning-start', 'reasoning-delta', 'reasoning-end', 'tool-input-start', 'tool-input-delta', 'tool-input-available', 'tool-input-error',
  'tool-output-available', 'tool-output-error', 'tool-output-denied', 'tool-approval-request', 'tool-approval-response', 'source-url',
  'source-document', 'file', 'message-metadata', 'data-x', 'reasoning', 'reasoning-part-finish', 'custom', 'reasoning-file', '__proto__'];
const anyValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('a', 'b', '__proto__', 'constructor'), fc.jsonValue());
const chunk = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...typeNames), fc.string()),
    id: anyValue, delta: anyValue, toolCallId: anyValue, toolName: anyValue, input: anyValue, inputTextDelta: anyValue,
    output: anyValue, errorText: anyValue, approvalId: anyValue, approved: anyValue, messageMetadata: anyValue, data: anyValue,
    title: anyValue, url: anyValue, mediaType: anyValue, preliminary: anyValue, inputEncoding: anyValue,
  },
  { requiredKeys: ['type'] },
);
const payload = fc.oneof(chunk.map((c) => JSON.stringify(c)), fc.string(), fc.constant('[DONE]'), fc.jsonValue().map((v) => JSON.stringify(v)));
const frame = fc.record({
  data: payload,
  direction: fc.constantFrom('in', 'in', 'in', 'out') as fc.Arbitrary<'in' | 'out'>,
  kind: fc.constantFrom('message', 'message', 'message', 'close', 'open', 'error') as fc.Arbitrary<Frame['kind']>,
});

function understood(data: string): boolean {
  try {
    const json = JSON.parse(data) as unknown;
    return typeof json === 'object' && json !== null && typeof (json as { type?: unknown }).type === 'string' &&
      typeNames.slice(0, -1).includes((json as { type: string }).type);
  } catch {
    return false;
  }
}

describe('aisdk-ui fold under random input', () => {
  it('never throws and keeps every in-direction message frame', () => {
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 40 }), (specs) => {
        const frames: Frame[] = specs.map((s, index) => ({ index, connectionId: 'c', time: index, ...s }));
        const { view, findings } = run(frames);
        const seen = new Set<number>();
        const visit = (items: typeof view.items) => {
          for (const item of items) {
            item.frames.forEach((f) => seen.add(f));
            if (item.kind === 'group') visit(item.items);
          }
        };
        visit(view.items);
        for (const f of findings) f.frames.forEach((i) => seen.add(i));
        // No handler threw (the fold's safety net would have said so in a raw item).
        expect(JSON.stringify(view)).not.toContain('(not folded:');
        // Frames the fold cannot understand are shown or flagged, never lost.
        const reset = frames.some((f) => f.data.includes('reset-step'));
        for (const f of frames) {
          if (f.kind !== 'message' || f.direction !== 'in' || f.data.trim() === '[DONE]' || reset) continue;
          if (understood(f.data)) continue;
          expect(seen.has(f.index), `frame ${f.index} ${f.data}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
