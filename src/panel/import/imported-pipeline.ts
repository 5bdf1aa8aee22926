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

export class ImportedPipeline extends SessionPipeline {
  protocolId: ProtocolId | 'unknown' = 'unknown';
  /** Replaced (a new array) when the worker started the session's findings over; otherwise grown in place. */
  found: Finding[] = [];
  latest: ViewModel | undefined;
  private replica: { pipeline: SessionPipeline; frames: number; protocol: string } | undefined;
  private merged: { frames: Frame[]; total: number } | undefined;

  constructor(
    private readonly framesOf: () => readonly (readonly Frame[])[],
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

  /** The session's frames in capture order: its connections' frames in the log, merged when there are several. */
  override get frames(): readonly Frame[] {
    const lists = this.framesOf();
    if (lists.length === 1) return lists[0] as readonly Frame[];
    let total = 0;
    for (const list of lists) total += list.length;
    if (this.merged?.total !== total) {
      const frames: Frame[] = [];
      for (const list of lists) for (const f of list) frames.push(f);
      frames.sort((a, b) => a.index - b.index);
      this.merged = { frames, total };
    }
    return this.merged.frames;
  }

  override get frameCount(): number {
    return this.frames.length;
  }

  override findings(): readonly Finding[] {
    return this.found;
  }

  override view(): ViewModel {
    // Until the worker sends the first view: nothing rendered yet, still arriving.
    return this.latest ?? { protocol: this.protocolId, items: [], todos: null, streaming: true };
  }

  override viewAt(n: number): ViewModel {
    const frames = this.frames;
    const last = frames[frames.length - 1];
    if (!last || n >= last.index) return this.view();
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
    const frames = this.frames;
    if (this.replica && this.replica.frames === frames.length && this.replica.protocol === this.protocolId) return this.replica.pipeline;
    const pipeline = new SessionPipeline(protocols, this.protocolId === 'unknown' ? {} : { protocol: this.protocolId });
    for (const c of this.connectionsOf()) pipeline.addConnection(c);
    for (const f of frames) pipeline.append(f);
    this.replica = { pipeline, frames: frames.length, protocol: this.protocolId };
    return pipeline;
  }
}
