// The hand checks of fast-path.ts never accept what the schemas reject: every valid event of the
// fixtures and every mutation of it (a field removed, or set to another type) is judged by both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../readers/read-input';
import { JsonRpcResponse, V1_PAYLOADS, V1Task } from './schema';
import { jsonRpcResponseOk, V1_FAST } from './fast-path';

const frames = readInput(readFileSync(path.join(__dirname, 'testdata/valid-sdk-conversation.json'), 'utf8')).capture.frames.filter((f) => f.kind === 'message' && f.direction === 'in');
const responses = frames.map((f) => JSON.parse(f.data) as Record<string, unknown>);
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
});
