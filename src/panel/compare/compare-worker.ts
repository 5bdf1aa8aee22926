// The compare worker: reads the file and runs both inspections and the diff off the panel's thread,
// which a large file would otherwise hold for seconds. One comparison per worker. Started by compare-state.ts.
import '../../bridge/zod-without-eval';
import { calcPrice } from '@pydantic/genai-prices';
import { pricerOf } from '../../analysis/usage/price';
import { runComparison, type CompareOutcome } from './compare-run';
import type { Capture } from '../../model/frame';

interface WorkerScope {
  postMessage(message: CompareOutcome): void;
  onmessage: ((event: MessageEvent<{ mine: Capture; file: Blob }>) => void) | null;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  // The price table is bundled into the worker: a worker script is one file, it cannot load a chunk.
  void runComparison(event.data.mine, event.data.file, async () => pricerOf(calcPrice)).then((outcome) => scope.postMessage(outcome));
};
