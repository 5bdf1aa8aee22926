// A session's time figures for the metrics strip and the waterfall: the tracker's snapshot, taken
// once per change of the session (the strip and the waterfall read the same one).
import type { SessionMetrics } from '../../analysis/metrics-types';
import type { PanelSession } from './session-set';

const cache = new WeakMap<PanelSession, { frames: number; findings: number; view: unknown; metrics: SessionMetrics }>();

export function sessionMetrics(session: PanelSession): SessionMetrics {
  const view = session.pipeline.view();
  const findings = session.pipeline.findings();
  const frames = session.pipeline.frames.length;
  const hit = cache.get(session);
  if (hit && hit.frames === frames && hit.findings === findings.length && hit.view === view) return hit.metrics;
  const metrics = session.metrics.snapshot(view, findings);
  cache.set(session, { frames, findings: findings.length, view, metrics });
  return metrics;
}
