// The work of an import, run in the import worker (import-worker.ts): the file is read in pieces, each
// frame goes to the panel in batches as soon as it is read and through the session split and the
// pipelines here, and the sessions' findings and views follow each batch. The result is the one the
// panel got by reading the whole capture and splitting it (`splitSessions`): frames that arrive in the
// capture's order are split as they come; an input whose frames need sorting (or whose made-up times
// were corrected once a recorded time arrived) is sent again, sorted, once it is read.
import type { Connection, Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import { readingOrder, type PendingFrame } from '../../capture-format/build-capture';
import { SessionSplitter } from '../../analysis/session-split';
import type { Session } from '../../analysis/sessions';
import { SessionMetricsTracker } from '../../analysis/metrics';
import { describeFrame } from '../../analysis/describe-frame';
import { decodeFrame } from '../../model/decode';
import { safeText } from '../../model/safe-text';
import { protocols } from '../../protocols/registry';
import { CaptureCollector, keptIndex } from '../../readers/capture-collector';
import { InputError, streamInput, type InputEnd, type InputSink } from '../../readers/read-input';
import { blobPieces } from './blob-pieces';
import { readParsedDocument } from './read-parsed';
import { afterFirstPiece, FIRST_PIECE_BYTES, FIRST_PIECE_MIN_FILE, FirstPieceMismatch, readFirstPiece } from './first-piece';
import { SessionTrack } from '../store/session-track';
import type { SessionTiming, SessionUpdate, WorkerToPanel } from './import-messages';

export interface ImportChannel {
  post(message: WorkerToPanel, transfer?: Transferable[]): void;
  /** Whether the panel can take another batch now (flow control). */
  open(): boolean;
  /** Resolves when it can. */
  ready(): Promise<void>;
}

/** Most frames per batch (the panel adds a batch in one task), and how often the reader looks at the panel. */
const BATCH_FRAMES = 10_000;
const FIRST_BATCH_FRAMES = 1000;
const BATCH_MS = 50;
/**
 * Views are larger than findings and the panel draws each one whole: while reading, a session's view
 * is sent at most every VIEW_EVERY_MS and only once the session has VIEW_GROWTH times the frames of the
 * view sent before, so a long session is drawn a handful of times rather than once per batch; always at the end.
 */
const VIEW_EVERY_MS = 250;
const VIEW_GROWTH = 2;

/** Files up to this size are parsed whole (JSON.parse), larger ones read in pieces. */
export const WHOLE_BYTES = 64 * 1024 * 1024;

export interface RunOptions {
  /** See WHOLE_BYTES (tests set 0 to read every file in pieces). */
  wholeBytes?: number;
  /** Bytes read first for the first rows (see first-piece.ts); 0: none. Tests set small ones. */
  firstPieceBytes?: number;
}

export async function runImport(file: Blob, channel: ImportChannel, options: RunOptions = {}): Promise<void> {
  try {
    const wholeBytes = options.wholeBytes ?? WHOLE_BYTES;
    const firstPieceBytes = options.firstPieceBytes ?? (file.size >= FIRST_PIECE_MIN_FILE ? FIRST_PIECE_BYTES : 0);
    try {
      await readAndSplit(file, channel, wholeBytes, firstPieceBytes);
    } catch (err) {
      if (!(err instanceof FirstPieceMismatch)) throw err;
      // Never seen: the readers hand on only what is final. Should it happen, the rows shown go.
      channel.post({ type: 'restart' });
      await readAndSplit(file, channel, wholeBytes, 0);
    }
  } catch (err) {
    const message = err instanceof InputError ? err.message : `could not read the file: ${err instanceof Error ? err.message : safeText(err)}`;
    channel.post({ type: 'error', message });
  }
}

async function readAndSplit(file: Blob, channel: ImportChannel, wholeBytes: number, firstPieceBytes: number): Promise<void> {
  const sink = new ProgressSink(channel);
  let into: InputSink = sink;
  if (firstPieceBytes > 0) {
    const first = await readFirstPiece(file, firstPieceBytes, sink);
    if (first.frames.length > 0) await sink.sendNow();
    into = afterFirstPiece(first, sink);
  }
  const end = (file.size <= wholeBytes ? await readWhole(file, into, sink) : undefined) ?? (await streamInput(paced(blobPieces(file), sink), into));
  const capture = sink.collector.capture(end);
  let split = sink.split;
  // The frames sent were read, not the capture's: send the capture's instead and split those.
  if (!split || (end.untimedLead ?? 0) > 1) {
    channel.post({ type: 'restart' });
    split = new Split(channel);
    for (const c of capture.connections) split.connection(c);
    for (const f of capture.frames) {
      split.frame(f);
      await split.maybeSend();
    }
  }
  await split.drain();
  const sessions = split.splitter.finish();
  // Each session's own findings: the checks across requests (tool loop, history against live) and the
  // conversations are the panel's, run over the imported sessions as over a live tab's (AcrossFindings),
  // so an imported file shows what the same traffic showed live, once.
  const updates = sessions.map((s, ordinal): SessionUpdate => ({
    ordinal,
    id: s.key,
    agentKey: s.agentKey,
    connectionIds: s.connections.map((c) => c.id),
    protocol: s.pipeline.protocol,
    findings: [...s.pipeline.findings()],
    replace: true,
    view: s.pipeline.view(),
  }));
  const { timings, transfer } = sessionTimings(sessions, capture.frames, capture.connections, capture.timing);
  const done: WorkerToPanel = { type: 'done', format: end.format, sessions: updates, timings };
  if (end.timing === 'none') done.timing = 'none';
  if (end.dropped !== undefined) done.dropped = end.dropped;
  // After the panel took (and drew) all but the last batches: the end never arrives with the first rows.
  await channel.ready();
  channel.post(done, transfer);
}

/** One JSON document parsed whole, its frames sent as the parsed value is walked; undefined when the file is not one. */
async function readWhole(file: Blob, into: InputSink, pace: ProgressSink): Promise<InputEnd | undefined> {
  const reading = readParsedDocument(await file.text(), into);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
    if (pace.due()) await pace.maybeSend();
  }
}

