// Where a JS heap's allocations come from over a while (the DevTools protocol's sampling heap
// profiler, counting what was collected since too): the functions that allocate the most bytes, with
// their caller. For telling which per-frame work makes the garbage that grows the extension's memory.
type Call = <T>(method: string, params?: object) => Promise<T>;

interface SampleNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SampleNode[];
}

/** Samples allocations for `ms` and returns the top `n` allocating functions (with their caller) as lines. */
/**
 * `keep`: every allocation (`all`), those that outlived the young generation (`promoted`: still alive or
 * collected by a major GC, what fills the old generation with garbage), or those still alive when
 * sampling stops (`retained`).
 */
export async function allocationTop(call: Call, ms: number, n = 20, keep: 'all' | 'promoted' | 'retained' = 'all'): Promise<string> {
  await call('HeapProfiler.enable');
  await call('HeapProfiler.startSampling', {
    samplingInterval: keep === 'all' ? 32_768 : 4096,
    includeObjectsCollectedByMajorGC: keep !== 'retained',
    includeObjectsCollectedByMinorGC: keep === 'all',
  });
  await new Promise((r) => setTimeout(r, ms));
  const { profile } = await call<{ profile: { head: SampleNode } }>('HeapProfiler.stopSampling');
  await call('HeapProfiler.disable');
  const name = (node: SampleNode | undefined) =>
    node ? `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}` : '';
  const totals = new Map<string, number>();
  const walk = (node: SampleNode, parent: SampleNode | undefined) => {
    if (node.selfSize > 0) {
      const key = `${name(node)}  <  ${name(parent)}`;
      totals.set(key, (totals.get(key) ?? 0) + node.selfSize);
    }
    for (const c of node.children) walk(c, node);
  };
  walk(profile.head, undefined);
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [`${(all / 1e6).toFixed(1)} MB ${keep === 'all' ? 'allocated' : keep} in ${ms / 1000} s`, ...top.map(([k, b]) => `${(b / 1e6).toFixed(1).padStart(7)} MB  ${k}`)].join('\n');
}
