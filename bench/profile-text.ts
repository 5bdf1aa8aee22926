// A V8 CPU profile (the DevTools protocol's Profiler.stop) as text: self time by function with its
// callers, the hottest first. For the bench's profiling scripts.
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time by function with `depth` callers (2 by default), the hottest `top` first, and the time busy out of the time sampled. */
export function hottest(profile: Profile, top = 25, depth = 2): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const name = (id: number | undefined) => {
    const f = id === undefined ? undefined : byId.get(id)?.callFrame;
    return f ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}` : '';
  };
  const self = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    total += ms;
    if (byId.get(id)?.callFrame.functionName === '(idle)') return;
    // The sampled function and its callers, `depth` of them.
    const chain = [name(id)];
    for (let p = parentOf.get(id); p !== undefined && chain.length <= depth; p = parentOf.get(p)) chain.push(name(p));
    const key = chain.join('  <  ');
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  const lines = [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${k}`);
  return `busy ${busy.toFixed(0)} ms of ${total.toFixed(0)} ms sampled\n${lines.join('\n')}`;
}
