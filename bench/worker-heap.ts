// The extension service worker's JS heap, read over the browser's DevTools protocol (a worker has
// no performance.memory, and Playwright opens protocol sessions only on pages): for the flood
// bench's trace, to tell the hub's memory from the panel's inside the one extension process.
import type { LaunchedBrowser } from '../test/e2e/support/launch';

export interface WorkerHeap {
  /** Used JS heap in MB; `gc` collects garbage first. */
  usedMb(gc?: boolean): Promise<number>;
  /** Used and reserved (used plus free) JS heap in MB. */
  sizes(): Promise<{ used: number; total: number }>;
  /** Any protocol command in the worker. */
  call<T>(method: string, params?: object): Promise<T>;
}

export async function workerHeap(browser: LaunchedBrowser): Promise<WorkerHeap> {
  const cdp = await browser.context.browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${browser.extensionId}/`));
  if (!sw) throw new Error('no extension service worker');
  // Not flattened: Playwright's session cannot address a child session, so messages go through the browser target.
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: sw.targetId, flatten: false });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.result);
    if (m.id !== undefined) pending.delete(m.id);
  });
  const call = <T>(method: string, params: object = {}): Promise<T> =>
    new Promise((resolve) => {
      const id = ++next;
      pending.set(id, resolve as (r: unknown) => void);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  return {
    call,
    async usedMb(gc = false) {
      if (gc) await call('HeapProfiler.collectGarbage');
      return (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize / 1e6;
    },
    async sizes() {
      const h = await call<{ usedSize: number; totalSize: number }>('Runtime.getHeapUsage');
      return { used: h.usedSize / 1e6, total: h.totalSize / 1e6 };
    },
  };
}
