// A session of an imported file as the panel holds it: its frames are the panel's own (the frame log),
// its protocol, view and findings are what the import worker sent. Scrubbing to an earlier frame needs
// a fold here: the session's frames are folded once, on the first such request, by a pipeline of its
// own, and that pipeline answers every later one.
import type { Connection, Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import { SessionPipeline } from '../../analysis/pipeline';
import { protocols } from '../../protocols/registry';
import type { ProtocolDefinition, ProtocolId } from '../../protocols/types';
import { frameArray, type FrameSource } from '../store/live-pipeline';

export class ImportedPipeline extends SessionPipeline {
  protocolId: ProtocolId | 'unknown' = 'unknown';
  /** Replaced (a new array) when the worker started the session's findings over; otherwise grown in place. */
  found: Finding[] = [];
  latest: ViewModel | undefined;
  private replica: { pipeline: SessionPipeline; frames: number; protocol: string } | undefined;

  constructor(
    private readonly source: () => FrameSource,
    private readonly connectionsOf: () => readonly Connection[],
  ) {
    super(protocols);
  }

  override get protocol(): ProtocolId | 'unknown' {
    return this.protocolId;
  }

  override get definition(): ProtocolDefinition | undefined {
    return protocols.find((p) => p.id === this.protocolId);
  }

  /** The session's frames in the log, for readers that take a frame source (frameSourceOf). */
  frameSource(): FrameSource {
    return this.source();
  }

  /** The session's frames as the log holds them (its connections' frames merged in order), each made when read. */
  override get frames(): readonly Frame[] {
    return frameArray(this.source());
  }

  override get frameCount(): number {
    return this.source().count();
  }

  override findings(): readonly Finding[] {
    return this.found;
  }

  override view(): ViewModel {
    // Until the worker sends the first view: nothing rendered yet, still arriving.
    return this.latest ?? { protocol: this.protocolId, items: [], todos: null, streaming: true };
  }

  override viewAt(n: number): ViewModel {
    const source = this.source();
    const count = source.count();
    if (count === 0 || n >= source.at(count - 1).index) return this.view();
    return this.folded().viewAt(n);
  }

  override findingsAt(n: number): Finding[] {
    return this.found.filter((f) => f.at <= n);
  }

  override append(): never {
    throw new Error('an imported session takes no frames after its import');
  }

  /** A pipeline of the session's frames as they are now (read again when more arrived or the protocol changed). */
  private folded(): SessionPipeline {
    const source = this.source();
    const count = source.count();
    if (this.replica && this.replica.frames === count && this.replica.protocol === this.protocolId) return this.replica.pipeline;
    const pipeline = new SessionPipeline(protocols, this.protocolId === 'unknown' ? {} : { protocol: this.protocolId });
    for (const c of this.connectionsOf()) pipeline.addConnection(c);
    for (let i = 0; i < count; i++) pipeline.append(source.at(i));
    this.replica = { pipeline, frames: count, protocol: this.protocolId };
    return pipeline;
  }
}
