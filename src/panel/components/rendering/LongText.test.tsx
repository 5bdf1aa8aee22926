import { afterEach, describe, expect, it } from 'vitest';
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

describe('frameSpan', () => {
  it('lists a few frames and spans many', () => {
    expect(frameSpan([3, 4, 9])).toBe('3 4 9');
    expect(frameSpan(Array.from({ length: 100_000 }, (_, i) => i + 5))).toBe('5…100004');
  });
});
