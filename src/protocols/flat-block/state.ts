// Everything the flat-block fold remembers between frames. Shared by the stream, history and
// client-frame handlers; one instance per session (and a fresh one per page load).
import type { ReasoningItem, TextItem } from '../../model/view';
import { ApprovalTracker } from './approvals';
import type { ParsedEventId } from './ids';
import { ToolTracker } from './tools';
import { ViewBuilder } from './view-builder';

/** A block between its `content_block_start` and `content_block_stop`. */
export interface OpenBlock {
  type: string;
  frame: number;
  text?: TextItem;
  reasoning?: ReasoningItem;
  toolName?: string;
  todo?: boolean;
  approvalKey?: string;
  /** Streamed tool input text (`partial_json` deltas), when the producer streams it. */
  inputText?: string;
}

export class FlatState {
  view = new ViewBuilder();
  tools = new ToolTracker(this.view);
  approvals = new ApprovalTracker(this.view);
  readonly openBlocks = new Map<number, OpenBlock>();
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
