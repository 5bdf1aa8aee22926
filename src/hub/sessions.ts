// Agent sessions of one tab. The grouping follows splitSessions (src/model/sessions.ts), made
// incremental: a connection is its own session until its protocol and agent session key show in its
// first frames; then it joins the session with the same protocol and key (e.g. a History API
// response and the stream that follows a reload), or a stream joins the unkeyed history response
// just before it. Grouping reads only the first frames of each connection, so it costs next to
// nothing per frame. The hub folds no frame: a watching panel folds every frame itself, and all it
// takes from the hub's summaries is the grouping (ids, key, connections), the protocol and the
// count; a summary with findings (the debug hook, tests) builds a pipeline from the tab's frames
// when asked, and keeps none. A fold per frame in the service worker too was a second parse and fold
// of every frame in the extension's one process, and its garbage, during a flood.
import type { Connection, Frame } from '../model/frame';
import { decodeFrame } from '../model/decode';
import { SessionPipeline } from '../analysis/pipeline';
import { ProtocolDetector } from '../protocols/detect';
import type { ProtocolDefinition } from '../protocols/types';
import type { SessionSummary } from '../bridge/shared-schemas';

/** As in splitSessions: the protocol and key show early, and scanning further would decode twice. */
/** The summary's schema bound on a session key. */
const KEY_MAX = 200;
const KEY_SEARCH_FRAMES = 256;
const MAX_RULES_IN_SUMMARY = 20;

interface ConnectionState {
  connection: Connection;
  /** The frames the key search reads (its first KEY_SEARCH_FRAMES); the tab holds them all. */
  early: Frame[];
  frames: number;
  detector: ProtocolDetector;
  protocol: ProtocolDefinition | undefined;
  key: string | undefined;
  scanned: number;
  session: string;
}

interface Session {
  id: string;
  connectionIds: string[];
}

export interface SummaryOptions {
  /** Count the session's findings (errors, warnings, infos, rules): folds its frames, once, for this answer. */
  findings?: boolean;
}

export class TabSessions {
  private readonly connections = new Map<string, ConnectionState>();
  private readonly sessions = new Map<string, Session>();
  private readonly byKey = new Map<string, string>();
  private waitingHistory: string | undefined;
  /** Sessions emptied by a join since the last `takeRemoved`. */
  private removed: string[] = [];
  /** Frames whose grouping or analysis threw (a fault in the inspector); each cost only its own analysis. */
  faults = 0;

  /** `framesOf` reads the tab's held frames of some connections, oldest first. */
  constructor(
    private readonly registry: readonly ProtocolDefinition[],
    private readonly framesOf: (connectionIds: ReadonlySet<string>) => Iterable<Frame>,
  ) {}

  /** Registers (or updates) a connection; returns its session id. */
  addConnection(connection: Connection): string {
    const known = this.connections.get(connection.id);
    if (known) {
      known.connection = connection;
      return known.session;
    }
    const detector = new ProtocolDetector(this.registry);
    const state: ConnectionState = { connection, early: [], frames: 0, detector, protocol: detector.connection(connection), key: undefined, scanned: 0, session: connection.id };
    // A protocol known from the headers may name the session there too (MCP's Mcp-Session-Id): a
    // connection with no frames yet (an MCP GET stream) then joins its session at once, as in splitSessions.
    if (state.protocol) this.guard(() => (state.key = state.protocol!.sessionKey?.(connection, undefined)));
    this.connections.set(connection.id, state);
    this.sessions.set(connection.id, { id: connection.id, connectionIds: [connection.id] });
    this.place(state);
    return state.session;
  }

  /** Feeds a frame to its session. Returns the session id and whether sessions were regrouped. */
  append(frame: Frame): { session: string; regrouped: boolean } {
    const state = this.connections.get(frame.connectionId) ?? this.connections.get(this.addAndGet(frame.connectionId))!;
    state.frames++;
    if (state.scanned < KEY_SEARCH_FRAMES && (!state.protocol || state.key === undefined)) {
      state.scanned++;
      state.early.push(frame);
      const before = { protocol: state.protocol, key: state.key };
      this.guard(() => {
        const decoded = decodeFrame(frame);
        state.protocol ??= state.detector.frame(decoded);
        if (state.scanned === KEY_SEARCH_FRAMES) state.protocol ??= state.detector.best();
        if (state.protocol && !before.protocol) {
          // The key may sit in a frame before the one that gave the protocol away (e.g. the page's
          // subscription, sent before the replay reveals the protocol).
          for (const earlier of state.early) {
            if (state.key !== undefined) break;
            state.key = state.protocol.sessionKey?.(state.connection, earlier === frame ? decoded : decodeFrame(earlier));
          }
        } else if (state.protocol && state.key === undefined) state.key = state.protocol.sessionKey?.(state.connection, decoded);
      });
      if ((state.protocol !== before.protocol || state.key !== before.key) && this.place(state)) {
        return { session: state.session, regrouped: true };
      }
    }
    return { session: state.session, regrouped: false };
  }

