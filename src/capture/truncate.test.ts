import { describe, expect, it } from 'vitest';
import { MAX_FRAME_CHARS } from '../bridge/page-messages';
import { bytesToBase64Payload, cutText } from './truncate';

describe('cutText', () => {
  it('leaves text at or under the bound alone', () => {
    expect(cutText('abc', 3)).toEqual({ data: 'abc' });
    expect(cutText('x'.repeat(MAX_FRAME_CHARS))).toEqual({ data: 'x'.repeat(MAX_FRAME_CHARS) });
  });

  it('cuts longer text at the bound and records the original length', () => {
    expect(cutText('abcdef', 4)).toEqual({ data: 'abcd', truncated: { originalLength: 6 } });
    const big = cutText('y'.repeat(MAX_FRAME_CHARS + 5));
    expect(big.data.length).toBe(MAX_FRAME_CHARS);
    expect(big.truncated).toEqual({ originalLength: MAX_FRAME_CHARS + 5 });
  });

  it('counts characters, whatever JSON makes of them (the hub cuts by JSON bytes)', () => {
    expect(cutText('\u0001'.repeat(MAX_FRAME_CHARS))).toEqual({ data: '\u0001'.repeat(MAX_FRAME_CHARS) });
    expect(cutText('é'.repeat(5), 4)).toEqual({ data: 'éééé', truncated: { originalLength: 5 } });
  });

  it('never leaves half of a surrogate pair at the end', () => {
    expect(cutText('ab😀cd', 3)).toEqual({ data: 'ab', truncated: { originalLength: 6 } });
  });
});

describe('bytesToBase64Payload', () => {
  const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);

  it('encodes bytes as standard base64', () => {
    expect(bytesToBase64Payload(bytes)).toEqual({ data: Buffer.from(bytes).toString('base64'), encoding: 'base64' });
    expect(bytesToBase64Payload(new Uint8Array([0xff, 0, 1]))).toEqual({ data: '/wAB', encoding: 'base64' });
  });

  it('encodes only a whole-group prefix when the result would pass the bound', () => {
    const out = bytesToBase64Payload(bytes, 1000);
    expect(out.data.length).toBeLessThanOrEqual(1000);
    expect(out.truncated).toEqual({ originalLength: Buffer.from(bytes).toString('base64').length });
    expect(Buffer.from(out.data, 'base64')).toEqual(Buffer.from(bytes.subarray(0, 750)));
  });
});
