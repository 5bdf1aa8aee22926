import { describe, expect, it } from 'vitest';
import { mayBeHistoryJson } from './history-shape';

describe('mayBeHistoryJson', () => {
  it('accepts a History API object or a bare array of messages', () => {
    expect(mayBeHistoryJson('{"messages":[{"role":"user","content":[]}],"agent_status":"idle"}')).toBe(true);
    expect(mayBeHistoryJson(' \n[ {"role":"assistant"} ]')).toBe(true);
  });

  it('rejects other JSON without parsing it', () => {
    expect(mayBeHistoryJson('{"users":[{"name":"a"}]}')).toBe(false);
    expect(mayBeHistoryJson('{"messages":[]}')).toBe(false);
    expect(mayBeHistoryJson('[1,2,3]')).toBe(false);
    expect(mayBeHistoryJson('"role"')).toBe(false);
    expect(mayBeHistoryJson('')).toBe(false);
  });
});
