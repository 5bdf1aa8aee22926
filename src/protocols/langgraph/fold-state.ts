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
  /** Argument pieces of streamed tool calls, by `tool_call_chunks` index. */
  chunkCalls?: Map<number, { item: ToolItem; args: string }>;
  tools: ToolItem[];
  reported: Set<string>;
}

export interface Stream {
  connectionId: string;
  events: number;
  ended: boolean;
  afterEndReported: boolean;
}

export interface State {
  model: ViewModel;
  messages: Map<string, Message>;
  calls: Map<string, ToolItem>;
  interrupts: Map<string, ApprovalItem | QuestionItem>;
  connections: Map<string, Connection>;
  /** The connections runs streamed on, for the page letting go of an earlier one. */
  streamedOn: TurnConnections;
  stream?: Stream;
  usage: Map<string, Record<string, number>>;
  /** The next AI text opens a turn (shows the agent's header). */
  brandNext: boolean;
}

/** Where a message came from: a streamed chunk, a whole copy so far, a whole message, the thread's whole list (`values`), a state read. */
export type Source = 'chunk' | 'partial' | 'whole' | 'values' | 'state';
