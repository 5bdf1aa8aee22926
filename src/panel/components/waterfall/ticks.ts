// Choices the drawing makes that do not need a canvas: which kind of frame a pixel column's tick shows,
// and the time axis's step.
import { CATEGORY_CODES, type CategoryName } from '../../store/session-track';

const PRIORITY: CategoryName[] = ['error', 'approval', 'tool-call', 'tool-result', 'request', 'lifecycle', 'reasoning', 'text', 'other'];
const PRIORITY_CODES = PRIORITY.map((c) => CATEGORY_CODES.indexOf(c));

/** The most telling kind among a column's flags (one bit per category code): error, then tool and approval events, then the rest. */
export function tickCategory(flags: number): CategoryName {
  for (const code of PRIORITY_CODES) if (flags & (1 << code)) return CATEGORY_CODES[code] ?? 'other';
  return 'other';
}

/** A round step for the time axis, in ms, at least `raw`. */
export function niceStep(raw: number): number {
  const steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];
  return steps.find((s) => s >= raw) ?? 3_600_000 * Math.ceil(raw / 3_600_000);
}
