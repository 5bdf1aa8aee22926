// The Cohere fold's state: the session's turns, each one message with its content blocks and tool calls,
// and what the AI SDK's provider keeps of them (its one "reasoning active" flag, its one pending call).
import type { Frame } from '../../model/frame';
import type { ReasoningItem, TextItem, ToolItem } from '../../model/view';
import type { TurnFoldState } from '../shared/turn-frames';

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
export const DIGESTIBLE = true;

export type BlockKind = 'text' | 'reasoning';

export interface Block {
  item: TextItem | ReasoningItem;
  /** The item of the other kind, for deltas whose field is not the block's: both clients show a delta by its field. */
  other?: TextItem | ReasoningItem;
  startFrame: number;
  /** Opened by a content-delta that no content-start opened (reported there): not reported as never ended. */
  implicit: boolean;
  mismatchReported: boolean;
}

export interface Call {
  item: ToolItem;
  index: number;
  args: string;
  startFrame: number;
  indexMismatchReported: boolean;
  /** The AI SDK's provider emitted it at some tool-call-end (it ends its one pending call, whatever the index). */
  aiSdkEnded: boolean;
}

export interface Turn {
  n: number;
  connectionId: string;
  events: number;
  lastFrame: number;
  ended: boolean;
  afterEndReported: boolean;
  errored: boolean;
  brandGiven: boolean;
  blocks: Map<number, Block>;
  /** The open calls by index, in the order they started (the last is the open call a mismatched index goes to). */
  calls: Map<number, Call>;
  /** The indexes of the calls that got their tool-call-end, for naming a repeated one. */
  endedCalls: Set<number>;
  /**
   * The AI SDK's provider's one "reasoning active" flag (dist/index.js ~547, ~572): a thinking
   * content-start sets it, and the next content-end, whatever its index, ends a reasoning part and clears it.
   */
  aiSdkReasoning?: boolean;
  /** Overlapping blocks were reported (once a turn: the UI reader fails at the first). */
  overlapReported?: boolean;
  /** The AI SDK's provider's one pending call (dist/index.js ~591): each tool-call-start replaces it, any tool-call-end ends it. */
  aiSdkPending?: Call;
  callCount: number;
  plan?: ReasoningItem;
}

/** The frames outside events are handled by shared/turn-frames.ts, on its part of this state. */
export interface State extends TurnFoldState<Turn> {
  turns: number;
  usage: Record<string, number>;
}

export function itemId(turn: Turn, what: string, frame: Frame): string {
  return `t${turn.n}-${what}-${frame.index}`;
}
