// One agent session's pipeline: frames → decode → protocol detection → fold (view model) + findings.
// Appending costs the same at frame 10 and frame 100,000; the view and findings as of any earlier
// frame are had by replaying into a fresh fold (scrubbing), which never touches the live one.
// A fold that throws on a frame is isolated: the frame shows as a fault item with a finding and the
// session goes on with the frames after it.
import type { Connection, DecodedFrame, Frame } from '../model/frame';
import { StampingSink, type Finding, type RuleMeta } from '../model/finding';
import type { RawItem, ViewModel } from '../model/view';
import { decodeFrame } from '../model/decode';
import { safeText } from '../model/safe-text';
import { FOLD_FAULT_RULE, PIPELINE_RULES } from './pipeline-rules';
import { ProtocolDetector } from '../protocols/detect';
import type { ProtocolDefinition, ProtocolFold, ProtocolId } from '../protocols/types';
import { createRawFold } from '../protocols/raw-fold';
import { rawItem } from '../protocols/shared/view-helpers';
import { withUserTurns } from './user-turns';
import { CaptureGaps, NO_CAPTURE_GAPS, type CaptureGapCounts } from './capture-gaps';
import { collectCutOffs, withCutOffs } from './cut-off';
import { withFaults } from './fault-items';

export interface PipelineOptions {
  /** Skip detection and use this protocol. */
  protocol?: ProtocolId;
  /**
   * false: keep frames only while the protocol is uncertain (to replay them on a switch), none after a
   * decisive choice. The view and findings are the same; scrubbing (`viewAt`, `findingsAt`) and
   * `frames` are then unavailable. For one-pass analysis of large inputs (the command line).
   */
  keepFrames?: boolean;
  /** Called with each frame, decoded, before it is folded (a check that needs the view just before a frame). */
  observe?: (decoded: DecodedFrame, pipeline: SessionPipeline) => void;
}

export class SessionPipeline {
  /**
   * The session's frames, kept as received. Parsed JSON is not kept: holding every parsed payload
   * of a long session costs more in garbage collection than parsing again when the user scrubs.
   */
  private readonly received: Frame[] = [];
  private readonly connections: Connection[] = [];
  /** Made when first needed: a pipeline told its protocol never detects. */
  private detectorMade: ProtocolDetector | undefined;
  private protocolDef: ProtocolDefinition | undefined;
  /** Chosen on a decisive frame or an explicit choice, not merely on the best guess so far. */
  private certain = false;
  /**
   * Wrapped in withUserTurns (its requests' prompts as user turns) once the session has a connection:
   * the wrapper holds nothing until a connection carries a prompt, so a session seen without
   * connection metadata (a file, the bench) skips that layer on every frame.
   */
  private fold: ProtocolFold;
  private allFindings: Finding[] = [];
  private current = -1;
  private finished = false;
  private scrub: { fold: ProtocolFold; upTo: number; position: number } | undefined;
  private readonly keepFrames: boolean;
  private readonly observe: PipelineOptions['observe'];
  private appended = 0;
  /** Fault items of frames the fold threw on, in frame order; cleared when the fold is rebuilt. */
  private faults: RawItem[] = [];
  /** Capture indexes of the frames the user sent from the inspector's panel (`sentBy`), not the page. */
  private inspectorSent: number[] | undefined;
  /** What the capture left out of this session's frames (see `captureGaps`); absent while nothing. */
  private gaps: CaptureGaps | undefined;

  constructor(
    private readonly registry: readonly ProtocolDefinition[],
    options: PipelineOptions = {},
  ) {
    this.keepFrames = options.keepFrames !== false;
    this.observe = options.observe;
    if (options.protocol) {
      this.protocolDef = findProtocol(registry, options.protocol);
      this.certain = this.protocolDef !== undefined;
    }
    this.fold = this.newFold();
  }

  private get detector(): ProtocolDetector {
    this.detectorMade ??= new ProtocolDetector(this.registry);
    return this.detectorMade;
  }

