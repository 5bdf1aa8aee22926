// How the panel writes times: durations since a session's request, and clock times.
import type { PanelSession } from './session-set';

/** When the session began: its first request's start where recorded, else its first frame. */
export function sessionStart(session: PanelSession): number | undefined {
  return session.metrics.headline().requestAt;
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
