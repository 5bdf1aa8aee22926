// CPU time of every Chromium process of one browser, read from /proc (Linux only), grouped by
// what the process does. On a machine with few cores the page's wall time depends on what every
// other process burns at the same time, so the capture benchmark reports where the CPU went.
import fs from 'node:fs';

export type ProcessRole = 'browser' | 'page renderer' | 'extension' | 'network' | 'storage' | 'gpu' | 'other';

export type CpuByRole = Record<ProcessRole, number>;

const TICK_MS = 10; // USER_HZ is 100 on Linux.

function stat(pid: number): { ppid: number; cpuMs: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

function role(cmd: string): ProcessRole {
  if (!cmd.includes('--type=')) return 'browser';
  if (cmd.includes('--type=renderer')) return cmd.includes('--extension-process') ? 'extension' : 'page renderer';
  if (cmd.includes('network.mojom.NetworkService')) return 'network';
  if (cmd.includes('storage.mojom.StorageService')) return 'storage';
  if (cmd.includes('--type=gpu-process')) return 'gpu';
  return 'other';
}

/** CPU milliseconds so far of each process of the browser started with `marker` in its command line. */
export function snapshotCpu(marker: string): Map<number, { role: ProcessRole; cpuMs: number }> {
  const out = new Map<number, { role: ProcessRole; cpuMs: number }>();
  if (process.platform !== 'linux') return out;
  const all = new Map<number, { ppid: number; cpuMs: number; cmd: string }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const s = stat(pid);
    const cmd = s && commandLine(pid);
    if (s && cmd !== undefined) all.set(pid, { ...s, cmd });
  }
  // The browser process (the profile directory is on its command line), then every descendant.
  const tree = new Set([...all].filter(([, p]) => p.cmd.includes(marker) && !p.cmd.includes('--type=')).map(([pid]) => pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of all) {
      if (tree.has(pid) || !tree.has(p.ppid)) continue;
      tree.add(pid);
      grew = true;
    }
  }
  for (const pid of tree) out.set(pid, { role: role(all.get(pid)!.cmd), cpuMs: all.get(pid)!.cpuMs });
  return out;
}

/** CPU spent between two snapshots, summed by role (a process born in between counts from zero). */
export function cpuBetween(before: ReturnType<typeof snapshotCpu>, after: ReturnType<typeof snapshotCpu>): CpuByRole {
  const sums: CpuByRole = { browser: 0, 'page renderer': 0, extension: 0, network: 0, storage: 0, gpu: 0, other: 0 };
  for (const [pid, a] of after) sums[a.role] += a.cpuMs - (before.get(pid)?.cpuMs ?? 0);
  return sums;
}

/**
 * Memory in MB of every process of the browser started with `marker`, summed by role: resident
 * (`VmRSS`), or with `private` the process's own (`RssAnon` + `VmSwap`, what Chrome's task manager
 * shows as its memory footprint on Linux). Resident memory also counts the pages of Chromium's code and
 * fonts that every Chromium process maps and shares (about 110 MB for an extension process).
 */
export function rssByRole(marker: string, kind: 'resident' | 'private' = 'resident'): CpuByRole {
  const sums: CpuByRole = { browser: 0, 'page renderer': 0, extension: 0, network: 0, storage: 0, gpu: 0, other: 0 };
  for (const [pid, p] of snapshotCpu(marker)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      const kb = kind === 'resident' ? field('VmRSS') : field('RssAnon') + field('VmSwap');
      sums[p.role] += kb / 1024;
    } catch {
      // the process ended between the two reads
    }
  }
  return sums;
}