  get protocol(): ProtocolId | 'unknown' {
    return this.protocolDef?.id ?? 'unknown';
  }

  get frames(): readonly Frame[] {
    this.requireFrames('frames');
    return this.received;
  }

  /** How many frames the session has received, whether or not they are kept. */
  get frameCount(): number {
    return this.appended;
  }

  /** Capture indexes of the frames sent from the inspector's panel rather than by the page, in order. */
  get sentByInspector(): readonly number[] {
    return this.inspectorSent ?? [];
  }

  /**
   * Frames of this session whose payload the capture cut (`truncated`), and payloads it counted and did
   * not keep (the sum of `notKeptBefore`): what `check` says the fixture is missing.
   */
  get captureGaps(): CaptureGapCounts {
    return this.gaps ?? NO_CAPTURE_GAPS;
  }

  /** The protocol in use, when one was chosen. */
  get definition(): ProtocolDefinition | undefined {
    return this.protocolDef;
  }

  /** Metadata of a connection whose frames this session receives (a response header may decide the protocol). */
  addConnection(connection: Connection): void {
    this.settle();
    if (this.connections.length === 0 && this.protocolDef) this.fold = withUserTurns(this.fold, this.protocolDef);
    this.connections.push(connection);
    isolate(() => this.fold.connection?.(connection));
    if (this.certain) return;
    const chosen = isolate(() => this.detector.connection(connection));
    if (chosen) this.switchTo(chosen, true);
  }

  /** Consumes one frame; returns it decoded, so callers that describe it do not parse it again. */
  append(frame: Frame): DecodedFrame {
    // No closure here: one that reads `decoded` would make every call allocate a context for it.
    const decoded = decodeFrame(frame);
    this.appended++;
    if (frame.sentBy === 'inspector') (this.inspectorSent ??= []).push(frame.index);
    if (frame.truncated !== undefined || frame.notKeptBefore !== undefined) (this.gaps ??= new CaptureGaps()).note(frame);
    if (this.observe !== undefined) this.observeFrame(decoded);
    if (this.keepFrames || !this.certain) this.received.push(frame);
    if (this.certain) this.wait(decoded);
    else if (!this.detectOn(decoded)) this.applyLive(decoded);
    return decoded;
  }

  /**
   * Folds a frame later, with the frames after it (see `batch`): once the session is read, the batch
   * is full or another session appends.
   */
  private wait(decoded: DecodedFrame): void {
    if (waiting !== this) {
      waiting?.settle();
      // The one session whose frames wait is module state (see `batch`), not a copy of this.
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      waiting = this;
    }
    batch[batched++] = decoded;
    batchChars += decoded.frame.data.length;
    if (batched >= BATCH_FRAMES || batchChars >= BATCH_CHARS) this.settle();
  }

  /** Folds this session's waiting frames, if any: before anything reads what the fold made. */
  private settle(): void {
    if (waiting !== this) return;
    waiting = undefined;
    const n = batched;
    batched = 0;
    batchChars = 0;
    for (let i = 0; i < n; i++) {
      const decoded = batch[i] as DecodedFrame;
      batch[i] = undefined;
      this.applyLive(decoded);
    }
  }

  private observeFrame(decoded: DecodedFrame): void {
    isolate(() => this.observe?.(decoded, this));
  }

  /** Detection's step for a frame while the protocol is uncertain; true when it switched the fold (which then folded the frame). */
  private detectOn(decoded: DecodedFrame): boolean {
    const chosen = isolate(() => this.detector.frame(decoded));
    if (chosen) {
      this.switchTo(chosen, true);
      return true;
    }
    if (!this.protocolDef && this.detector.windowFull) {
      const best = isolate(() => this.detector.best());
      if (best) {
        this.switchTo(best, false);
        return true;
      }
    }
    return false;
  }

