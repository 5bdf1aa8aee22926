// The session split made incremental: frames go in one at a time, in the capture's order, and each goes
// on to its session's pipeline as soon as the sessions it could belong to are known. A connection's
// protocol and agent session key show in its first frames (KEY_SEARCH_FRAMES at most), so while any
// connection is still undecided the frames that arrive are held, in order, and let go together once all
// are decided (or the input ends). Sessions are formed in the order of their first frames, as a split of
// the whole capture forms them, so the result is the same; only what the pipelines keep stays.
import type { Connection, DecodedFrame, Frame } from '../model/frame';
import { decodeFrame } from '../model/decode';
import { isolate, SessionPipeline } from './pipeline';
import { ProtocolDetector } from '../protocols/detect';
import type { ProtocolDefinition, ProtocolId } from '../protocols/types';
import { historyRecorder } from './history-live/recorder';

/** Detection and the session key show early; looking further would decode long sessions twice. */
export const KEY_SEARCH_FRAMES = 256;

export interface Session {
  /** The agent session key, or the connection id when there is none. */
  key: string;
  /** The agent's own session, thread or run id, when the frames or URL carry one. */
  agentKey?: string;
  connections: Connection[];
  pipeline: SessionPipeline;
}

export interface SplitOptions {
  /** As SessionPipeline's option: false keeps no frames once a session's protocol is certain. */
  keepFrames?: boolean;
}

/** One connection while its protocol and key are looked for in its first frames. */
class ConnectionScan {
  private readonly detector: ProtocolDetector;
  private readonly early: DecodedFrame[] = [];
  protocol: ProtocolDefinition | undefined;
  key: string | undefined;
  decided = false;
  session: Session | undefined;

  constructor(
    public connection: Connection,
    registry: readonly ProtocolDefinition[],
  ) {
    this.detector = new ProtocolDetector(registry);
    this.protocol = isolate(() => this.detector.connection(connection));
  }

  /** Looks at one of the connection's frames; true once its protocol and key are final. */
  observe(frame: Frame): boolean {
    if (this.decided) return true;
    const decoded = decodeFrame(frame);
    this.early.push(decoded);
    if (!this.protocol) this.protocol = isolate(() => this.detector.frame(decoded));
    if (this.protocol && this.key === undefined) {
      // The key may sit in a frame before the one that gave the protocol away (e.g. the page's first send).
      const found = this.protocol;
      for (const earlier of this.early) {
        this.key = isolate(() => found.sessionKey?.(this.connection, earlier));
        if (this.key !== undefined) break;
      }
      // Frames already searched need no second look.
      if (this.key === undefined) this.early.length = 0;
    }
    if ((this.protocol && this.key !== undefined) || this.seen() >= KEY_SEARCH_FRAMES) this.decide();
    return this.decided;
  }

  private scanned = 0;

  private seen(): number {
    return ++this.scanned;
  }

  /** No more frames will be looked at: the best guess and the connection's own key stand. */
  decide(): void {
    if (this.decided) return;
    this.decided = true;
    if (!this.protocol) {
      this.protocol = isolate(() => this.detector.best());
      const found = this.protocol;
      for (const earlier of this.early) {
        if (!found || this.key !== undefined) break;
        this.key = isolate(() => found.sessionKey?.(this.connection, earlier));
      }
    }
    const found = this.protocol;
    if (found && this.key === undefined) this.key = isolate(() => found.sessionKey?.(this.connection, undefined));
    this.early.length = 0;
  }
}

export class SessionSplitter {
  private readonly scans = new Map<string, ConnectionScan>();
  /** Connections with frames, in the order of their first frames, not yet placed in a session. */
  private readonly unplaced: ConnectionScan[] = [];
  private undecided = 0;
  private held: Frame[] = [];
  private readonly byKey = new Map<string, Session>();
  private waitingHistory: Session | undefined;
  private readonly all: Session[] = [];
  private finished = false;

