import { describe, expect, it } from 'vitest';
import { formatBytes } from './frame-row';

describe('formatBytes', () => {
  it('writes bytes, kB and MB as the Network panel does', () => {
    expect([0, 999, 1000, 1234, 99_949, 99_950, 900_123, 999_499, 999_500, 1_000_000, 6_543_210].map(formatBytes)).toEqual([
      '0 B',
      '999 B',
      '1.0 kB',
      '1.2 kB',
      '99.9 kB',
      '100 kB',
      '900 kB',
      '999 kB',
      '1.0 MB',
      '1.0 MB',
      '6.5 MB',
    ]);
  });

  it('never needs more than seven characters, the Size column\'s room, for a frame up to 9.9 MB', () => {
    for (let bytes = 0; bytes < 9_950_000; bytes += 997) expect(formatBytes(bytes).length).toBeLessThanOrEqual(7);
  });
});