  /** The input is complete: settle detection on the best guess and let the fold report end-of-input findings. */
  finish(): void {
    this.settle();
    if (this.finished) return;
    this.finished = true;
    if (!this.protocolDef) {
      const best = isolate(() => this.detector.best());
      if (best) this.switchTo(best, false);
    }
    try {
      this.fold.finish(this.sink());
    } catch (err) {
      this.sink().report(FOLD_FAULT_RULE, `the ${this.protocol} fold failed at the end of input (${describeError(err)}); end-of-input findings may be missing`, []);
    }
  }

  /**
   * A stream of the session ended (its connection closed) while no frame was decisive: the session
   * takes the best guess so far, as the end of input does, so the panel shows what `check` of its
   * export will. Unlike `finish`, nothing is reported as the end, and detection goes on: a decisive
   * frame of a later stream of the session still switches the protocol.
   */
  guess(): void {
    this.settle();
    if (this.protocolDef || this.finished) return;
    const best = isolate(() => this.detector.best());
    if (best) this.switchTo(best, false);
  }

  findings(): readonly Finding[] {
    this.settle();
    return this.allFindings;
  }

  /**
   * Lets the kept frames below capture index `below` go (the panel's memory bound) and keeps the fold
   * as it is: the view and findings still describe every frame the session received, where a fold
   * started again mid-stream would report the stream's middle as broken. Scrubbing then replays from
   * the first frame kept. While the protocol is uncertain nothing goes: a switch replays every frame.
   * Returns how many went.
   */
  forgetBefore(below: number): number {
    this.settle();
    if (!this.certain) return 0;
    let n = 0;
    while (n < this.received.length && (this.received[n] as Frame).index < below) n++;
    if (n > 0) {
      this.received.splice(0, n);
      this.scrub = undefined;
    }
    return n;
  }

  view(): ViewModel {
    this.settle();
    return withCutOffs(withFaults(this.fold.view(), this.faults, Number.POSITIVE_INFINITY), this.cutOffs(), Number.POSITIVE_INFINITY);
  }

  /** The findings that say a stream of the session was cut off (analysis/cut-off.ts), read on from where the last call stopped. */
  private cutOffs(): readonly Finding[] {
    let read = this.cutsRead;
    if (read === undefined || read.of !== this.allFindings) read = this.cutsRead = { of: this.allFindings, upTo: 0, cuts: [] };
    if (read.upTo < read.of.length) read.upTo = collectCutOffs(read.of, read.upTo, read.cuts);
    return read.cuts;
  }

  private cutsRead: { of: readonly Finding[]; upTo: number; cuts: Finding[] } | undefined;

  /** Findings as of frame index `n` (inclusive). */
  findingsAt(n: number): Finding[] {
    this.requireFrames('findingsAt');
    this.settle();
    return this.allFindings.filter((f) => f.at <= n);
  }

  /** The view model as of frame index `n` (inclusive), built in a separate fold. */
  viewAt(n: number): ViewModel {
    this.requireFrames('viewAt');
    this.settle();
    const last = this.received[this.received.length - 1];
    if (!last || n >= last.index) return this.view();
    if (!this.scrub || this.scrub.upTo > n) {
      this.scrub = { fold: this.newFold(), upTo: -1, position: 0 };
    }
    const scrub = this.scrub;
    const ignored: Finding[] = [];
    const sink = new StampingSink(this.ruleMap(), ignored);
    while (scrub.position < this.received.length) {
      const f = this.received[scrub.position];
      if (!f || f.index > n) break;
      // A frame that threw live throws here too; its fault item is already in `faults`.
      sink.at = f.index;
      isolate(() => scrub.fold.apply(decodeFrame(f), sink));
      scrub.position++;
    }
    scrub.upTo = n;
    return withCutOffs(withFaults(scrub.fold.view(), this.faults, n), this.cutOffs(), n);
  }

  private applyLive(decoded: DecodedFrame): void {
    const sink = this.sink();
    this.current = sink.at = decoded.frame.index;
    if (decoded.frame.notKeptBefore !== undefined) sink.gapBefore(decoded.frame.index, decoded.frame.notKeptBefore);
    try {
      this.fold.apply(decoded, sink);
    } catch (err) {
      const { frame } = decoded;
      this.faults.push(rawItem(frame, `fault-${frame.index}`));
      this.sink().report(FOLD_FAULT_RULE, `the ${this.protocol} fold failed on this frame (${describeError(err)}); it is shown as is and the frames after it are still folded`, [frame.index]);
    }
  }

