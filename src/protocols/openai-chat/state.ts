// The Chat fold's state: one completion (turn) at a time, its choices and their tool calls.
import type { ReasoningItem, TextItem, ToolItem, ViewModel } from '../../model/view';
import type { TurnConnections } from '../shared/page-abort';

export interface ToolCallState {
  item: ToolItem;
  id?: string;
  type?: string;
  name?: string;
  args: string;
  firstFrame: number;
  identityReported: boolean;
  /** A delta gave it a `function.name` (even a blank one): the AI SDK's tracker took the call over (call-start.ts). */
  named?: boolean;
  restartReported?: boolean;
  /** The arguments text last parsed into the call's input (at its choice's finish_reason or at the end), and why it failed. */
  parsed?: { args: string; error?: string };
}

export interface ChoiceState {
  index: number;
  firstFrame: number;
  role?: string;
  finishReason?: string;
  finishFrame?: number;
  last?: 'text' | 'reasoning' | 'refusal' | 'tool';
  text?: TextItem;
  reasoning?: ReasoningItem;
  refusal?: TextItem;
  hasContent: boolean;
  hasRefusal: boolean;
  /** Tool calls by their `index` (the deprecated `function_call` uses -1). */
  tools: Map<number, ToolCallState>;
  lastToolIndex?: number;
  afterFinishReported: boolean;
}

export interface TurnState {
  n: number;
  connectionId: string;
  id?: string;
  created?: number;
  model?: string;
  identityReported: Set<string>;
  choices: Map<number, ChoiceState>;
  chunkCount: number;
  firstFrame?: number;
  /** The turn's latest frame: where end-of-stream findings point when nothing else does. */
  lastFrame: number;
  done: boolean;
  afterDoneReported: boolean;
  usageFrame?: number;
  usageOrderReported: boolean;
  finalized: boolean;
  /** An in-stream error ended the completion: end-of-stream checks would only repeat it. */
  errored: boolean;
  brandGiven: boolean;
  /** The request used structured outputs or strict tools (parse helpers throw on length/content_filter). */
  parseHelpers: boolean;
  /** Perplexity's `citations` / `search_results` shown so far (sources.ts). */
  sources?: { count: number; urls: Set<string> };
}

export interface FoldState {
  model: ViewModel;
  turn?: TurnState;
  turnCount: number;
  /** Tool calls by id, so tool messages of the next request find them. */
  tools: Map<string, ToolItem>;
  sawChunkFrame: boolean;
  pendingParseHelpers: boolean;
  /** A client request was seen since the current turn began: the next chunk starts a new turn. */
  requestSeen: boolean;
  usage: Record<string, number>;
  /** Connections whose transport has no `[DONE]` marker (a file of data lines, a WebSocket). */
  noDoneMarker: Set<string>;
  /** The connections turns arrived on, for the page letting go of an earlier one. */
  connections: TurnConnections;
}

export function newTurn(state: FoldState, connectionId: string): TurnState {
  state.turnCount++;
  return {
    n: state.turnCount,
    connectionId,
    identityReported: new Set(),
    choices: new Map(),
    chunkCount: 0,
    lastFrame: 0,
    done: false,
    afterDoneReported: false,
    usageOrderReported: false,
    finalized: false,
    errored: false,
    brandGiven: false,
    parseHelpers: state.pendingParseHelpers,
  };
}
