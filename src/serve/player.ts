// Plays one recorded connection's frames to a live client: recorded gaps (scaled by speed), waits for the
// page's own messages where the recording had them, and the injected faults. The transport (HTTP response
// or WebSocket) is behind the callbacks, so both replay alike.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Frame } from '../model/frame';
import { MAX_DELAY_MS, type FaultPlan } from './faults';

export interface Pace {
  speed: number;
  noDelay: boolean;
}

export interface PlaybackHooks {
  /** Writes one frame the recording received. */
  send(frame: Frame): void;
  /**
   * Waits for the client's message that the recording shows at `frame` (WebSocket); false when the client
   * is gone. Without it, frames the page sent are skipped (an HTTP request body has already arrived).
   */
  awaitClient?(frame: Frame): Promise<boolean>;
}

export type PlaybackEnd =
  | { how: 'complete' }
  /** The recording shows the connection closing (or failing) here. */
  | { how: 'recorded-close' | 'recorded-error'; frame: Frame }
  | { how: 'cut' | 'stall'; frame: number }
  /** The client left or the server is closing. */
  | { how: 'aborted' };

/** The 1-based frame number `check` prints. */
export const frameNumber = (frame: Frame): number => frame.index + 1;

export interface Playback {
  frames: readonly Frame[];
  /** When the recorded connection started (the request, the socket's opening). */
  startedAt: number | undefined;
  pace: Pace;
  faults: FaultPlan;
  signal: AbortSignal;
}

export async function play({ frames, startedAt, pace, faults, signal }: Playback, hooks: PlaybackHooks): Promise<PlaybackEnd> {
  const clock = new ReplayClock(pace, signal, Math.min(startedAt ?? Infinity, firstTime(frames)));
  for (const frame of frames) {
    if (signal.aborted) return { how: 'aborted' };
    if (frame.direction === 'out') {
      if (frame.kind !== 'message' || !hooks.awaitClient) continue;
      if (!(await hooks.awaitClient(frame))) return { how: 'aborted' };
      clock.anchor(frame.time);
      continue;
    }
    if (frame.kind === 'open') continue;
    if (!(await clock.until(frame.time))) return { how: 'aborted' };
    if (frame.kind === 'close') return { how: 'recorded-close', frame };
    if (frame.kind === 'error') return { how: 'recorded-error', frame };
    const n = frameNumber(frame);
    const extra = faults.extraDelay(n);
    if (extra > 0 && !(await wait(extra, signal))) return { how: 'aborted' };
    for (let copy = faults.copies(n); copy > 0; copy--) hooks.send(frame);
    if (faults.cutAfter(n)) return { how: 'cut', frame: n };
    if (faults.stallAfter(n)) return { how: 'stall', frame: n };
  }
  return { how: 'complete' };
}

/**
 * Maps recorded times to real ones. Gaps count from an anchor: the start of the connection, then each
 * message the page sent, so a client that answers late does not make the frames after it arrive early.
 */
class ReplayClock {
  private recordedAnchor: number;
  private realAnchor = performance.now();

  constructor(
    private readonly pace: Pace,
    private readonly signal: AbortSignal,
    start: number,
  ) {
    this.recordedAnchor = Number.isFinite(start) ? start : 0;
  }

  anchor(recordedTime: number): void {
    this.recordedAnchor = Math.max(this.recordedAnchor, recordedTime);
    this.realAnchor = performance.now();
  }

  /** Waits until the frame recorded at `recordedTime` is due; false when aborted. */
  async until(recordedTime: number): Promise<boolean> {
    if (this.pace.noDelay) return !this.signal.aborted;
    const gap = Math.max(0, recordedTime - this.recordedAnchor) / this.pace.speed;
    const due = this.realAnchor + gap;
    return wait(due - performance.now(), this.signal);
  }
}

/** The earliest recorded frame time (Infinity for none). */
function firstTime(frames: readonly Frame[]): number {
  let first = Infinity;
  for (const f of frames) if (Number.isFinite(f.time) && f.time < first) first = f.time;
  return first;
}

async function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (!(ms > 0)) return true;
  try {
    await sleep(Math.min(ms, MAX_DELAY_MS), undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
