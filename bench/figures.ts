// Every figure the bench prints is also recorded here, so `npm run bench -- --json` can print them all
// as one machine-readable list, each with its target (if it has one) and whether it was met.

export interface Target {
  /** The figure is met at or below this value. */
  max?: number;
  /** The figure is met at or above this value. */
  min?: number;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** `<= 1.5`, `>= 1`, or null when the figure is reported without a target. */
  target: string | null;
  met: boolean | null;
}

const recorded: Figure[] = [];

/** Records one figure and returns its value, so a printed line can record what it prints. */
export function figure(name: string, value: number, unit: string, target?: Target): number {
  let text: string | null = null;
  let met: boolean | null = null;
  if (target?.max !== undefined) {
    text = `<= ${target.max}`;
    met = value <= target.max;
  } else if (target?.min !== undefined) {
    text = `>= ${target.min}`;
    met = value >= target.min;
  }
  recorded.push({ name, value: Number.isFinite(value) ? value : NaN, unit, target: text, met });
  return value;
}

export function figures(): readonly Figure[] {
  return recorded;
}
