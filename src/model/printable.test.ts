import { describe, expect, it } from 'vitest';
import { printable } from './printable';

describe('printable', () => {
  it('escapes line breaks, escape sequences and the Unicode line separators', () => {
    expect(printable('a\nb\r\u001b[31mc\u2028d')).toBe('a\\u{a}b\\u{d}\\u{1b}[31mc\\u{2028}d');
  });

  it('leaves ordinary text and non-Latin letters alone', () => {
    expect(printable('Thời tiết — 晴れ')).toBe('Thời tiết — 晴れ');
  });
});
