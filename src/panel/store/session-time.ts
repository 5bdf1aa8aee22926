// When a session began: its first request's start when the capture recorded it (so the first frame of a
// reply that took 1.6 s shows 1.6 s), else its first frame. Times in the panel count from there.
import type { Connection } from '../../model/frame';
import type { PanelSession } from './session-set';

export function sessionStart(session: PanelSession, connections: ReadonlyMap<string, Connection>): number | undefined {
  let start: number | undefined;
  for (const id of session.connectionIds) {
    const at = connections.get(id)?.startedAt;
    if (at !== undefined && Number.isFinite(at) && (start === undefined || at < start)) start = at;
  }
  const first = session.pipeline.frames[0]?.time;
  if (first !== undefined && (start === undefined || first < start)) start = first;
  return start;
}

/** `1.23 s`, `850 ms`, `2 min 5 s`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  const sign = ms < 0 ? '−' : '';
  const a = Math.abs(ms);
  if (a < 1000) return `${sign}${Math.round(a)} ms`;
  if (a < 60_000) return `${sign}${(a / 1000).toFixed(a < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(a / 60_000);
  return `${sign}${minutes} min ${Math.round((a - minutes * 60_000) / 1000)} s`;
}

/** Local clock time with milliseconds, as the Network panel's tooltips show it. */
export function formatClock(epochMs: number | undefined): string {
  if (epochMs === undefined || !Number.isFinite(epochMs)) return '—';
  const d = new Date(epochMs);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
