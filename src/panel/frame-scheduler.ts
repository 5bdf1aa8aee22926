// Runs queued work once per animation frame, in order, inside one signals `batch()`: a burst of hub
// messages (thousands of short-lived sockets) updates the store and redraws the panel once per frame
// the browser paints, not once per message. Where there is no requestAnimationFrame (a test DOM, a
// hidden document that throttles it), a zero timeout does the same.
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
 * Work per animation frame: past it, the rest waits for the next frame, so a backlog (the hub's
 * flow control sends at most a window of frames, in slices) never makes one long task and input is
 * answered in between.
 */
const FRAME_BUDGET_MS = 12;
/**
 * A frame that came this long after an update left work queued means drawing that update was slow
 * (a long rendering): the next update then waits as long again, so input is answered in between.
 */
const SLOW_FRAME_MS = 50;
const MAX_REST_MS = 1000;

export function frameScheduler(): FrameScheduler {
  let queue: (() => void)[] = [];
  let scheduled = false;
  let cancelFrame: (() => void) | undefined;
  /** When the last update that left work queued ended (its drawing follows). */
  let ranAt: number | undefined;
  let rest: ReturnType<typeof setTimeout> | undefined;
  const run = (budgetMs: number) => {
    cancelFrame?.();
    cancelFrame = undefined;
    scheduled = false;
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
    if (queue.length > 0) schedule();
  };
  const flush = () => run(Infinity);
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const onFrame = () => {
      const drawMs = ranAt === undefined ? 0 : performance.now() - ranAt;
      ranAt = undefined;
      if (drawMs > SLOW_FRAME_MS) {
        cancelFrame?.();
        cancelFrame = undefined;
        rest = setTimeout(() => {
          rest = undefined;
          scheduled = false;
          schedule();
        }, Math.min(drawMs, MAX_REST_MS));
        return;
      }
      run(FRAME_BUDGET_MS);
      if (queue.length > 0) ranAt = performance.now();
    };
    const timer = setTimeout(onFrame, typeof requestAnimationFrame === 'function' ? MAX_WAIT_MS : 0);
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(onFrame) : undefined;
    cancelFrame = () => {
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  };
  return {
    run(work) {
      queue.push(work);
      schedule();
    },
    flush,
    cancel() {
      clearTimeout(rest);
      rest = undefined;
      ranAt = undefined;
      cancelFrame?.();
      cancelFrame = undefined;
      scheduled = false;
      queue = [];
    },
  };
}
