import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { mount, unmount } from '../../../../test/unit/panel-support';
import { LONG_TEXT_CHARS, LONG_TEXT_TAIL, LongText } from './LongText';
import { frameSpan } from './frame-span';

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) unmount(container);
  container = undefined;
});

describe('LongText', () => {
  it('draws a text up to the bound whole', () => {
    const text = 'a'.repeat(LONG_TEXT_CHARS);
    container = mount(<LongText class="text-body" text={text} />);
    expect(container.querySelector('.text-body')?.textContent).toBe(text);
    expect(container.querySelector('[data-testid="long-text-more"]')).toBeNull();
  });

  it('draws only the end of a longer text, says how much is left out, and draws it all on request', async () => {
    const text = `${'x'.repeat(LONG_TEXT_CHARS)}THE END`;
    container = mount(<LongText class="text-body" text={text} />);
    const more = container.querySelector<HTMLButtonElement>('[data-testid="long-text-more"]')!;
    const hidden = text.length - LONG_TEXT_TAIL;
    expect(more.textContent).toBe(`… ${hidden.toLocaleString('en')} earlier characters (show all)`);
    const body = container.querySelector('.text-body')!;
    expect(body.textContent).toBe(`${more.textContent}${text.slice(hidden)}`);
    more.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(container.querySelector('.text-body')?.textContent).toBe(text);
  });
});

describe('LongText while the text grows', () => {
  it('keeps the drawn blocks between the first and the last as they were, element and text', () => {
    // An answer in paragraphs: a line break every 40 words.
    const words = (from: number, n: number) => Array.from({ length: n }, (_, i) => `word${from + i}${(from + i) % 40 === 39 ? '\n' : ' '}`).join('');
    const first = words(0, 8_000);
    container = document.createElement('div');
    document.body.append(container);
    act(() => render(<LongText class="text-body" text={first} />, container!));
    const before = [...container.querySelectorAll('.long-text-block')];
    const grown = first + words(8_000, 30);
    act(() => render(<LongText class="text-body" text={grown} />, container!));
    const after = [...container.querySelectorAll('.long-text-block')];
    expect(container.querySelector('.text-body')?.textContent?.endsWith(grown.slice(-LONG_TEXT_TAIL))).toBe(true);
    // The middle blocks are the same elements with the same text: the browser need not lay them out again.
    const middle = before.slice(1, -1);
    expect(middle.length).toBeGreaterThan(3);
    for (const block of middle) {
      expect(after).toContain(block);
    }
    // Blocks start only where the text itself starts a line, so drawing them as blocks adds no line break.
    const drawn = container.querySelector('.text-body')!.textContent!;
    let at = drawn.indexOf(after[0]!.textContent!);
    for (const block of after) {
      expect(drawn.startsWith(block.textContent!, at)).toBe(true);
      if (block !== after[0]) expect(drawn[at - 1]).toBe('\n');
      at += block.textContent!.length;
    }
    expect(at).toBe(drawn.length);
  });

  it('draws a long text without line breaks as one block, so no line is broken where the text is not', () => {
    const text = 'word '.repeat(12_000);
    container = mount(<LongText class="text-body" text={text} />);
    const blocks = container.querySelectorAll('.long-text-block');
    expect(blocks.length).toBe(1);
    expect(blocks[0]!.textContent).toBe(text.slice(-LONG_TEXT_TAIL));
  });
});

describe('frameSpan', () => {
  it('lists a few frames and spans many', () => {
    expect(frameSpan([3, 4, 9])).toBe('3 4 9');
    expect(frameSpan(Array.from({ length: 100_000 }, (_, i) => i + 5))).toBe('5…100004');
  });
});
