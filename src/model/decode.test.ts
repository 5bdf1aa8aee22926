import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, frameText, handOverParsed, preview } from './decode';
import type { Frame } from './frame';

const frame = (data: string): Frame => ({ index: 0, time: 0, connectionId: 'c', kind: 'message', direction: 'in', data });

/** What decoding is defined as: JSON.parse of the text, its message as the reason when it throws. */
function reference(data: string): { json: unknown; jsonError?: string } {
  try {
    return { json: JSON.parse(data) as unknown };
  } catch (err) {
    return { json: undefined, jsonError: `not JSON (${(err as Error).message})` };
  }
}

describe('decodeFrame', () => {
  it('decodes scalars, objects and `<code>:<json>` lines as JSON.parse does, reason included', () => {
    for (const data of ['0:"hi"', '12', ' -1.5e3 ', 'true', 'nul', 'null', '2:[{"a":1}]', '-', '01', '1.', '{"a":1}']) {
      const d = decodeFrame(frame(data));
      expect({ json: d.json, jsonError: d.jsonError }).toEqual(reference(data));
    }
  });

  it('agrees with JSON.parse on any text that starts like a number or literal', () => {
    const start = fc.constantFrom('0', '1', '9', '-', 't', 'f', 'n', ' 1', '\n-');
    const rest = fc.oneof(fc.string(), fc.json(), fc.constantFrom('', 'rue', 'alse', 'ull', '.5', 'e+2', 'E-7', ':"x"', ':{}'));
    fc.assert(
      fc.property(start, rest, fc.constantFrom('', ' ', '\r\n', 'x'), (a, b, c) => {
        const data = a + b + c;
        const d = decodeFrame(frame(data));
        expect({ json: d.json, jsonError: d.jsonError }).toEqual(reference(data));
      }),
      { numRuns: 3000 },
    );
  });

  it('describes non-JSON text without a reason and leaves other frame kinds alone', () => {
    expect(decodeFrame(frame('[DONE]')).jsonError).toMatch(/^not JSON \(/);
    expect(decodeFrame(frame('data: x')).jsonError).toBe('not JSON');
    expect(decodeFrame(frame('')).jsonError).toBe('empty payload');
    expect(decodeFrame({ ...frame('x'), kind: 'open' }).jsonError).toBeUndefined();
  });
});

describe('frameText', () => {
  const binary = (bytes: Uint8Array): Frame => ({ ...frame(Buffer.from(bytes).toString('base64')), encoding: 'base64' });

  it('decodes a base64 payload as UTF-8, as TextDecoder does with the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(frameText(binary(bytes))).toBe(new TextDecoder().decode(bytes));
      }),
    );
    expect(frameText(binary(new TextEncoder().encode('{"t":"é€😀"}')))).toBe('{"t":"é€😀"}');
  });

  it('gives a text payload as it is and an undecodable one as empty text', () => {
    expect(frameText(frame('{"a":1}'))).toBe('{"a":1}');
    expect(frameText({ ...frame('not base64!'), encoding: 'base64' })).toBe('');
  });

  it('decodes a frame again when its payload changed since (the last text is kept for the same payload only)', () => {
    const f = binary(new TextEncoder().encode('first'));
    expect(frameText(f)).toBe('first');
    expect(frameText(f)).toBe('first');
    f.data = Buffer.from('second').toString('base64');
    expect(frameText(f)).toBe('second');
    expect(frameText(binary(new TextEncoder().encode('first')))).toBe('first');
  });
});

describe('a payload a reader parsed already', () => {
  const handed = frame('{"a":[1,2]}');

  it('is taken by the frame’s next decode, and only by that one', () => {
    const value = JSON.parse(handed.data) as unknown;
    handOverParsed(handed, value);
    expect(decodeFrame(handed).json).toBe(value);
    const again = decodeFrame(handed).json;
    expect(again).toEqual(value);
    expect(again).not.toBe(value);
  });

  it('is not given to another frame', () => {
    const other = frame('{"b":1}');
    handOverParsed(handed, { a: 'handed' });
    expect(decodeFrame(other).json).toEqual({ b: 1 });
  });
});

describe('preview', () => {
  /** What a preview is defined as. */
  const reference = (text: string, max: number): string => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  };

  it('flattens, trims and cuts any text as the definition does', () => {
    const piece = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2028', '\ufeff', 'x'.repeat(50)), fc.string({ unit: 'binary', maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 1, max: 200 }), (parts, max) => {
        const text = parts.join('');
        expect(preview(text, max)).toBe(reference(text, max));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads only the head of a long text, and the whole text when the head is mostly whitespace', () => {
    const texts = ['a b '.repeat(5000), `${' '.repeat(5000)}tail`, `x${'\n'.repeat(9000)}y`, '{"a": 1}\n'.repeat(3000), 'é\t'.repeat(4000)];
    for (const text of texts) for (const max of [1, 80, 120, 2000]) expect(preview(text, max)).toBe(reference(text, max));
  });
});
