// What the session picker says about a session: its name (the agent's own id when there is one, so a
// session reads the same live and re-imported), its connections, when it started, its state, how long
// it ran, its time to first token, frames and findings.
import type { Connection } from '../../model/frame';
import { addSeverityCounts, countBySeverity, type Finding, type Severity } from '../../model/finding';
import type { ViewItem } from '../../model/view';
import type { PanelSession } from './session-set';

export type SessionState = 'running' | 'done' | 'failed' | 'cut off';

export interface SessionSummaryRow {
  id: string;
  name: string;
  protocol: string;
  connections: string[];
  startedAt: number | undefined;
  state: SessionState;
  durationMs: number | undefined;
  firstTokenMs: number | undefined;
  frames: number;
  findings: Record<Severity, number>;
}

export function summarizeSession(
  session: PanelSession,
  connections: ReadonlyMap<string, Connection>,
  nameOf: (connectionId: string) => string,
  options: { live: boolean; untimed: boolean },
  /** Findings across requests reported on this session. */
  across: readonly Finding[] = [],
): SessionSummaryRow {
  const names = session.connectionIds.map(nameOf);
  const figures = options.untimed ? {} : session.metrics.headline();
  return {
    id: session.id,
    name: session.key ?? names[0] ?? session.id,
    protocol: session.pipeline.protocol,
    connections: names,
    startedAt: figures.requestAt,
    state: sessionState(session, connections, options.live),
    durationMs: figures.durationMs,
    firstTokenMs: figures.firstTokenMs,
    frames: session.pipeline.frames.length,
    findings: addSeverityCounts(countBySeverity(session.pipeline.findings()), across),
  };
}

export function sessionState(session: PanelSession, connections: ReadonlyMap<string, Connection>, live: boolean): SessionState {
  const view = session.pipeline.view();
  const failedStatus = session.connectionIds.some((id) => (connections.get(id)?.status ?? 0) >= 400);
  if (failedStatus || hasError(view.items)) return 'failed';
  if (!view.streaming) return 'done';
  const allClosed = session.connectionIds.every((id) => connections.get(id)?.closed !== undefined || connections.get(id)?.transport === 'http-json');
  return live && !allClosed ? 'running' : 'cut off';
}

/** Groups nest one level in every protocol; the bound only guards against a fold gone wrong. */
function hasError(items: readonly ViewItem[], depth = 0): boolean {
  for (const item of items) {
    if (item.kind === 'error') return true;
    if (item.kind === 'group' && depth < 8 && hasError(item.items, depth + 1)) return true;
  }
  return false;
}
