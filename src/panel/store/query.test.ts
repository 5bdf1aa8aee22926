import { describe, expect, it } from 'vitest';
import { matchesQuery, parseQuery, parseBytes, type QueryRow } from './query';

const row = (text: string, over: Partial<QueryRow> = {}): QueryRow => ({
  text: () => text,
  event: () => 'delta: text',
  direction: 'in',
  connection: 'c1',
  connectionLabel: 'WS /ws',
  bytes: text.length,
  frameKind: 'message',
  severity: undefined,
  cut: false,
  gap: false,
  ...over,
});
const matches = (query: string, r: QueryRow) => matchesQuery(parseQuery(query), r);

describe('the filter language', () => {
  it('searches words inside payloads, case-insensitive, every term required', () => {
    expect(matches('hello WORLD', row('{"text":"Hello world"}'))).toBe(true);
    expect(matches('hello moon', row('{"text":"Hello world"}'))).toBe(false);
  });

  it('keeps quotes inside a term, so JSON text can be searched as typed', () => {
    expect(matches('"name":"web_search"', row('{"name":"web_search","id":1}'))).toBe(true);
    expect(matches('"name":"web_search"', row('{"name":"web_fetch","query":"web_search"}'))).toBe(false);
  });

  it('takes a quoted phrase with spaces as one term', () => {
    expect(parseQuery('"tool call" x').terms.map((t) => t.kind === 'text' && t.value)).toEqual(['tool call', 'x']);
    expect(matches('"tool call"', row('a tool call here'))).toBe(true);
    expect(matches('"tool call"', row('a tool, call here'))).toBe(false);
  });

  it('negates with a leading minus, and a lone minus is text', () => {
    expect(matches('-world', row('hello world'))).toBe(false);
    expect(matches('-dir:out', row('x'))).toBe(true);
    expect(parseQuery('-').terms).toEqual([{ kind: 'text', value: '-', negate: false }]);
  });

  it('matches /regex/ on payloads, with spaces inside, and a broken one is plain text', () => {
    expect(matches('/"type":"(a|b) c"/', row('{"type":"b c"}'))).toBe(true);
    expect(matches('/"type":"(a|b) c"/', row('{"type":"d c"}'))).toBe(false);
    expect(parseQuery('/(unclosed/').terms[0]).toEqual({ kind: 'text', value: '/(unclosed/', negate: false });
  });

  it('filters on the columns with key:value terms', () => {
    const r = row('{}', { direction: 'out', bytes: 2000, frameKind: 'close', severity: 'warning', connectionLabel: 'POST /api/chat' });
    for (const q of ['dir:out', 'dir:sent', 'type:delta', 'conn:/api/chat', 'conn:c1', 'larger-than:1k', 'has:finding', 'has:warning', 'kind:close', 'type:"delta: text"']) expect(matches(q, r), q).toBe(true);
    for (const q of ['dir:in', 'type:finish', 'conn:/ws', 'larger-than:2k', 'has:error', 'kind:open']) expect(matches(q, r), q).toBe(false);
    // What the capture left out: a cut payload, a frame right after ones it did not keep.
    for (const [q, over, expected] of [
      ['is:cut', {}, false],
      ['-is:cut', {}, true],
      ['is:cut', { cut: true }, true],
      ['has:cut', { cut: true }, true],
      ['is:gap', { cut: true }, false],
      ['is:gap', { gap: true }, true],
      ['is:not-kept', { gap: true }, true],
      ['-is:gap', { gap: true }, false],
    ] as const) expect(matches(q, row('x', over)), `${q} ${JSON.stringify(over)}`).toBe(expected);
  });

  it('searches an unknown key:value as text', () => {
    expect(parseQuery('foo:bar').terms).toEqual([{ kind: 'text', value: 'foo:bar', negate: false }]);
  });

  it('reads sizes in decimal units', () => {
    expect([parseBytes('500'), parseBytes('1k'), parseBytes('2.5kb'), parseBytes('1M'), parseBytes('x')]).toEqual([500, 1000, 2500, 1_000_000, undefined]);
  });
});
