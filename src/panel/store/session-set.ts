// The panel's agent sessions: one SessionPipeline per session, fed incrementally. A whole capture
// (an imported file) is split by `splitSessions`; live frames from the hub are routed by the hub's
// session summaries (a session owns the connections listed in its `connectionIds`). A frame whose
// connection no summary names yet gets a session of its own, so it is shown and never lost. A live
// session's pipeline keeps no frames (`LivePipeline`): it reads them from the frame log.
import type { Capture, Connection, Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import { SessionPipeline } from '../../analysis/pipeline';
import { splitSessions } from '../../analysis/sessions';
import { protocols } from '../../protocols/registry';
import type { SessionSummary } from '../../bridge/shared-schemas';
import type { DecodedFrame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { SessionTrack } from './session-track';
import { describeFrame } from '../../analysis/describe-frame';
import { SessionMetricsTracker } from '../../analysis/metrics';
import { LivePipeline } from './live-pipeline';
import type { FrameLog } from './frame-log';

export interface PanelSession {
  id: string;
  /** The agent's own session, thread or run id, when known: what the picker names the session by. */
  key?: string | undefined;
  connectionIds: string[];
  pipeline: SessionPipeline;
  /** Times, lanes and kinds of the session's frames, for the waterfall and the time figures. */
  track: SessionTrack;
  /** The protocol the track's kinds were read with; a change (detection) rebuilds the track. */
  trackProtocol: string;
  /** Time figures (first byte, first token, gaps, tool latencies), kept current per frame. */
  metrics: SessionMetricsTracker;
  /** Findings of the pipeline already folded into the frame markers (see FindingsIndex). */
  seenFindings: number;
  seenFindingsOf: readonly Finding[] | undefined;
}

export class SessionSet {
  readonly list: PanelSession[] = [];
  /** `none` when the input carries no clock: the metrics then give no time figure. */
  timing: 'real' | 'none' = 'real';
  /** Set when a session was rebuilt or removed: derived indexes must start over. Reset by the reader. */
  rebuilt = false;
  /** Sessions that took frames or were refolded since the reader last took them (see FindingsIndex). */
  private touched = new Set<PanelSession>();
  private readonly byId = new Map<string, PanelSession>();
  private readonly byConnection = new Map<string, PanelSession>();

  /** `log` holds the frames the live sessions read (their pipelines keep none). */
  constructor(private readonly log: FrameLog) {}

  get(id: string): PanelSession | undefined {
    return this.byId.get(id);
  }

  ofConnection(connectionId: string): PanelSession | undefined {
    return this.byConnection.get(connectionId);
  }

  /** The sessions touched since the last call: what derived indexes need to look at. */
  takeTouched(): ReadonlySet<PanelSession> {
    const touched = this.touched;
    this.touched = new Set();
    return touched;
  }

  clear(): void {
    this.rebuilt = true;
    this.touched.clear();
    this.timing = 'real';
    this.list.length = 0;
    this.byId.clear();
    this.byConnection.clear();
  }

  /** A complete capture read from a file: split exactly as the CLI does, pipelines finished. */
  loadCapture(capture: Capture): void {
    this.clear();
    this.timing = capture.timing === 'none' ? 'none' : 'real';
    this.connectionsRef = new Map(capture.connections.map((c) => [c.id, c]));
    for (const s of splitSessions(capture, protocols)) {
      const session = this.add({ id: s.key, key: s.agentKey, connectionIds: s.connections.map((c) => c.id), pipeline: s.pipeline, ...this.emptyTrack(), seenFindings: 0, seenFindingsOf: undefined });
      this.retrack(session);
    }
  }

  /** A session read elsewhere (an import's worker), taken as it is, after the sessions already here. */
  adopt(session: PanelSession): PanelSession {
    return this.add(session);
  }

  /** A session adopted earlier owns these connections now. */
  assign(session: PanelSession, connectionIds: readonly string[]): void {
    session.connectionIds = [...connectionIds];
    for (const c of connectionIds) this.byConnection.set(c, session);
    this.touched.add(session);
  }

  /** A session adopted earlier changed (findings, view): derived indexes look at it again. */
  touch(session: PanelSession): void {
    this.touched.add(session);
  }

  /**
   * The hub's summaries changed. A connection that moves to another session (a History API response
   * joined to the stream that follows a reload) makes both sessions rebuild from their frames; that
   * happens once per join, not per frame.
   */
  /** Returns whether a session was added, regrouped or renamed (the hub sends a summary of every session a batch touched). */
  applySummaries(summaries: readonly SessionSummary[], connections: ReadonlyMap<string, Connection>): boolean {
    let changed = false;
    for (const summary of summaries) {
      const existing = this.byId.get(summary.id);
      if (existing && summary.key !== undefined && existing.key !== summary.key) {
        existing.key = summary.key;
        changed = true;
      }
      const moved = summary.connectionIds.filter((c) => this.byConnection.get(c) !== existing || !existing);
      if (existing && moved.length === 0) continue;
      changed = true;
      const affected = new Set<PanelSession>();
      if (existing) affected.add(existing);
      for (const c of moved) {
        const owner = this.byConnection.get(c);
        if (owner) affected.add(owner);
      }
      const session: PanelSession = existing ?? this.add(this.liveSession(summary.id, []));
      if (summary.key !== undefined) session.key = summary.key;
      for (const other of affected) {
        if (other === session) continue;
        other.connectionIds = other.connectionIds.filter((c) => !summary.connectionIds.includes(c));
      }
      session.connectionIds = [...summary.connectionIds];
      for (const c of session.connectionIds) this.byConnection.set(c, session);
      for (const other of [...affected, session]) this.rebuild(other, connections);
      this.rebuilt = true;
      for (const other of affected) if (other !== session && other.connectionIds.length === 0) this.remove(other);
    }
    return changed;
  }

  /** Routes one live frame to its session: O(1) plus the fold's own constant cost. */
  append(frame: Frame, connections: ReadonlyMap<string, Connection>): PanelSession {
    let session = this.byConnection.get(frame.connectionId);
    if (!session) {
      session = this.add(this.liveSession(frame.connectionId, [frame.connectionId]));
      this.byConnection.set(frame.connectionId, session);
      const connection = connections.get(frame.connectionId);
      if (connection) session.pipeline.addConnection(connection);
    }
    this.connectionsRef = connections;
    this.touched.add(session);
    const decoded = session.pipeline.append(frame);
    // A stream that ended undecided is read as `check` reads the export (see SessionPipeline.guess).
    if ((frame.kind === 'close' || frame.kind === 'error') && session.pipeline.protocol === 'unknown') session.pipeline.guess();
    if (session.pipeline.protocol !== session.trackProtocol) this.retrack(session);
    else trackFrame(session, decoded, connections.get(frame.connectionId));
    return session;
  }

  /**
   * The hub's bound dropped frames of these connections (already gone from the frame log). A session
   * left without frames is removed; one that lost some is folded again from the frames it kept, so
   * its rendering and findings describe what is still there. Costs the kept frames of the sessions
   * that lost some; the other sessions are not visited. Returns the sessions that lost frames
   * (removed or folded again).
   */
  trim(droppedFrom: ReadonlySet<string>, connections: ReadonlyMap<string, Connection>): ReadonlySet<PanelSession> {
    const affected = new Set<PanelSession>();
    for (const id of droppedFrom) {
      const session = this.byConnection.get(id);
      if (session) affected.add(session);
    }
    const gone = new Set<PanelSession>();
    for (const session of affected) {
      if (session.connectionIds.every((c) => this.log.countOf(c) === 0)) gone.add(session);
      else this.rebuild(session, connections);
    }
    if (gone.size > 0) {
      for (const session of gone) {
        this.byId.delete(session.id);
        this.touched.delete(session);
        for (const c of session.connectionIds) if (this.byConnection.get(c) === session) this.byConnection.delete(c);
      }
      // One pass over the list, not one search per removed session.
      let at = 0;
      for (const session of this.list) if (!gone.has(session)) this.list[at++] = session;
      this.list.length = at;
    }
    return affected;
  }

  /**
   * The panel let these frames go (its memory bound, already gone from the frame log): each session
   * that had some lets them go too, its view and findings unchanged (see SessionPipeline.forgetBefore).
   */
  letGo(droppedFrom: ReadonlySet<string>, below: number): void {
    const affected = new Set<PanelSession>();
    for (const id of droppedFrom) {
      const session = this.byConnection.get(id);
      if (session) affected.add(session);
    }
    for (const session of affected) session.pipeline.forgetBefore(below);
  }

  private add(session: PanelSession): PanelSession {
    // An id taken by another session (a connection id equal to a session key) gets a suffix.
    let id = session.id;
    for (let n = 2; this.byId.has(id); n++) id = `${session.id} (${n})`;
    session.id = id;
    this.list.push(session);
    this.touched.add(session);
    this.byId.set(id, session);
    for (const c of session.connectionIds) this.byConnection.set(c, session);
    return session;
  }

  private remove(session: PanelSession): void {
    this.rebuilt = true;
    this.byId.delete(session.id);
    const at = this.list.indexOf(session);
    if (at >= 0) this.list.splice(at, 1);
  }

  /** The connections last handed in, for reading a session's frames again. */
  private connectionsRef: ReadonlyMap<string, Connection> = new Map();

  /** A session of the live tab, its pipeline reading its frames from the log. */
  private liveSession(id: string, connectionIds: string[]): PanelSession {
    const session: PanelSession = { id, connectionIds, pipeline: undefined as unknown as SessionPipeline, ...this.emptyTrack(), seenFindings: 0, seenFindingsOf: undefined };
    session.pipeline = this.livePipeline(session);
    return session;
  }

  private livePipeline(session: PanelSession): LivePipeline {
    return new LivePipeline(
      () => this.log.sessionFrames(session.connectionIds),
      () => session.connectionIds.flatMap((c) => this.connectionsRef.get(c) ?? []),
    );
  }

  private emptyTrack(): Pick<PanelSession, 'track' | 'trackProtocol' | 'metrics'> {
    return { track: new SessionTrack(), trackProtocol: 'unknown', metrics: new SessionMetricsTracker({ timing: this.timing }) };
  }

  /** Reads the session's frames again with its current protocol: once per detection or rebuild, not per frame. */
  private retrack(session: PanelSession): void {
    Object.assign(session, this.emptyTrack());
    session.trackProtocol = session.pipeline.protocol;
    // A live session's frames from the log, one made at a time; a file's from its pipeline.
    if (session.pipeline instanceof LivePipeline) {
      const frames = this.log.sessionFrames(session.connectionIds);
      for (let i = 0, n = frames.count(); i < n; i++) {
        const f = frames.at(i);
        trackFrame(session, decodeFrame(f), this.connectionsRef.get(f.connectionId));
      }
    } else for (const f of session.pipeline.frames) trackFrame(session, decodeFrame(f), this.connectionsRef.get(f.connectionId));
  }

  private rebuild(session: PanelSession, connections: ReadonlyMap<string, Connection>): void {
    this.connectionsRef = connections;
    const pipeline = this.livePipeline(session);
    for (const c of session.connectionIds) {
      const connection = connections.get(c);
      if (connection) pipeline.addConnection(connection);
    }
    const frames = this.log.sessionFrames(session.connectionIds);
    for (let i = 0, n = frames.count(); i < n; i++) pipeline.append(frames.at(i));
    session.pipeline = pipeline;
    this.retrack(session);
    // The findings index sees a new findings array and replaces what this session marked before.
    this.touched.add(session);
  }
}

function trackFrame(session: PanelSession, decoded: DecodedFrame, connection: Connection | undefined): void {
  const description = describeFrame(decoded, session.pipeline.definition);
  session.track.append(decoded.frame.index, decoded.frame.time, decoded.frame.connectionId, description);
  session.metrics.append(decoded, description, connection);
}
