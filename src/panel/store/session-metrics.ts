// A session's time figures for the metrics strip and the waterfall: the tracker's snapshot, taken
// once per change of the session (the strip and the waterfall read the same one).
import type { SessionMetrics } from '../../analysis/metrics-types';
import type { PanelSession } from './session-set';
import { panelPricer } from './pricer';

const cache = new WeakMap<PanelSession, { frames: number; findings: number; view: unknown; priced: boolean; metrics: SessionMetrics }>();

export function sessionMetrics(session: PanelSession): SessionMetrics {
  const view = session.pipeline.view();
  const findings = session.pipeline.findings();
  const frames = session.pipeline.frames.length;
  const pricer = panelPricer();
  const hit = cache.get(session);
  if (hit && hit.frames === frames && hit.findings === findings.length && hit.view === view && hit.priced === (pricer !== undefined)) return hit.metrics;
  const metrics = session.metrics.snapshot(view, findings, pricer);
  cache.set(session, { frames, findings: findings.length, view, priced: pricer !== undefined, metrics });
  return metrics;
}