/** Hands the reader its next piece only after what the last one gave was sent (and the panel could take it). */
async function* paced(source: AsyncIterable<Uint8Array | string>, sink: ProgressSink): AsyncIterable<Uint8Array | string> {
  for await (const piece of source) {
    yield piece;
    await sink.maybeSend();
  }
}

/** The split and the pipelines of frames in the capture's order, and the batches sent to the panel. */
class Split {
  readonly splitter = new SessionSplitter(protocols, { keepFrames: false });
  private connections: Connection[] = [];
  private frames: Frame[] = [];
  private batch = 0;
  private checkedAt = Date.now();
  private viewAt = 0;
  /** Per session ordinal: the findings array last seen and how much of it was sent, what else was sent. */
  private readonly sent: { findings: readonly Finding[]; count: number; connections: number; protocol: string; viewFrames: number }[] = [];

  constructor(private readonly channel: ImportChannel) {}

  connection(connection: Connection): void {
    this.connections.push(connection);
    this.splitter.connection(connection);
  }

  frame(frame: Frame): void {
    this.frames.push(frame);
    this.splitter.frame(frame);
  }

  /** Time to let the panel's acknowledgements in and send what was read. */
  due(): boolean {
    return Date.now() - this.checkedAt >= BATCH_MS;
  }

  async maybeSend(): Promise<void> {
    if (this.due()) await this.pump();
  }

  /**
   * Reading never waits for the panel: what was read piles up here and goes out whenever the panel has
   * taken the previous batches, all of it at once (up to BATCH_FRAMES). So a panel slower than the
   * reader gets fewer, larger batches, and one faster gets the frames as they are read.
   */
  async pump(): Promise<void> {
    // A macrotask, so the worker's message queue (the panel's acknowledgements) is read.
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.checkedAt = Date.now();
    if (this.frames.length > 0 && this.channel.open()) this.post();
  }

  /** Sends every frame read, waiting for the panel between batches. */
  async drain(): Promise<void> {
    do {
      await this.channel.ready();
      this.post();
    } while (this.frames.length > 0);
  }

  private post(): void {
    const now = Date.now();
    const withViews = now - this.viewAt >= VIEW_EVERY_MS;
    if (withViews) this.viewAt = now;
    const sessions: SessionUpdate[] = [];
    this.splitter.sessions.forEach((s, ordinal) => {
      const update = this.update(s, ordinal, withViews);
      if (update) sessions.push(update);
    });
    // The first batch small: the timeline's first rows wait for nothing else.
    const most = this.batch === 0 ? FIRST_BATCH_FRAMES : BATCH_FRAMES;
    const frames = this.frames.length > most ? this.frames.splice(0, most) : this.frames;
    if (frames === this.frames) this.frames = [];
    this.channel.post({ type: 'frames', batch: this.batch++, connections: this.connections, frames, sessions });
    this.connections = [];
  }

