// Everything the flat-block fold remembers between frames. Shared by the stream, history and
// client-frame handlers; one instance per session (and a fresh one per page load).
import type { ReasoningItem, TextItem } from '../../model/view';
import { ApprovalTracker } from './approvals';
import type { ParsedEventId } from './ids';
import { ToolTracker } from './tools';
import { ViewBuilder } from './view-builder';

/**
 * A block between its `content_block_start` and `content_block_stop`. A class, so every open block has
 * the same shape and the delta and stop handlers read its fields without a check per shape.
 */
export class OpenBlock {
  text: TextItem | undefined = undefined;
  reasoning: ReasoningItem | undefined = undefined;
  toolName: string | undefined = undefined;
  todo = false;
  approvalKey: string | undefined = undefined;

  constructor(
    readonly index: number,
    readonly type: string,
    readonly frame: number,
  ) {}
}

/** Open blocks kept in a list up to this many; a map past it. */
const LIST_MAX = 16;

/**
 * The open blocks by index, in the order they opened (a start for an index still open takes its
 * place), as a Map would keep them. A stream has one or two open at a time, so a short list searched
 * by index: a Map emptied by a stop makes V8 shrink its table, a call into the runtime per block.
 * Past LIST_MAX the blocks go into a Map, so many open blocks cost no more per event.
 */
export class OpenBlocks {
  private list: OpenBlock[] = [];
  private map: Map<number, OpenBlock> | undefined;

  get size(): number {
    return this.map === undefined ? this.list.length : this.map.size;
  }

  get(index: number): OpenBlock | undefined {
    if (this.map !== undefined) return this.map.get(index);
    const list = this.list;
    for (let i = list.length - 1; i >= 0; i--) {
      const block = list[i] as OpenBlock;
      if (block.index === index) return block;
    }
    return undefined;
  }

  set(block: OpenBlock): void {
    if (this.map !== undefined) {
      this.map.set(block.index, block);
      return;
    }
    const list = this.list;
    for (let i = list.length - 1; i >= 0; i--) {
      if ((list[i] as OpenBlock).index === block.index) {
        list[i] = block;
        return;
      }
    }
    list.push(block);
    if (list.length > LIST_MAX) {
      this.map = new Map(list.map((b) => [b.index, b]));
      this.list = [];
    }
  }

  delete(index: number): void {
    if (this.map !== undefined) {
      this.map.delete(index);
      return;
    }
    const list = this.list;
    for (let i = list.length - 1; i >= 0; i--) {
      if ((list[i] as OpenBlock).index !== index) continue;
      for (let j = i + 1; j < list.length; j++) list[j - 1] = list[j] as OpenBlock;
      list.pop();
      return;
    }
  }

  /** The open blocks in the order they opened. */
  all(): Iterable<OpenBlock> {
    return this.map === undefined ? this.list : this.map.values();
  }

  clear(): void {
    if (this.map === undefined) this.list.length = 0;
    else {
      this.list = [];
      this.map = undefined;
    }
  }
}

export class FlatState {
  view = new ViewBuilder();
  tools = new ToolTracker(this.view);
  approvals = new ApprovalTracker(this.view);
  readonly openBlocks = new OpenBlocks();
  /** The protocol-level group (markers), independent of how the reference client renders. */
  group: { id: number; frame: number } | null = null;
  groupCount = 0;
  /** After `message_stop` and before the next `message_start`. */
  afterStop = false;
  /** The next assistant text carries the brand header. */
  brandPending = false;
  /** Set by a subscription with `last_event_id`. */
  replay: { cursor: ParsedEventId; frame: number; first: boolean } | null = null;

  openGroup(frame: number): number {
    this.groupCount++;
    this.group = { id: this.groupCount, frame };
    return this.groupCount;
  }

  takeBrand(): boolean {
    const brand = this.brandPending;
    this.brandPending = false;
    return brand;
  }
}
