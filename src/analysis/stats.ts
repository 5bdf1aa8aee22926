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
  return splitSessions(capture, list).map((session) => sessionStats(session, list, metricsOptions, options.pricer));
}

export function sessionStats(session: Session, list: readonly ProtocolDefinition[], options: MetricsOptions, pricer?: Pricer): SessionStats {
  const { pipeline } = session;
  const protocol = list.find((p) => p.id === pipeline.protocol);
  const byId = new Map<string, Connection>(session.connections.map((c) => [c.id, c]));
  const tracker = new SessionMetricsTracker(options);
  for (const frame of pipeline.frames) {
    const decoded = decodeFrame(frame);
    tracker.append(decoded, describeFrame(decoded, protocol), byId.get(frame.connectionId));
  }
  return {
    session: session.key,
    protocol: pipeline.protocol,
    connections: session.connections.map(connectionLabel),
    metrics: tracker.snapshot(pipeline.view(), pipeline.findings(), pricer),
  };
}

function connectionLabel(connection: Connection): string {
  if (connection.url === undefined) return connection.id;
  return connection.method ? `${connection.method} ${connection.url}` : connection.url;
}
