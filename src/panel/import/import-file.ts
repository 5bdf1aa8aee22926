// Opens a file in the panel: the import worker (import-worker.ts) reads it and runs the pipelines; its
// messages are applied to the store once per animation frame and acknowledged after, so the timeline
// grows as the file is read and the panel keeps drawing. Where no worker can start (a test DOM, a
// policy that forbids it), the same work runs here, its messages cloned as a worker's would be.
import { applyEvent } from '../store/apply';
import type { PanelStore } from '../store/store';
import { frameScheduler } from '../frame-scheduler';
import type { PanelToWorker, WorkerToPanel } from './import-messages';
import { creditGate } from './credit-gate';
import { runImport, type RunOptions } from './import-run';
import ImportWorker from './import-worker?worker';

export interface ImportOptions {
  /** false: run the import on this thread (tests; the fallback when no worker starts). */
  worker?: boolean;
  /** See RunOptions (in this thread only). */
  wholeBytes?: number;
  firstPieceBytes?: number;
}

export interface FileImport {
  /** Settles when the import ended: read, failed, or left for another source. */
  done: Promise<void>;
  /** Stops reading (the store keeps what it has). */
  stop(): void;
}

let imports = 0;

export function importFile(store: PanelStore, file: Blob & { name?: string }, options: ImportOptions = {}): FileImport {
  let id = ++imports;
  const scheduler = frameScheduler();
  let settle = () => {};
  const done = new Promise<void>((resolve) => (settle = resolve));
  let stopWork = () => {};
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    stopWork();
    scheduler.cancel();
    settle();
  };
  const deliver = (message: WorkerToPanel, acknowledge: (batch: number) => void) => {
    scheduler.run(() => {
      // Another file, the live tab or a clear took the panel: this import has nothing more to show.
      if (stopped || store.toolbar.importing.peek()?.id !== id) return stop();
      applyEvent(store, { type: 'importMessage', id, message });
      if (message.type === 'frames') acknowledge(message.batch);
      if (message.type === 'done' || message.type === 'error') stop();
    });
  };
  const inThread = () => {
    // A fallback after the worker failed to start begins again, as an import of its own.
    if (worker) id = ++imports;
    applyEvent(store, { type: 'importStart', id, fileName: file.name, thread: 'panel' });
    const gate = creditGate();
    stopWork = () => gate.acknowledge(Number.MAX_SAFE_INTEGER);
    void runImport(file, {
      post: (message, transfer) => {
        if (!stopped) deliver(structuredClone(gate.sent(message), { transfer: transfer ?? [] }), (batch) => gate.acknowledge(batch));
      },
      open: () => gate.open(),
      ready: () => gate.ready(),
    }, runOptions(options));
  };
  const worker = options.worker === false ? undefined : takeWorker();
  if (!worker) {
    inThread();
    return { done, stop };
  }
  applyEvent(store, { type: 'importStart', id, fileName: file.name, thread: 'worker' });
  let heard = false;
  stopWork = () => worker.terminate();
  worker.onmessage = (event: MessageEvent<WorkerToPanel>) => {
    heard = true;
    deliver(event.data, (batch) => worker.postMessage({ type: 'ack', batch } satisfies PanelToWorker));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    if (stopped) return;
    // A worker that never started (a policy forbade it) leaves the work to this thread.
    if (!heard) return inThread();
    applyEvent(store, { type: 'importMessage', id, message: { type: 'error', message: 'the import stopped unexpectedly' } });
    stop();
  };
  worker.postMessage({ type: 'start', file } satisfies PanelToWorker);
  return { done, stop };
}

function runOptions(options: ImportOptions): RunOptions {
  const run: RunOptions = {};
  if (options.wholeBytes !== undefined) run.wholeBytes = options.wholeBytes;
  if (options.firstPieceBytes !== undefined) run.firstPieceBytes = options.firstPieceBytes;
  return run;
}

let spare: Worker | undefined;

/** Starts the import worker before a file is chosen (its script loaded and compiled), so the first rows wait less. */
export function prepareImportWorker(): void {
  if (spare) return;
  const worker = startWorker();
  if (!worker) return;
  // One that fails to start before a file comes is dropped; the import then meets the failure itself.
  worker.onerror = () => {
    if (spare === worker) spare = undefined;
    worker.terminate();
  };
  spare = worker;
}

function takeWorker(): Worker | undefined {
  const worker = spare ?? startWorker();
  spare = undefined;
  return worker;
}

function startWorker(): Worker | undefined {
  if (typeof Worker !== 'function') return undefined;
  try {
    // Vite's `?worker` import, not `new URL(…, import.meta.url)`: WXT rewrites import.meta.url, which hides that form from the bundler.
    return new ImportWorker({ name: 'import' });
  } catch {
    return undefined;
  }
}
