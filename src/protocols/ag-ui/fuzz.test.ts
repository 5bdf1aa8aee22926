// Random and mutated event sequences: the fold must never throw, never lose a frame's trace, and only
// report rules from its catalogue.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import type { Frame } from '../../model/frame';
import { aguiRules } from './rules';
import { CORPUS, HAS_CORPUS, needsShared, frame, framesOf, readJson, run } from './test-support';

const known = new Set(aguiRules.map((r) => r.id));
const TYPES = [
  'RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'STEP_STARTED', 'STEP_FINISHED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END', 'TEXT_MESSAGE_CHUNK', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT',
  'TOOL_CALL_CHUNK', 'REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END',
  'REASONING_MESSAGE_CHUNK', 'REASONING_END', 'REASONING_ENCRYPTED_VALUE', 'STATE_SNAPSHOT', 'STATE_DELTA', 'MESSAGES_SNAPSHOT',
  'ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA', 'RAW', 'CUSTOM', 'THINKING_START', 'THINKING_END', 'THINKING_TEXT_MESSAGE_START',
  'THINKING_TEXT_MESSAGE_CONTENT', 'THINKING_TEXT_MESSAGE_END', 'SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR', 'NOT_A_TYPE',
];

const id = fc.constantFrom('a', 'b', 'c', '', '__proto__');
const patch = fc.array(fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bad'), path: fc.constantFrom('', '/x', '/x/0', '/y/-', '/__proto__/z'), from: fc.constantFrom('/x', '/y'), value: fc.jsonValue() }, { requiredKeys: ['op', 'path'] }), { maxLength: 3 });
const message = fc.record({ id, role: fc.constantFrom('user', 'assistant', 'tool', 'reasoning', 'activity', 'system', 'bogus'), content: fc.oneof(fc.string(), fc.jsonValue()), toolCallId: id, activityType: fc.string(), toolCalls: fc.array(fc.record({ id, type: fc.constant('function'), function: fc.record({ name: fc.string(), arguments: fc.string() }) }), { maxLength: 2 }) }, { requiredKeys: ['id', 'role'] });

const event = fc.record(
  {
    type: fc.constantFrom(...TYPES),
    threadId: id, runId: id, messageId: id, toolCallId: id, toolCallName: fc.constantFrom('search', 'TodoWrite', ''), stepName: id,
    parentMessageId: fc.oneof(id, fc.constant(null)), subagentRunId: id, name: fc.string(), role: fc.constantFrom('assistant', 'user', 'reasoning', 'x'),
    delta: fc.oneof(fc.string(), patch, fc.constant('{"todos":[{"content":"x","status":"pending"}]}')),
    content: fc.oneof(fc.string(), fc.jsonValue()), snapshot: fc.jsonValue(), patch, messages: fc.array(message, { maxLength: 3 }),
    activityType: fc.string(), message: fc.string(), value: fc.jsonValue(), event: fc.jsonValue(), metadata: fc.oneof(fc.constant(null), fc.dictionary(fc.constantFrom('ag-ui', 'k'), fc.jsonValue())),
    outcome: fc.oneof(fc.constant({ type: 'success' }), fc.record({ type: fc.constant('interrupt'), interrupts: fc.array(fc.record({ id, reason: fc.constantFrom('tool_call', 'input_required'), toolCallId: id, expiresAt: fc.string() }), { maxLength: 2 }) })),
    usage: fc.array(fc.dictionary(fc.constantFrom('inputTokens', 'outputTokens'), fc.oneof(fc.integer(), fc.string())), { maxLength: 2 }),
    subtype: fc.constantFrom('message', 'tool-call'), entityId: id, encryptedValue: fc.string(),
  },
  { requiredKeys: ['type'] },
);

const rawFrame = fc.oneof(
  { weight: 8, arbitrary: event.map((e) => JSON.stringify(e)) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
);
const kind = fc.constantFrom<Frame['kind']>('message', 'message', 'message', 'message', 'close', 'error', 'open');
const direction = fc.constantFrom<Frame['direction']>('in', 'in', 'in', 'out');

function check(frames: Frame[]): void {
  const result = run(frames);
  expect(() => JSON.stringify(result.view)).not.toThrow();
  for (const f of result.findings) {
    expect(known.has(f.rule)).toBe(true);
    // The fold's last-resort catch would hide a bug from this test: it must never be reached.
    expect(f.message).not.toMatch(/^Internal error/);
    for (const index of f.frames) expect(index).toBeLessThan(frames.length);
  }
  for (let n = 0; n < frames.length; n += 7) result.pipeline.viewAt(n);
}

describe('AG-UI fold under random input', () => {
  it('never throws on random event sequences and frame kinds', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(rawFrame, kind, direction), { maxLength: 40 }), (items) => {
        check(items.map(([data, k, d], i) => frame(i, data, { kind: k, direction: d })));
      }),
      { numRuns: 250 },
    );
  }, 60_000);

  it.skipIf(!HAS_CORPUS)(needsShared('never throws on corpus streams with events dropped, repeated or swapped'), () => {
    const files = readdirSync(`${CORPUS}/dotnet-server`).map((f) => (readJson(`${CORPUS}/dotnet-server/${f}`) as unknown[]).slice(0, 60));
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.array(fc.tuple(fc.constantFrom('drop', 'dup', 'swap', 'cut'), fc.nat()), { maxLength: 6 }), (events, edits) => {
        const list = [...events];
        for (const [edit, n] of edits) {
          const i = list.length > 0 ? n % list.length : 0;
          if (edit === 'drop') list.splice(i, 1);
          if (edit === 'dup' && list[i] !== undefined) list.splice(i, 0, list[i]);
          if (edit === 'swap' && list[i + 1] !== undefined) [list[i], list[i + 1]] = [list[i + 1], list[i]];
          if (edit === 'cut') list.length = i;
        }
        check(framesOf(list));
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
