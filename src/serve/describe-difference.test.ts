import { describe, expect, it } from 'vitest';
import { describeDifference } from './describe-difference';

describe('describeDifference', () => {
  it('names the JSON paths that differ, missing and added fields included', () => {
    expect(describeDifference('{"a":1,"b":{"c":[1,2]},"d":true}', '{"a":1,"b":{"c":[1,3]},"e":null}')).toBe(
      'b.c[1]: recorded 2, got 3; d: missing (recorded true); e: not in the recording (got null)',
    );
  });

  it('lists at most four paths and counts the rest', () => {
    const recorded = JSON.stringify({ a: 1, b: 1, c: 1, d: 1, e: 1, f: 1 });
    const got = JSON.stringify({ a: 2, b: 2, c: 2, d: 2, e: 2, f: 2 });
    expect(describeDifference(recorded, got)).toMatch(/^a: recorded 1, got 2; b: .*; d: recorded 1, got 2; and \d+ more$/);
  });

  it('compares texts that are not JSON as shortened strings', () => {
    expect(describeDifference('ping', 'x'.repeat(100))).toBe(`recorded "ping", got "${'x'.repeat(60)}…"`);
  });

  it('stops descending at a depth bound on deeply nested messages', () => {
    const deep = (leaf: number) => '['.repeat(5000) + String(leaf) + ']'.repeat(5000);
    expect(describeDifference(deep(1), deep(2))).toBe(`${'[0]'.repeat(32)}: differs more than 32 levels deep`);
  });
});
