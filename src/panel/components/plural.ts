/** `1 frame`, `2 frames`: a count with its noun in the number English needs. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
