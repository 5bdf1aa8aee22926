// Splits a capture into agent sessions and runs one pipeline per session. A connection is a session
// unless an agent session key (session id in the URL or frames) ties several together — e.g. a History
// API response and the stream subscription that follows a reload — or an unkeyed history response
// is followed by a stream of the same protocol on the same page, which the client joins the same way.
import type { Capture, Connection, Frame } from '../model/frame';
import { decodeFrame } from '../model/decode';
import { isolate, SessionPipeline } from './pipeline';
import { ProtocolDetector } from '../protocols/detect';
import type { ProtocolDefinition, ProtocolId } from '../protocols/types';

const KEY_SEARCH_FRAMES = 256;

export interface Session {
  /** The agent session key, or the connection id when there is none. */
  key: string;
  /** The agent's own session, thread or run id, when the frames or URL carry one. */
  agentKey?: string;
  connections: Connection[];
  pipeline: SessionPipeline;
}

interface ConnectionInfo {
  connection: Connection;
  frames: Frame[];
  protocol: ProtocolDefinition | undefined;
  key: string | undefined;
}

export function splitSessions(capture: Capture, registry: readonly ProtocolDefinition[]): Session[] {
  const byConnection = new Map<string, Frame[]>();
  for (const f of capture.frames) {
    let list = byConnection.get(f.connectionId);
    if (!list) byConnection.set(f.connectionId, (list = []));
    list.push(f);
  }
  const known = new Map(capture.connections.map((c) => [c.id, c]));
  // Frames may name a connection the capture did not describe; they still form a session.
  for (const id of byConnection.keys()) if (!known.has(id)) known.set(id, { id, transport: 'file' });
  const infos: ConnectionInfo[] = [...known.values()]
    .filter((c) => byConnection.has(c.id))
    .map((c) => describe(c, byConnection.get(c.id) ?? [], registry))
    .sort((a, b) => (a.frames[0]?.index ?? 0) - (b.frames[0]?.index ?? 0));

  const groups: ConnectionInfo[][] = [];
  const byKey = new Map<string, ConnectionInfo[]>();
  let waitingHistory: ConnectionInfo[] | undefined;
  for (const info of infos) {
    const id = info.protocol && info.key ? `${info.protocol.id}:${info.key}` : undefined;
    const existing = id ? byKey.get(id) : undefined;
    if (existing) {
      existing.push(info);
      continue;
    }
    const isHistory = info.connection.transport === 'http-json';
    if (!isHistory && waitingHistory && waitingHistory[0]?.protocol === info.protocol && !info.key) {
      waitingHistory.push(info);
      waitingHistory = undefined;
      continue;
    }
    const group = [info];
    groups.push(group);
    if (id) byKey.set(id, group);
    waitingHistory = isHistory && !info.key ? group : waitingHistory;
  }

  return groups.map((group) => {
    const first = group[0] as ConnectionInfo;
    const protocol: ProtocolId | undefined = group.find((g) => g.protocol)?.protocol?.id;
    const pipeline = new SessionPipeline(registry, protocol ? { protocol } : {});
    for (const g of group) pipeline.addConnection(g.connection);
    const frames = group.flatMap((g) => g.frames).sort((a, b) => a.index - b.index);
    for (const f of frames) pipeline.append(f);
    pipeline.finish();
    const agentKey = group.find((g) => g.key !== undefined)?.key;
    return { key: first.key ?? first.connection.id, ...(agentKey !== undefined && { agentKey }), connections: group.map((g) => g.connection), pipeline };
  });
}

function describe(connection: Connection, frames: Frame[], registry: readonly ProtocolDefinition[]): ConnectionInfo {
  const detector = new ProtocolDetector(registry);
  let protocol = detector.connection(connection);
  let key: string | undefined;
  // Detection and the session key show early; looking further would decode long sessions twice.
  const early = frames.slice(0, KEY_SEARCH_FRAMES).map(decodeFrame);
  for (const decoded of early) {
    protocol ??= isolate(() => detector.frame(decoded));
    if (protocol) break;
  }
  protocol ??= isolate(() => detector.best());
  // The key may sit in a frame before the one that gave the protocol away (e.g. the page's first send).
  for (const decoded of early) {
    if (!protocol || key !== undefined) break;
    const found = protocol;
    key = isolate(() => found.sessionKey?.(connection, decoded));
  }
  if (protocol && key === undefined) {
    const found = protocol;
    key = isolate(() => found.sessionKey?.(connection, undefined));
  }
  return { connection, frames, protocol, key };
}

