// The Responses fold's state: one response at a time (a WebSocket carries several in turn),
// its output items, and their content / summary parts.
import type { ApprovalItem, ReasoningItem, TextItem, ToolItem, ViewItem, ViewModel } from '../../model/view';
import type { TurnConnections } from '../shared/page-abort';

export interface PartState {
  type: string;
  /** Concatenated deltas, compared with the done value (R8). */
  streamed: string;
  sawDelta: boolean;
  done: boolean;
  textDone: boolean;
  addedFrame: number;
  view?: TextItem;
  /** Its text came whole, without deltas, and that was reported (textWithoutDeltas). */
  wholeReported?: boolean;
}

export interface ItemState {
  outputIndex: number;
  id?: string;
  type: string;
  addedFrame: number;
  done: boolean;
  status?: string;
  parts: PartState[];
  summary: PartState[];
  /** Streamed tool input (arguments, input, code, …). */
  args: string;
  sawArgDelta: boolean;
  argsDone: boolean;
  /** Commands of a shell_call, by command_index. */
  commands?: string[];
  /** The item was addressed by another id once (reported once per item). */
  idChangeReported?: boolean;
  /** The call an output item answers (a program's output, a tool search's tools), updated again at its done. */
  answers?: ToolItem;
  view?: ToolItem | ReasoningItem | ApprovalItem | ViewItem;
}

export interface ResponseState {
  n: number;
  connectionId: string;
  created: boolean;
  orderReported: boolean;
  terminal?: string;
  terminalFrame?: number;
  afterTerminalReported: boolean;
  lastSeq?: number;
  missingSeqReported: boolean;
  /** sequence_number skipped values: events are missing, so what they carried is missing too. */
  sawGap: boolean;
  /** A text delta found no part (reported as a mismatch): a part without deltas may have lost them. */
  lostDelta?: boolean;
  /** Items by the output_index they were added at (a map: a stream may skip indexes, or send a huge one). */
  items: Map<number, ItemState>;
  /** How many output_item.added events the response has had: the index the next one should carry. */
  added: number;
  ids: Set<string>;
  callIds: Set<string>;
  errorFrame?: number;
  incompleteItemFrame?: number;
  incompleteReported: boolean;
  brandGiven: boolean;
  lastText?: TextItem;
  /** The id of the first lifecycle event's response; a later one that differs is reported once. */
  responseId?: string;
  responseIdReported?: boolean;
}

export interface FoldState {
  model: ViewModel;
  response?: ResponseState;
  count: number;
  sawEvent: boolean;
  /** `data: [DONE]` seen on this connection. */
  doneConnections: Set<string>;
  afterDoneReported: boolean;
  /** A client request since the current response began: the next event starts a new response. */
  requestSeen: boolean;
  /** Tool calls by call_id, so outputs in the next request find them. */
  calls: Map<string, ToolItem>;
  approvals: Map<string, ApprovalItem>;
  usage: Record<string, number>;
  /** Connections that resume a response after this sequence_number (`?starting_after=`). */
  resumedAfter: Map<string, number>;
  /** The latest message frame: where end-of-input findings point. */
  lastFrame: number;
  /** The connections turns arrived on, for the page letting go of an earlier one. */
  connections: TurnConnections;
  /** Event families some openai releases throw on, already reported (client-releases.ts). */
  releasesNoted?: Set<string>;
  /** Hosted tool searches (call_id null) waiting for their output, oldest first: the output names no call. */
  hostedSearches?: ToolItem[];
}

export function newResponse(state: FoldState, connectionId: string): ResponseState {
  state.count++;
  return {
    n: state.count,
    connectionId,
    created: false,
    orderReported: false,
    afterTerminalReported: false,
    missingSeqReported: false,
    sawGap: false,
    items: new Map(),
    added: 0,
    ids: new Set(),
    callIds: new Set(),
    incompleteReported: false,
    brandGiven: false,
  };
}
