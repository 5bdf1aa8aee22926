// The import worker: reads the file the panel hands it and runs the session split and the pipelines
// here, off the panel's thread (import-run.ts). Started by import-file.ts.
import '../../bridge/zod-without-eval';
import type { PanelToWorker, WorkerToPanel } from './import-messages';
import { runImport } from './import-run';
import { creditGate } from './credit-gate';

interface WorkerScope {
  postMessage(message: WorkerToPanel, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<PanelToWorker>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const gate = creditGate();

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'ack') gate.acknowledge(message.batch);
  else if (message.type === 'start') void runImport(message.file, { post: (m, transfer) => scope.postMessage(gate.sent(m), transfer ?? []), open: gate.open, ready: gate.ready });
};
