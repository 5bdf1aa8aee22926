import { describe, expect, it } from 'vitest';
import type { ViewItem } from '../../model/view';
import { firstPrompt, NAME_MAX } from './session-summary';

const user = (text: string): ViewItem => ({ kind: 'user', id: text, frames: [], text });
const text = (t: string): ViewItem => ({ kind: 'text', id: t, frames: [], text: t, part: false, final: true, brand: false });

describe('a session named by what was asked', () => {
  it('is the first non-empty line of the first user turn, spaces folded', () => {
    expect(firstPrompt([text('hi'), user('\n  What is   the weather\tin Paris?\nThanks'), user('second')])).toBe('What is the weather in Paris?');
  });

  it('skips blank turns and has no name without a user turn', () => {
    expect(firstPrompt([user('  \n '), user('Tóm tắt thị trường')])).toBe('Tóm tắt thị trường');
    expect(firstPrompt([text('only the assistant')])).toBeUndefined();
  });

  it('cuts a long line with an ellipsis', () => {
    const name = firstPrompt([user('x'.repeat(10_000))])!;
    expect(name).toHaveLength(NAME_MAX);
    expect(name.endsWith('…')).toBe(true);
  });
});
