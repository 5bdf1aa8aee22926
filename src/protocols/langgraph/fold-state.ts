// The LangGraph fold's state: the thread's messages by id with the items that draw them, the tool calls
// and interrupts by id, the connections' requests, the run stream being read and the usage per message.
import type { Connection } from '../../model/frame';
import type { TurnConnections } from '../shared/page-abort';
import type { ApprovalItem, QuestionItem, ReasoningItem, TextItem, ToolItem, UserItem, ViewModel } from '../../model/view';

/** One message of the thread and the items that draw it. */
export interface Message {
  kind: string;
  user?: UserItem;
  text?: TextItem;
  reasoning?: ReasoningItem;
  /** The text and reasoning streamed as chunks, when any were. */
  streamed?: { text: string; reasoning: string };
  /**
   * A whole copy (`values`, `updates`, a state read) set the text after chunks were streamed: useStream
   * keeps its chunks apart from the state, so the next chunk shows the chunks joined, not the copy grown.
   */
  replaced?: boolean;
  /** The streamed `tool_call_chunks`, merged as @langchain/core's AIMessageChunk.concat merges them. */
  chunkCalls?: ChunkEntry[];
  tools: ToolItem[];
  reported: Set<string>;
}

/**
 * One entry of a message's merged `tool_call_chunks`: a chunk joins the entry with its index (and its
 * id, when both have one), or, when neither has an index, with its id; else it starts an entry.
 */
export interface ChunkEntry {
  /** The chunk's `index` as sent (core's grouping compares a null index too). */
  index: number | null | undefined;
  id?: string;
  type?: string;
  name?: string;
  args: string;
  call: ChunkCall;
}

/** A tool call as core collapses the entries into `tool_calls`: the entries it groups, its item once it has an id. */
export interface ChunkCall {
  entries: ChunkEntry[];
  /** Drawn once the call has an id: without one, core files it under `invalid_tool_calls` and useStream shows no call. */
  item?: ToolItem;
  /** The frame of its first chunk. */
  frame: number;
  /** Reported as streamed without an id. */
  reported?: boolean;
}

export interface Stream {
  connectionId: string;
  events: number;
  ended: boolean;
  afterEndReported: boolean;
  /** A root `values` event of this stream has dropped the previous run's `__interrupt__` from the state (as useStream does once per run). */
  clearedInterrupts: boolean;
  /** An `error` event: useStream stops reading the stream there. */
  failed: boolean;
  afterErrorReported: boolean;
  /** A join replaying the run from its first event (`Last-Event-ID: -1`): the messages known before it, whose next chunk starts them over. */
  replaying?: Set<string>;
}

export interface State {
  model: ViewModel;
  messages: Map<string, Message>;
  calls: Map<string, ToolItem>;
  interrupts: Map<string, ApprovalItem | QuestionItem>;
  connections: Map<string, Connection>;
  /** The connections runs streamed on, for the page letting go of an earlier one. */
  streamedOn: TurnConnections;
  /** The stream whose frames arrive now. */
  stream?: Stream;
  /** Every connection's stream, by connection id. */
  streams: Map<string, Stream>;
  usage: Map<string, Record<string, number>>;
  /** The next AI text opens a turn (shows the agent's header). */
  brandNext: boolean;
  /** Messages with a tool call streamed without an id, not yet reported. */
  idless: Map<string, Message>;
}

/** Where a message came from: a streamed chunk, a whole copy so far, a whole message, the thread's whole list (`values`), a state read. */
export type Source = 'chunk' | 'partial' | 'whole' | 'values' | 'state';
