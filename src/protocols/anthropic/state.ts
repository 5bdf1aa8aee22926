// The Anthropic fold's state: one turn (one message) at a time, plus the session's view model.
import type { ReasoningItem, TextItem, ToolItem, ViewItem, ViewModel } from '../../model/view';
import type { DeltaType } from './schema';
import type { TurnConnections } from '../shared/page-abort';

export interface BlockState {
  index: number;
  type: string;
  startFrame: number;
  stopped: boolean;
  /** Streamed tool input text (input_json_delta). */
  jsonBuf: string;
  /** The delta types the block's type accepts, looked up at its first delta. */
  allowed?: readonly DeltaType[];
  /** A tool block whose start carried a non-empty input and has streamed no JSON since (anthropic/tool-input-twice). */
  startInput?: boolean;
  /** anthropic/block-not-stopped was reported when the next block started while it was open. */
  notStoppedReported?: boolean;
  /** The frame of the signature_delta, for the "signature comes last" rule. */
  signatureFrame?: number;
  item?: TextItem | ReasoningItem | ToolItem | ViewItem;
}

export interface TurnState {
  connectionId: string;
  /** A message_start was seen. */
  started: boolean;
  /** message_stop was seen. */
  stopped: boolean;
  errored: boolean;
  /** A1 reported for this turn (once is enough: the SDK fails on the first). */
  orderReported: boolean;
  afterStopReported: boolean;
  incompleteReported: boolean;
  blocks: Map<number, BlockState>;
  /** Blocks started in arrival order (the SDK's content array). */
  startedCount: number;
  /** A block started under another index than its start order: MessageStream then finds blocks by the latter. */
  indexesDiverge?: boolean;
  openIndex: number | null;
  stopReason: string | null | undefined;
  stopReasonFrame?: number;
  sawToolUse: boolean;
  sawServerTool: boolean;
  brandGiven: boolean;
  lastText?: TextItem;
  /** The request asked for eager (fine-grained) tool input streaming. */
  eagerInput: boolean;
}

export interface FoldState {
  model: ViewModel;
  turn: TurnState | undefined;
  turnCount: number;
  /** Tool items by tool id, so results (in the stream or the next request) find their call. */
  tools: Map<string, ToolItem>;
  sawMessageFrame: boolean;
  missingNameReported: boolean;
  /** Set by a request frame; applies to the next turn. */
  pendingEager: boolean;
  usage: Record<string, number>;
  /** Connections whose transport has no SSE event names (a file of data lines, a WebSocket). */
  unnamedConnections: Set<string>;
  /** The latest message frame: where end-of-input findings point. */
  lastFrame: number;
  /** The connections turns arrived on, for the page letting go of an earlier one. */
  connections: TurnConnections;
}

export function newTurn(connectionId: string, eagerInput: boolean): TurnState {
  return {
    connectionId,
    started: false,
    stopped: false,
    errored: false,
    orderReported: false,
    afterStopReported: false,
    incompleteReported: false,
    blocks: new Map(),
    startedCount: 0,
    openIndex: null,
    stopReason: undefined,
    sawToolUse: false,
    sawServerTool: false,
    brandGiven: false,
    eagerInput,
  };
}
