import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { extendText } from './text-builder';
import { DIGEST_FROM, noteViewRead, startTextDigests, stopTextDigests } from './text-digest';
import type { GroupItem, ReasoningItem, TextItem, UserItem } from './view';

afterEach(() => stopTextDigests());

const deltas = fc.array(fc.string({ minLength: 0, maxLength: 300 }), { maxLength: 400 });

/** Streams `parts` into `item` the way a fold does (extend, then push the frame), beside a plain string and array. */
function stream(item: TextItem | ReasoningItem | UserItem, parts: readonly string[], digestible: boolean): { text: string; frames: number[] } {
  const plain = { text: item.text, frames: [...item.frames] };
  parts.forEach((delta, i) => {
    item.text = extendText(item, item.text, delta, digestible);
    item.frames.push(i + 1);
    plain.text += delta;
    plain.frames.push(i + 1);
  });
  return plain;
}

const textItem = (): TextItem => ({ kind: 'text', id: 't', frames: [0], text: '', part: false, final: false, brand: false });

describe('text digests', () => {
  it('cut a digestible text short only past its head, keep its first and last frame, and say so when the view is read', () => {
    fc.assert(
      fc.property(deltas, (parts) => {
        const digests = startTextDigests();
        const item = textItem();
        const plain = stream(item, parts, true);
        expect(plain.text.startsWith(item.text)).toBe(true);
        expect(item.text.length).toBeGreaterThanOrEqual(Math.min(plain.text.length, DIGEST_FROM));
        expect(item.frames[0]).toBe(plain.frames[0]);
        expect(item.frames[item.frames.length - 1]).toBe(plain.frames[plain.frames.length - 1]);
        if (item.text.length < plain.text.length) expect(item.frames.length).toBeLessThanOrEqual(64);
        const group: GroupItem = { kind: 'group', id: 'g', frames: [0], summary: '', done: false, open: true, items: [item] };
        noteViewRead([group]);
        // Sound: a text that differs from the whole one is always reported.
        if (item.text !== plain.text || item.frames.length !== plain.frames.length) expect(digests.wholeTextsNeeded).toBe(true);
        stopTextDigests();
      }),
      { numRuns: 40 },
    );
  });

  it('keep whole texts and every frame when off, or for a fold that did not opt in, or for user turns', () => {
    fc.assert(
      fc.property(deltas, fc.constantFrom('off', 'not digestible', 'user'), (parts, why) => {
        const digests = why === 'off' ? undefined : startTextDigests();
        const item: TextItem | UserItem = why === 'user' ? { kind: 'user', id: 'u', frames: [0], text: '' } : textItem();
        const plain = stream(item, parts, why !== 'not digestible');
        noteViewRead([item]);
        expect(item.text).toBe(plain.text);
        expect(item.frames).toEqual(plain.frames);
        expect(digests?.wholeTextsNeeded ?? false).toBe(false);
        stopTextDigests();
      }),
      { numRuns: 30 },
    );
  });

  it('report nothing for a view without cut texts, and forget the items of an earlier run', () => {
    let digests = startTextDigests();
    const long = textItem();
    stream(long, ['x'.repeat(DIGEST_FROM), 'y'], true);
    const short = textItem();
    stream(short, ['a', 'b'], true);
    noteViewRead([short]);
    expect(digests.wholeTextsNeeded).toBe(false);
    noteViewRead([short, long]);
    expect(digests.wholeTextsNeeded).toBe(true);
    digests = startTextDigests();
    noteViewRead([long]);
    expect(digests.wholeTextsNeeded).toBe(false);
  });
});