  /** The session's grouping, protocol and frame count; with `findings`, its findings counted too. */
  summary(id: string, options: SummaryOptions = {}): SessionSummary | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    const members = s.connectionIds.map((c) => this.connections.get(c)!);
    const frames = members.reduce((n, m) => n + m.frames, 0);
    // The agent's own session id names the session the same way live and when a file is re-imported.
    const key = members.map((m) => m.key).find((k) => k !== undefined);
    const brief = {
      id,
      ...(key !== undefined && { key: key.slice(0, KEY_MAX) }),
      connectionIds: [...s.connectionIds],
      protocol: members.find((m) => m.protocol)?.protocol?.id ?? 'unknown',
      frames,
    };
    if (!options.findings) return brief;
    const pipeline = this.pipelineFor(members);
    const counts = { error: 0, warning: 0, info: 0 };
    const rules = new Set<string>();
    for (const f of pipeline.findings()) {
      counts[f.severity]++;
      if (rules.size < MAX_RULES_IN_SUMMARY) rules.add(f.rule);
    }
    return { ...brief, protocol: pipeline.protocol, errors: counts.error, warnings: counts.warning, infos: counts.info, rules: [...rules] };
  }

  /** Sessions that joined another one since the last call: a panel forgets them. */
  takeRemoved(): string[] {
    const removed = this.removed;
    this.removed = [];
    return removed;
  }

  summaries(options: SummaryOptions = {}): SessionSummary[] {
    return [...this.sessions.keys()].map((id) => this.summary(id, options)!);
  }

  clear(): void {
    this.connections.clear();
    this.sessions.clear();
    this.byKey.clear();
    this.waitingHistory = undefined;
    this.removed = [];
  }

  private addAndGet(connectionId: string): string {
    // A frame whose connection record never arrived still forms a session.
    this.addConnection({ id: connectionId, transport: 'file' });
    return connectionId;
  }

  /** Moves a connection that is alone in its session into the session it belongs to; true when it moved. */
  private place(state: ConnectionState): boolean {
    const own = this.sessions.get(state.session)!;
    if (own.connectionIds.length > 1) return false;
    const keyId = state.protocol && state.key !== undefined ? `${state.protocol.id}:${state.key}` : undefined;
    const isHistory = state.connection.transport === 'http-json';
    let target = keyId ? this.byKey.get(keyId) : undefined;
    if (!target && !isHistory && state.key === undefined && state.protocol && this.waitingHistory && this.waitingHistory !== own.id) {
      const history = this.sessions.get(this.waitingHistory);
      if (history && this.connections.get(history.connectionIds[0]!)?.protocol === state.protocol) target = this.waitingHistory;
    }
    if (keyId && !target) this.byKey.set(keyId, own.id);
    if (isHistory && state.key === undefined && state.protocol) this.waitingHistory = own.id;
    if (!target || target === own.id) return false;
    if (target === this.waitingHistory) this.waitingHistory = undefined;
    this.sessions.delete(own.id);
    this.removed.push(own.id);
    const joined = this.sessions.get(target)!;
    joined.connectionIds.push(state.connection.id);
    state.session = target;
    return true;
  }

  private pipelineFor(members: readonly ConnectionState[]): SessionPipeline {
    const protocol = members.find((m) => m.protocol)?.protocol?.id;
    // A summary reads only findings and the protocol: the pipeline keeps no frames of its own.
    const pipeline = new SessionPipeline(this.registry, { keepFrames: false, ...(protocol && { protocol }) });
    for (const m of members) this.guard(() => pipeline.addConnection(m.connection));
    // Frame by frame: one that throws must not keep the frames after it out of the session.
    for (const f of this.framesOf(new Set(members.map((m) => m.connection.id)))) this.guard(() => pipeline.append(f));
    return pipeline;
  }

  /** A fold bug must cost one frame's analysis, never the hub: the frame itself is already stored. */
  private guard(work: () => void): void {
    try {
      work();
    } catch (err) {
      this.faults++;
      console.warn('agent-stream-inspector: session pipeline failed on a frame', err);
    }
  }
}
