// Runs queued work once per animation frame, in order, inside one signals `batch()`: a burst of hub
// messages (thousands of short-lived sockets) updates the store and redraws the panel once per frame
// the browser paints, not once per message. Where there is no requestAnimationFrame (a test DOM, a
// hidden document that throttles it), a zero timeout does the same. While a backlog lasts (a flood: the
// hub keeps a window of frames on the way), updates come BACKLOG_GAP_MS apart, each with a larger
// budget: the panel then draws four times a second rather than sixty, and the main thread is free in
// between (drawing every animation frame made most of the panel's garbage and kept input waiting).
// Each drawing costs about the same however many frames it shows, and on a small machine it takes its
// CPU from the page receiving the burst: at ten drawings a second a page receiving 50,000 frames at full
// speed took 5–7% longer with the panel open, at four about 1%. 40 ms of applying per 250 ms (16% of a
// core) still keeps up with 10,000 frames a second.
import { batch } from '@preact/signals';

export interface FrameScheduler {
  run(work: () => void): void;
  /** Runs what is queued now (for a caller that must see the state before the next frame). */
  flush(): void;
  /** Drops what is queued and stops. */
  cancel(): void;
}

/** Longest wait for a frame: a DevTools panel that is not shown gets no animation frames at all. */
const MAX_WAIT_MS = 100;
/**
 * Work per animation frame: past it, the rest waits, so a backlog (the hub's flow control sends at
 * most a window of frames, in slices) never makes one long task and input is answered in between.
 */
const FRAME_BUDGET_MS = 12;
/** While work is left over from the last update: the least time from its start to the next one's, and the next one's budget. */
export const BACKLOG_GAP_MS = 250;
const BACKLOG_BUDGET_MS = 40;
/**
 * When the first animation frame after an update that left work queued came this long after it,
 * drawing that update was slow (a long rendering): the next update then waits as long again, so
 * input is answered in between.
 */
const SLOW_FRAME_MS = 50;
const MAX_REST_MS = 1000;

export function frameScheduler(): FrameScheduler {
  let queue: (() => void)[] = [];
  /** Cancels what is scheduled (a timer, an animation frame); undefined when nothing is. */
  let pending: (() => void) | undefined;
  /** When the last update that left work queued started and ended. */
  let backlog: { started: number; ended: number } | undefined;

  const run = (budgetMs: number) => {
    pending?.();
    pending = undefined;
    if (queue.length === 0) return;
    const started = performance.now();
    let done = 0;
    batch(() => {
      while (done < queue.length) {
        const w = queue[done++]!;
        // One failing update must not lose the ones queued after it.
        try {
          w();
        } catch (err) {
          console.warn('agent-stream-inspector: the panel could not apply an update', err);
        }
        if (performance.now() - started > budgetMs) break;
      }
    });
    queue = queue.slice(done);
    backlog = queue.length > 0 && budgetMs !== Infinity ? { started, ended: performance.now() } : undefined;
    if (queue.length > 0) schedule();
  };

  /** Calls `then` on the next animation frame (or after MAX_WAIT_MS without one); returns the cancel. */
  const nextFrame = (then: () => void): (() => void) => {
    const fire = () => {
      cancel();
      pending = undefined;
      then();
    };
    const timer = setTimeout(fire, typeof requestAnimationFrame === 'function' ? MAX_WAIT_MS : 0);
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fire) : undefined;
    const cancel = () => {
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
    return cancel;
  };

  const after = (ms: number, then: () => void): (() => void) => {
    const timer = setTimeout(() => {
      pending = undefined;
      then();
    }, ms);
    return () => clearTimeout(timer);
  };

  const schedule = () => {
    if (pending) return;
    const last = backlog;
    if (!last) {
      pending = nextFrame(() => run(FRAME_BUDGET_MS));
      return;
    }
    // A backlog: the first frame after the last update tells how long drawing it took; the next update
    // waits for the gap, and as long again as a slow drawing took.
    pending = nextFrame(() => {
      const now = performance.now();
      const drawMs = now - last.ended;
      const restMs = drawMs > SLOW_FRAME_MS ? Math.min(drawMs, MAX_REST_MS) : 0;
      const waitMs = Math.max(restMs, last.started + BACKLOG_GAP_MS - now);
      if (waitMs <= 0) run(BACKLOG_BUDGET_MS);
      else pending = after(waitMs, () => (pending = nextFrame(() => run(BACKLOG_BUDGET_MS))));
    });
  };

  return {
    run(work) {
      queue.push(work);
      schedule();
    },
    flush: () => run(Infinity),
    cancel() {
      pending?.();
      pending = undefined;
      backlog = undefined;
      queue = [];
    },
  };
}
