// The Gemini fold's state: one response stream (turn) at a time, its items and its function calls.
import type { ReasoningItem, TextItem, ToolItem, ViewModel } from '../../model/view';
import type { TurnConnections } from '../shared/page-abort';
import type { ResumedRequests } from '../shared/resumed-requests';

export interface CallState {
  item: ToolItem;
  name: string;
  /** The arguments built so far (streamed with `partialArgs`, or given whole). */
  args: Record<string, unknown>;
  firstFrame: number;
  /** gemini/partial-args-index-gap was reported for this call. */
  gapReported?: boolean;
  /** A piece the AI SDK throws on was reported for this call. */
  throwReported?: boolean;
}

export interface TurnState {
  n: number;
  connectionId: string;
  chunkCount: number;
  firstFrame: number;
  lastFrame: number;
  finishReason?: string;
  finishFrame?: number;
  afterFinishReported: boolean;
  extraCandidatesReported: boolean;
  /** The fields already reported as gemini/invalid-field this turn: a producer that sends one wrong sends it in every chunk. */
  invalidFieldsReported?: Set<string>;
  finalized: boolean;
  /** An in-stream error ended the response: end-of-stream checks would only repeat it. */
  errored: boolean;
  /** A confirmed `promptFeedback.blockReason` (not `BLOCK_REASON_UNSPECIFIED`) arrived: the AI SDK reads no candidate from that chunk on. */
  blocked: boolean;
  /** The frame of that block reason. */
  blockFrame?: number;
  /** gemini/content-after-prompt-blocked was reported this turn. */
  afterBlockReported?: boolean;
  brandGiven: boolean;
  last?: 'text' | 'reasoning' | 'other';
  text?: TextItem;
  reasoning?: ReasoningItem;
  /** Streamed function calls not finished yet; a terminal chunk finishes the latest. */
  open: CallState[];
  /** The latest item a thought signature can belong to. */
  lastItem?: { frames: number[] };
  /** The latest `executableCode` call, which the next `codeExecutionResult` answers. */
  lastCode?: ToolItem;
  /** Source URLs shown already (grounding chunks repeat in every chunk). */
  sources: Set<string>;
  /**
   * The latest `continuationToken` of this response (a long decode's checkpoint, or the one its
   * `CONTINUATION` finish carries): what @google/genai resumes from.
   */
  token?: string;
  /** The token this response's request sent: it continues an earlier response (a long decode). */
  continues?: string;
}

export interface FoldState {
  model: ViewModel;
  turn?: TurnState;
  turnCount: number;
  requestSeen: boolean;
  usage: Record<string, number>;
  sawResponse: boolean;
  /** The connections turns arrived on, for the page letting go of an earlier one. */
  connections: TurnConnections;
  /** The `continuationToken`s requests send back: the response each gets continues an earlier one. */
  /** Made at the first request it reads: a fold of response frames alone makes none. */
  resumed?: ResumedRequests;
}

export function newTurn(state: FoldState, connectionId: string, frame: number): TurnState {
  state.turnCount++;
  return {
    n: state.turnCount,
    connectionId,
    chunkCount: 0,
    firstFrame: frame,
    lastFrame: frame,
    afterFinishReported: false,
    extraCandidatesReported: false,
    finalized: false,
    errored: false,
    blocked: false,
    brandGiven: false,
    open: [],
    sources: new Set(),
  };
}
