// A session's time figures for the metrics strip.
import type { Connection } from '../../model/frame';
import type { SessionMetrics } from '../../analysis/metrics-types';
import { countBySeverity } from '../../model/finding';
import type { PanelSession } from './session-set';
import { sessionStart } from './session-time';
import { waterfallSpans } from './waterfall-spans';

const GAP_MS = 2000;

export function sessionMetrics(session: PanelSession, connections: ReadonlyMap<string, Connection>, untimed: boolean): SessionMetrics {
  const findings = countBySeverity(session.pipeline.findings());
  const base: SessionMetrics = { timing: untimed ? 'none' : 'real', outputChars: 0, gaps: [], tools: [], waits: [], frames: session.pipeline.frames.length, findings };
  if (untimed) return base;
  const start = sessionStart(session, connections);
  const t = session.track;
  if (start === undefined || t.length === 0) return base;
  let firstByte: number | undefined;
  let firstToken: number | undefined;
  for (let i = 0; i < t.length; i++) {
    const c = t.category(i);
    if (firstByte === undefined && c !== 'request' && c !== 'lifecycle') firstByte = t.times[i];
    if (c === 'text' || c === 'reasoning') {
      firstToken = t.times[i];
      break;
    }
  }
  for (let i = 1; i < t.length; i++) {
    const ms = (t.times[i] as number) - (t.times[i - 1] as number);
    const gap = { ms, afterFrame: t.indexes[i - 1] as number, beforeFrame: t.indexes[i] as number };
    if (!base.longestGap || ms > base.longestGap.ms) base.longestGap = gap;
    if (ms > GAP_MS) base.gaps.push(gap);
  }
  for (const s of waterfallSpans(session)) {
    const latency = s.end !== undefined ? s.end - s.start : undefined;
    if (s.kind === 'tool') base.tools.push({ id: String(s.startFrame), name: s.label, callFrame: s.startFrame, ...(s.endFrame !== undefined && { resultFrame: s.endFrame }), ...(latency !== undefined && { latencyMs: latency }) });
    else base.waits.push({ kind: s.kind, id: String(s.startFrame), askFrame: s.startFrame, ...(s.endFrame !== undefined && { replyFrame: s.endFrame }), ...(latency !== undefined && { waitMs: latency }) });
  }
  const last = t.times[t.length - 1] as number;
  return {
    ...base,
    requestAt: start,
    ...(firstByte !== undefined && { firstByteMs: firstByte - start }),
    ...(firstToken !== undefined && { firstTokenMs: firstToken - start }),
    durationMs: last - start,
  };
}
