// The hand checks of fast-path.ts never accept what the schemas reject: every valid event of the
// fixtures (v1.0 and v0.3, and a v0.3 task with every kind of part) and every mutation of it (a field
// removed, or set to another type) is judged by both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../readers/read-input';
import { JsonRpcResponse, stateOfV1, V03Message, V03Result, V1_PAYLOADS, V1_STATES, V1Task } from './schema';
import { jsonRpcResponseOk, v03MessageOk, v03ResultOk, V1_FAST } from './fast-path';
import { artifact03, msg03, status03, task03 } from './testing';

const received = (file: string) =>
  readInput(readFileSync(path.join(__dirname, 'testdata', file), 'utf8'))
    .capture.frames.filter((f) => f.kind === 'message' && f.direction === 'in')
    .map((f) => JSON.parse(f.data) as Record<string, unknown>);
const responses = received('valid-sdk-conversation.json');
/** v0.3 results: the recorded ones, and the shapes they leave out (file and data parts, history, metadata, nulls). */
const message03 = {
  ...msg03('agent', 'Here', 'm-2', { taskId: 'task-1', contextId: 'ctx-1', metadata: { k: 1 } }),
  parts: [
    { kind: 'text', text: 'a', metadata: null },
    { kind: 'file', file: { bytes: 'aGk=', name: 'a.txt', mimeType: 'text/plain' } },
    { kind: 'file', file: { uri: 'https://example.com/a', name: null } },
    { kind: 'data', data: { x: [1] } },
  ],
};
const results03 = [
  ...received('valid-v03-input-required.json').map((r) => r.result),
  { ...task03('working'), history: [msg03('user', 'Weather?'), message03], artifacts: [{ artifactId: 'a1', name: 'x', description: null, parts: message03.parts }], metadata: null },
  status03('failed', true, message03),
  { ...artifact03('Sunny', { append: false, lastChunk: true }), metadata: {} },
  message03,
];
const ODD = [undefined, null, 1, 'x', true, [], {}, [{}]];

/** Every value reached by replacing one nested field (to a depth) with each odd value. */
function mutations(value: unknown, depth = 4): unknown[] {
  if (depth === 0 || typeof value !== 'object' || value === null) return [];
  const out: unknown[] = [];
  const entries = Object.entries(value);
  for (const [key, field] of entries) {
    for (const odd of ODD) out.push(Array.isArray(value) ? value.map((v, i) => (String(i) === key ? odd : v)) : { ...value, [key]: odd });
    for (const inner of mutations(field, depth - 1)) out.push(Array.isArray(value) ? value.map((v, i) => (String(i) === key ? inner : v)) : { ...value, [key]: inner });
  }
  return out;
}

describe('a2a fast path', () => {
  it('accepts the recorded events, as the schemas do', () => {
    expect(responses.length).toBeGreaterThan(5);
    for (const r of responses) {
      expect(jsonRpcResponseOk(r)).toBe(true);
      const [name, payload] = Object.entries(r.result as object)[0] as [keyof typeof V1_FAST, unknown];
      expect(V1_FAST[name](payload), name).toBe(true);
    }
  });

  it('accepts no mutation that its schema rejects', () => {
    let checked = 0;
    for (const r of responses) {
      for (const m of mutations(r, 2)) {
        if (jsonRpcResponseOk(m)) expect(JsonRpcResponse.safeParse(m).success, JSON.stringify(m)).toBe(true);
      }
      const [name, payload] = Object.entries(r.result as object)[0] as [keyof typeof V1_FAST, unknown];
      const schema = name === 'task' ? V1Task : V1_PAYLOADS[name];
      for (const m of mutations(payload)) {
        checked++;
        if (V1_FAST[name](m)) expect(schema.safeParse(m).success, `${name} ${JSON.stringify(m)}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('accepts the v0.3 results, as V03Result does', () => {
    for (const r of results03) {
      expect(V03Result.safeParse(r).success, JSON.stringify(r)).toBe(true);
      expect(v03ResultOk(r), JSON.stringify(r)).toBe(true);
    }
    expect(v03MessageOk(message03)).toBe(true);
  });

  it('accepts no v0.3 mutation that V03Result rejects', () => {
    let checked = 0;
    let accepted = 0;
    for (const r of results03) {
      for (const m of mutations(r, 5)) {
        checked++;
        if (!v03ResultOk(m)) continue;
        accepted++;
        expect(V03Result.safeParse(m).success, JSON.stringify(m)).toBe(true);
      }
    }
    for (const m of mutations(message03, 4)) {
      checked++;
      if (!v03MessageOk(m)) continue;
      accepted++;
      expect(V03Message.safeParse(m).success, JSON.stringify(m)).toBe(true);
    }
    // Odd metadata, nulls for optional fields: many mutations stay valid, many do not.
    expect(checked).toBeGreaterThan(1500);
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(checked);
  });

  it('sends a data part with an own "__proto__" key to the schema, whose copy drops it', () => {
    const data = JSON.parse('{"__proto__":{"x":1},"y":2}') as unknown;
    expect(v03ResultOk({ ...message03, parts: [{ kind: 'data', data }] })).toBe(false);
  });

  it('names the v1.0 states as V1_STATES does, and nothing else', () => {
    for (const [v1, v03] of Object.entries(V1_STATES)) expect(stateOfV1(v1), v1).toBe(v03);
    for (const odd of ['working', 'TASK_STATE_working', 'toString', '__proto__', '', 1, undefined]) expect(stateOfV1(odd), String(odd)).toBeUndefined();
  });
});
