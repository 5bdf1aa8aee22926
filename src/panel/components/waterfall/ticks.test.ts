import { describe, expect, it } from 'vitest';
import { CATEGORY_CODES } from '../../store/session-track';
import { niceStep, tickCategory } from './ticks';

describe('waterfall ticks', () => {
  const flags = (...kinds: Array<(typeof CATEGORY_CODES)[number]>) => kinds.reduce((f, k) => f | (1 << CATEGORY_CODES.indexOf(k)), 0);

  it('shows the most telling kind in a column: error, then approval and tool events, text last', () => {
    expect(tickCategory(flags('text', 'error', 'tool-call'))).toBe('error');
    expect(tickCategory(flags('text', 'tool-result', 'approval'))).toBe('approval');
    expect(tickCategory(flags('text', 'reasoning'))).toBe('reasoning');
    expect(tickCategory(flags('lifecycle', 'request'))).toBe('request');
  });

  it('steps the axis in round amounts, whole hours past the table', () => {
    expect(niceStep(3)).toBe(5);
    expect(niceStep(12_000)).toBe(15_000);
    expect(niceStep(5 * 3_600_000 + 1)).toBe(6 * 3_600_000);
  });
});
