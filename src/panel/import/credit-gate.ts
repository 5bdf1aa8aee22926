// Flow control between the import worker and the panel: the worker may be at most `credit` batches
// ahead of what the panel has applied and drawn, so a fast reader never queues up the whole file in
// the panel's message queue (memory) nor hands it more than it can draw per frame (long tasks).
import type { WorkerToPanel } from './import-messages';

export const IMPORT_CREDIT = 2;

export interface CreditGate {
  /** Counts a message on its way to the panel; returns it. */
  sent(message: WorkerToPanel): WorkerToPanel;
  acknowledge(batch: number): void;
  /** Fewer than `credit` batches wait for the panel. */
  open(): boolean;
  /** Resolves once fewer than `credit` batches wait for the panel. */
  ready(): Promise<void>;
}

export function creditGate(credit = IMPORT_CREDIT): CreditGate {
  let last = -1;
  let acked = -1;
  let waiting: (() => void) | undefined;
  const open = () => last - acked < credit;
  return {
    sent(message) {
      if (message.type === 'frames') last = message.batch;
      return message;
    },
    acknowledge(batch) {
      acked = Math.max(acked, batch);
      if (waiting && open()) {
        const resolve = waiting;
        waiting = undefined;
        resolve();
      }
    },
    open,
    ready: () => (open() ? Promise.resolve() : new Promise<void>((resolve) => (waiting = resolve))),
  };
}
