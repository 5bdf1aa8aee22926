import { describe, expect, it } from 'vitest';
import { mayBeHistoryJson } from './history-shape';

describe('mayBeHistoryJson', () => {
  it('accepts a History API object or a bare array of messages', () => {
    expect(mayBeHistoryJson('{"messages":[{"role":"user","content":[]}],"agent_status":"idle"}')).toBe(true);
    expect(mayBeHistoryJson(' \n[ {"role":"assistant"} ]')).toBe(true);
  });

  it('accepts a LangGraph thread state or history, whose messages have a type rather than a role', () => {
    const state = '{"values":{"messages":[{"type":"human","content":"Hi","id":"h1"}]},"next":[],"tasks":[],"checkpoint":{"checkpoint_id":"c"}}';
    expect(mayBeHistoryJson(state)).toBe(true);
    expect(mayBeHistoryJson(`[${state}]`)).toBe(true);
    expect(mayBeHistoryJson('{"values":{"messages":[{"type":"human"}]}}')).toBe(false);
  });

  it('rejects other JSON without parsing it', () => {
    expect(mayBeHistoryJson('{"users":[{"name":"a"}]}')).toBe(false);
    expect(mayBeHistoryJson('{"messages":[]}')).toBe(false);
    expect(mayBeHistoryJson('[1,2,3]')).toBe(false);
    expect(mayBeHistoryJson('"role"')).toBe(false);
    expect(mayBeHistoryJson('')).toBe(false);
  });
});
