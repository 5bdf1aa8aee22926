// What the capture left out of a session's frames: payloads it cut short (`truncated`) and payloads it
// counted and did not keep (the sum of `notKeptBefore`), for `check` to say what a fixture is missing.
import type { Frame } from '../model/frame';

export interface CaptureGapCounts {
  readonly cut: number;
  readonly notKept: number;
}

export const NO_CAPTURE_GAPS: CaptureGapCounts = { cut: 0, notKept: 0 };

export class CaptureGaps implements CaptureGapCounts {
  cut = 0;
  notKept = 0;

  /** Counts a frame that has `truncated` or `notKeptBefore` (the caller checks, on its hot path). */
  note(frame: Frame): void {
    if (frame.truncated !== undefined) this.cut++;
    this.notKept += frame.notKeptBefore ?? 0;
  }
}
