// A memory-infra dump of one Chromium process (DevTools protocol tracing): the size of each
// allocator (v8, blink_gc, partition_alloc, malloc, cc, ...), for finding what the extension's
// resident memory is made of when its JS heaps do not account for it.
import type { LaunchedBrowser } from '../test/e2e/support/launch';

type Dump = { pid: number; args?: { dumps?: { allocators?: Record<string, { attrs?: Record<string, { value: string }> }> } } };

/** Top-level allocators of process `pid` by size in MB (the biggest first). */
export async function allocatorSizes(browser: LaunchedBrowser, pid: number): Promise<[string, number][]> {
  const cdp = await browser.context.browser()!.newBrowserCDPSession();
  const events: Dump[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as Dump[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['disabled-by-default-memory-infra'] },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Tracing.requestMemoryDump', { deterministic: false, levelOfDetail: 'detailed' });
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const sizes = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid) continue;
    for (const [name, a] of Object.entries(e.args?.dumps?.allocators ?? {})) {
      const size = a.attrs?.size?.value;
      // Top level and one level down (e.g. v8/main, partition_alloc/partitions/buffer); deeper with ASI_MEMDUMP_DEPTH.
      if (size === undefined || name.split('/').length > Number(process.env.ASI_MEMDUMP_DEPTH ?? 3)) continue;
      sizes.set(name, Math.max(sizes.get(name) ?? 0, parseInt(size, 16) / 1e6));
    }
  }
  return [...sizes].filter(([, mb]) => mb >= 1).sort((a, b) => b[1] - a[1]);
}