  /** What changed in a session since it was last sent (undefined: nothing). */
  private update(session: Session, ordinal: number, withView: boolean): SessionUpdate | undefined {
    const findings = session.pipeline.findings();
    const before = this.sent[ordinal];
    const replace = before !== undefined && before.findings !== findings;
    const from = before && !replace ? before.count : 0;
    const protocol = session.pipeline.protocol;
    const frames = session.pipeline.frameCount;
    const changed = !before || replace || from < findings.length || before.connections !== session.connections.length || before.protocol !== protocol;
    const viewDue = withView && (!before || before.viewFrames === 0 || frames >= before.viewFrames * VIEW_GROWTH);
    if (!changed && !viewDue) return undefined;
    this.sent[ordinal] = { findings, count: findings.length, connections: session.connections.length, protocol, viewFrames: viewDue ? frames : (before?.viewFrames ?? 0) };
    const update: SessionUpdate = { ordinal, id: session.key, agentKey: session.agentKey, connectionIds: session.connections.map((c) => c.id), protocol, findings: findings.slice(from), replace };
    if (viewDue) update.view = session.pipeline.view();
    return update;
  }
}

/** Reads frames into the collector (kept for the end) and, while they come in the capture's order, into the split. */
class ProgressSink implements InputSink {
  readonly collector = new CaptureCollector();
  /** Undefined once the frames turned out not to come in the capture's order. */
  split: Split | undefined;
  private count = 0;
  /** The number given to the previous frame. */
  private previous = -1;
  private last: number | undefined;
  private readonly framed = new Set<string>();

  constructor(channel: ImportChannel) {
    this.split = new Split(channel);
  }

  connection(connection: Connection): void {
    this.collector.connection(connection);
    // A description after frames named the connection would change the split: read it again sorted.
    if (this.framed.has(connection.id)) this.split = undefined;
    this.split?.connection(connection);
  }

  frame(frame: PendingFrame): void {
    this.collector.frame(frame);
    if (!this.split) return;
    const order = readingOrder(frame);
    if (this.last !== undefined && order < this.last) {
      this.split = undefined;
      return;
    }
    this.last = order;
    this.framed.add(frame.connectionId);
    // Numbered in place as the collector numbers it at the end (it is the collector's own object): a
    // capture file's frame keeps its own number.
    const indexed = frame as Frame;
    const own = (frame as Partial<Frame>).index;
    indexed.index = typeof own === 'number' ? keptIndex(own, this.previous) : this.count++;
    this.previous = indexed.index;
    this.split.frame(indexed);
  }

  due(): boolean {
    return this.split?.due() ?? false;
  }

  async maybeSend(): Promise<void> {
    await this.split?.maybeSend();
  }

  /** Sends what was read without waiting for the batch time (the first rows). */
  async sendNow(): Promise<void> {
    await this.split?.pump();
  }
}

/** Each session's waterfall track and time figures, read with its final protocol (as SessionSet does). */
function sessionTimings(sessions: readonly Session[], frames: readonly Frame[], connections: readonly Connection[], timing: 'none' | undefined): { timings: SessionTiming[]; transfer: Transferable[] } {
  const byConnection = new Map<string, number>();
  sessions.forEach((s, ordinal) => s.connections.forEach((c) => byConnection.set(c.id, ordinal)));
  const described = new Map(connections.map((c) => [c.id, c]));
  const parts = sessions.map(() => ({ track: new SessionTrack(), metrics: new SessionMetricsTracker({ timing: timing === 'none' ? 'none' : 'real' }) }));
  for (const frame of frames) {
    const ordinal = byConnection.get(frame.connectionId);
    if (ordinal === undefined) continue;
    const part = parts[ordinal] as (typeof parts)[number];
    const decoded = decodeFrame(frame);
    const description = describeFrame(decoded, (sessions[ordinal] as Session).pipeline.definition);
    part.track.append(frame.index, frame.time, frame.connectionId, description);
    part.metrics.append(decoded, description, described.get(frame.connectionId));
  }
  const transfer: Transferable[] = [];
  const timings = parts.map(({ track, metrics }, ordinal) => {
    transfer.push(track.times.buffer, track.indexes.buffer, track.lanes.buffer, track.categories.buffer);
    return { ordinal, track: track as unknown as Record<string, unknown>, metrics: metrics as unknown as Record<string, unknown> };
  });
  return { timings, transfer };
}
