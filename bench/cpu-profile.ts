// The DevTools protocol's CPU profiler on a page (the panel, a tab with the extension): how the benches
// find where a main thread spends its time. Starting it and naming where each sample was taken (the
// function and the two callers above it) are the same for every bench; each sums the samples its own way.
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** A stopped profile: the node sampled each time, the microseconds before each sample, and their names. */
export interface CpuProfile {
  samples: number[];
  timeDeltas: number[];
  node(id: number): ProfileNode | undefined;
  /**
   * The sampled function with the two callers above it, joined by `separator`: where the time is spent
   * and who asked for it. Each is `function:line:column`, with its script's file name before the line
   * when `withFile`; a missing caller is empty.
   */
  withCallers(id: number, separator: string, withFile: boolean): string;
}

/** Starts the profiler on `page`, sampling every `intervalUs` µs; the returned call stops it and returns the profile. */
export async function startCpuProfile(page: Page, intervalUs: number): Promise<() => Promise<CpuProfile>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return async () => readProfile((await cdp.send('Profiler.stop')).profile);
}

function readProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }): CpuProfile {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const name = (id: number | undefined, withFile: boolean): string => {
    const f = id === undefined ? undefined : byId.get(id)?.callFrame;
    return f ? `${f.functionName || '(anonymous)'}${withFile ? ` ${f.url.split('/').pop()}` : ''}:${f.lineNumber}:${f.columnNumber}` : '';
  };
  return {
    samples: profile.samples ?? [],
    timeDeltas: profile.timeDeltas ?? [],
    node: (id) => byId.get(id),
    withCallers: (id, separator, withFile) => {
      const caller = parentOf.get(id);
      const callersCaller = caller === undefined ? undefined : parentOf.get(caller);
      return [id, caller, callersCaller].map((n) => name(n, withFile)).join(separator);
    },
  };
}

/** Starts the profiler on `page`; the returned call stops it and lists the 30 hottest functions by self time. */
export async function profileHottestFunctions(page: Page): Promise<() => Promise<string>> {
  const stop = await startCpuProfile(page, 200);
  return async () => {
    const profile = await stop();
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const key = profile.withCallers(id, '  <  ', true);
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    return [...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  };
}
