/**
 * The frames a rendered item came from, as its `data-frames` attribute: every index when few, else the
 * first and last (an answer of 100,000 deltas would otherwise rebuild a 600 kB attribute per update).
 */
export function frameSpan(frames: readonly number[]): string {
  if (frames.length <= 16) return frames.join(' ');
  return `${frames[0]}…${frames[frames.length - 1]}`;
}
