// Per-session timing figures for a whole capture: what `agent-stream-inspector stats` prints and the
// package API returns.
import { decodeFrame } from '../model/decode';
import type { Capture, Connection } from '../model/frame';
import { protocols as registry } from '../protocols/registry';
import type { ProtocolDefinition, ProtocolId } from '../protocols/types';
import { describeFrame } from './describe-frame';
import { SessionMetricsTracker, type MetricsOptions } from './metrics';
import type { SessionMetrics } from './metrics-types';
import type { Pricer } from './usage/price';
import { splitSessions, type Session } from './sessions';
import { conversations } from './conversations';
import { pageToolStates, withPageTools, type PageToolStates } from './page-tools';
import { acrossSessionFindings } from './across-sessions';
import type { Finding } from '../model/finding';

export interface SessionStats {
  /** The agent session key, or the connection id when there is none. */
  session: string;
  protocol: ProtocolId | 'unknown';
  /** `METHOD url` (or the connection id) of each connection, in order. */
  connections: string[];
  metrics: SessionMetrics;
}

export interface StatsOptions {
  gapThresholdMs?: number;
  protocols?: readonly ProtocolDefinition[];
  /** Prices the reported tokens (`await loadPricer()`); without one, no cost is given. */
  pricer?: Pricer;
}

export function stats(capture: Capture, options: StatsOptions = {}): SessionStats[] {
  const list = options.protocols ?? registry;
  const metricsOptions: MetricsOptions = { timing: capture.timing === 'none' ? 'none' : 'real' };
  if (options.gapThresholdMs !== undefined) metricsOptions.gapThresholdMs = options.gapThresholdMs;
  const sessions = splitSessions(capture, list);
  const across = acrossRequests(sessions);
  return sessions.map((session) => sessionStats(session, list, metricsOptions, across, options.pricer));
}

/** What the requests of an input tell about each other, for the figures of each session: read once per input. */
export interface AcrossRequests {
  /** The page-run tool calls as the follow-up requests tell (a result carried there is a result). */
  tools: PageToolStates;
  /** Each session's findings with those of the checks across requests, as `check` counts them. */
  findings: (session: Session) => Finding[];
}

export function acrossRequests(sessions: readonly Session[]): AcrossRequests {
  const found = acrossSessionFindings(sessions);
  return { tools: pageToolStates(conversations(sessions)), findings: (s) => [...s.pipeline.findings(), ...(found.get(s) ?? [])] };
}

/**
 * One session's figures. With `across` (from all the input's sessions), a tool call whose result the
 * follow-up request carried has that request as its result, timed from the call, and the findings
 * count as `check` counts them.
 */
export function sessionStats(session: Session, list: readonly ProtocolDefinition[], options: MetricsOptions, across?: AcrossRequests, pricer?: Pricer): SessionStats {
  const { pipeline } = session;
  const protocol = list.find((p) => p.id === pipeline.protocol);
  const byId = new Map<string, Connection>(session.connections.map((c) => [c.id, c]));
  const tracker = new SessionMetricsTracker(options);
  for (const frame of pipeline.frames) {
    const decoded = decodeFrame(frame);
    tracker.append(decoded, describeFrame(decoded, protocol), byId.get(frame.connectionId));
  }
  const tools = across?.tools.get(session);
  const metrics = tracker.snapshot(withPageTools(pipeline.view(), tools), across ? across.findings(session) : pipeline.findings(), pricer);
  if (tools && metrics.timing === 'real') {
    for (const span of metrics.tools) {
      // The result came in another session's request: its time is that request's, not one this session holds.
      const state = tools.get(span.id);
      const callAt = tracker.timeOf(span.callFrame);
      if (span.latencyMs === undefined && state?.state === 'result' && state.time !== undefined && callAt !== undefined && span.resultFrame === state.frame) {
        span.latencyMs = Math.max(0, state.time - callAt);
      }
    }
  }
  return {
    session: session.key,
    protocol: pipeline.protocol,
    connections: session.connections.map(connectionLabel),
    metrics,
  };
}

function connectionLabel(connection: Connection): string {
  if (connection.url === undefined) return connection.id;
  return connection.method ? `${connection.method} ${connection.url}` : connection.url;
}