  private switchTo(protocol: ProtocolDefinition, certain: boolean): void {
    this.settle();
    this.protocolDef = protocol;
    this.certain = certain;
    this.scrub = undefined;
    this.allFindings = [];
    this.liveSink = undefined;
    this.faults = [];
    this.fold = this.newFold();
    // One replay of what was buffered while undecided; bounded by the detection window except when a
    // decisive frame arrives late in an unknown session.
    for (const f of this.received) this.applyLive(decodeFrame(f));
    if (certain && !this.keepFrames) this.received.length = 0;
  }

  private requireFrames(what: string): void {
    if (!this.keepFrames) throw new Error(`SessionPipeline.${what} is unavailable: this pipeline was made with keepFrames: false`);
  }

  private newFold(): ProtocolFold {
    const def = this.protocolDef;
    const fold = def ? (this.connections.length > 0 ? withUserTurns(def.createFold(), def) : def.createFold()) : createRawFold();
    for (const c of this.connections) isolate(() => fold.connection?.(c));
    return fold;
  }

  private ruleMap(): ReadonlyMap<string, RuleMeta> {
    return rulesOf(this.protocolDef);
  }

  /** One sink per protocol choice and findings list, not one per frame: append is the hot path. */
  private liveSink: StampingSink | undefined;

  private sink(): StampingSink {
    if (this.liveSink === undefined) {
      this.liveSink = new StampingSink(this.ruleMap(), this.allFindings);
      this.liveSink.at = this.current;
    }
    return this.liveSink;
  }
}

/**
 * Frames decoded and waiting to be folded, of one session at a time (`waiting`). Folding a session's
 * frames one after another, rather than each between the JSON.parse of the next frame and the next,
 * keeps the fold's code and data in the CPU's caches: a JSON.parse in between pushes them out, and
 * folding each frame as it came cost about 30 % more (the flat-block fold in the protocols bench). Everything that reads the fold's results (the view,
 * the findings, scrubbing, the end of input) folds the waiting frames first, so what it reads is the
 * same; a fold sees the same frames in the same order. At most BATCH_FRAMES frames and about
 * BATCH_CHARS characters wait, and only one session's, so the parsed payloads held stay few.
 */
const BATCH_FRAMES = 32;
const BATCH_CHARS = 1 << 20;
const batch: (DecodedFrame | undefined)[] = [];
let batched = 0;
let batchChars = 0;
let waiting: SessionPipeline | undefined;

function findProtocol(registry: readonly ProtocolDefinition[], id: ProtocolId): ProtocolDefinition | undefined {
  for (const p of registry) if (p.id === id) return p;
  return undefined;
}

const PIPELINE_ONLY_RULES: ReadonlyMap<string, RuleMeta> = new Map(PIPELINE_RULES.map((r) => [r.id, r]));
/** Rule maps per protocol, built once: a session is often short, so building it per pipeline shows. */
const rulesByProtocol = new WeakMap<ProtocolDefinition, ReadonlyMap<string, RuleMeta>>();

function rulesOf(protocol: ProtocolDefinition | undefined): ReadonlyMap<string, RuleMeta> {
  if (!protocol) return PIPELINE_ONLY_RULES;
  let rules = rulesByProtocol.get(protocol);
  if (!rules) {
    rules = new Map([...PIPELINE_RULES, ...protocol.rules].map((r) => [r.id, r]));
    rulesByProtocol.set(protocol, rules);
  }
  return rules;
}

/** Runs a step of detection or folding; a throw is the same as no answer. */
export function isolate<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

function describeError(err: unknown): string {
  return safeText(err instanceof Error ? `${err.name}: ${err.message}` : err, 200);
}