  constructor(
    private readonly registry: readonly ProtocolDefinition[],
    private readonly options: SplitOptions = {},
  ) {}

  /** Describes (or describes again) a connection; one first named by a frame counts as a file connection. */
  connection(connection: Connection): void {
    const known = this.scans.get(connection.id);
    // Once the connection's frames are being looked at, its description stands.
    if (known && (known.session || this.unplaced.includes(known))) return;
    this.scans.set(connection.id, new ConnectionScan(connection, this.registry));
  }

  /** The next frame in the capture's order. */
  frame(frame: Frame): void {
    let scan = this.scans.get(frame.connectionId);
    if (!scan) {
      this.connection({ id: frame.connectionId, transport: 'file' });
      scan = this.scans.get(frame.connectionId) as ConnectionScan;
    }
    if (!scan.session && !this.unplaced.includes(scan)) {
      this.unplaced.push(scan);
      if (!scan.decided) this.undecided++;
    }
    if (!scan.decided && scan.observe(frame)) this.undecided--;
    if (this.undecided > 0 || this.held.length > 0) {
      this.held.push(frame);
      if (this.undecided === 0) this.release();
      return;
    }
    this.place();
    (scan.session as Session).pipeline.append(frame);
  }

  /** The input is complete: every connection settles on what its frames showed, and the pipelines finish. */
  finish(): Session[] {
    if (this.finished) return this.all;
    this.finished = true;
    for (const scan of this.unplaced) scan.decide();
    this.undecided = 0;
    this.release();
    for (const session of this.all) session.pipeline.finish();
    return this.all;
  }

  /** Sessions so far, in the order of their first frames. */
  get sessions(): readonly Session[] {
    return this.all;
  }

  private release(): void {
    this.place();
    const held = this.held;
    this.held = [];
    for (const frame of held) (this.scans.get(frame.connectionId)?.session as Session).pipeline.append(frame);
  }

  /** Places decided connections in sessions, in the order of their first frames (as splitSessions groups them). */
  private place(): void {
    // Called for every frame; almost always there is nothing to place.
    if (this.unplaced.length === 0) return;
    for (const scan of this.unplaced) {
      const id = scan.protocol && scan.key ? `${scan.protocol.id}:${scan.key}` : undefined;
      const existing = id ? this.byKey.get(id) : undefined;
      if (existing) {
        this.join(existing, scan);
        continue;
      }
      const isHistory = scan.connection.transport === 'http-json';
      const history = this.waitingHistory;
      if (!isHistory && history && this.scans.get(history.connections[0]?.id ?? '')?.protocol === scan.protocol && !scan.key) {
        this.join(history, scan);
        this.waitingHistory = undefined;
        continue;
      }
      const protocol: ProtocolId | undefined = scan.protocol?.id;
      // A request the page sent with a body (a chat turn) is read again across requests by the
      // tool-loop check, which needs its streamed frames: such sessions keep them. The others record the
      // view at each history read as they go, for history against live.
      const dropFrames = this.options.keepFrames === false && scan.connection.requestBody === undefined;
      const observe = dropFrames ? historyRecorder(protocol) : undefined;
      const pipeline = new SessionPipeline(this.registry, { ...(protocol && { protocol }), ...(dropFrames && { keepFrames: false }), ...(observe && { observe }) });
      const session: Session = { key: scan.key ?? scan.connection.id, connections: [], pipeline };
      this.all.push(session);
      this.join(session, scan);
      if (id) this.byKey.set(id, session);
      if (isHistory && !scan.key) this.waitingHistory = session;
    }
    this.unplaced.length = 0;
  }

  private join(session: Session, scan: ConnectionScan): void {
    scan.session = session;
    session.connections.push(scan.connection);
    session.pipeline.addConnection(scan.connection);
    if (scan.key !== undefined && session.agentKey === undefined) session.agentKey = scan.key;
  }
}
