import { describe, expect, it } from 'vitest';
import { createNdjsonSplitter, type LineRecord } from './ndjson-splitter';

function split(pieces: string[], maxChars?: number): LineRecord[] {
  const out: LineRecord[] = [];
  const s = createNdjsonSplitter((r) => out.push(r), maxChars);
  for (const p of pieces) s.push(p);
  s.end();
  return out;
}

describe('createNdjsonSplitter', () => {
  const body = '{"type":"start"}\n{"type":"delta","text":"a\\nb"}\r\n\n  \n{"type":"end"}';
  const expected = [{ text: '{"type":"start"}' }, { text: '{"type":"delta","text":"a\\nb"}' }, { text: '{"type":"end"}' }];

  it('gives one record per non-blank line, with or without a final newline, CRLF or LF', () => {
    expect(split([body])).toEqual(expected);
    expect(split([body + '\n'])).toEqual(expected);
  });

  it('gives the same records wherever the network cut the body', () => {
    for (let i = 1; i < body.length; i++) expect(split([body.slice(0, i), body.slice(i)])).toEqual(expected);
    expect(split([...body])).toEqual(expected);
  });

  it('drops the record separator of JSON text sequences (RFC 7464)', () => {
    expect(split(['\u001e{"a":1}\n\u001e{"b":2}\n'])).toEqual([{ text: '{"a":1}' }, { text: '{"b":2}' }]);
  });

  it('cuts a line longer than the bound and says how long it was', () => {
    const long = 'x'.repeat(25);
    expect(split([long.slice(0, 7), long.slice(7) + '\n{"ok":1}\n'], 10)).toEqual([
      { text: 'x'.repeat(10), originalLength: 25 },
      { text: '{"ok":1}' },
    ]);
  });
});
