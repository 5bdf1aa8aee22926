// What a protocol contributes to the pipeline. A new protocol is one folder that exports a
// `ProtocolDefinition`, plus one line in `registry.ts`.
import type { Connection, DecodedFrame } from '../model/frame';
import type { FindingSink, RuleMeta } from '../model/finding';
import type { ViewModel } from '../model/view';

/** Stable protocol ids, as printed by the CLI. */
export type ProtocolId =
  | 'flat-block'
  | 'ag-ui'
  | 'anthropic'
  | 'openai-chat'
  | 'openai-responses'
  | 'aisdk-ui'
  | 'aisdk-data'
  | 'gemini'
  | 'cohere'
  | 'gemini-interactions'
  | 'mcp'
  | 'langgraph'
  | 'a2a';

/**
 * How sure a detector is that a frame (or connection) speaks its protocol:
 * 0 = no, 0.5 = plausible (shared shapes, e.g. `content_block_start`), 1 = only this protocol sends it.
 */
export type DetectScore = number;

/** Consumes frames one at a time and keeps the view model and findings current. */
export interface ProtocolFold {
  /**
   * Consumes one frame of the session (either direction, any kind). Must not throw on any input:
   * bad input becomes a finding and, where nothing else fits, a raw item.
   * Cost must not grow with the number of frames already consumed.
   */
  apply(frame: DecodedFrame, sink: FindingSink): void;
  /** The input is complete (a file was read to its end): report what only the end reveals. */
  finish(sink: FindingSink): void;
  /** The current view model. The fold may return live objects: callers must not mutate them. */
  view(): ViewModel;
  /**
   * Metadata of a connection whose frames follow (its URL may subscribe, e.g. `?last_event_id=`).
   * Called before the connection's first frame is applied.
   */
  connection?(connection: Connection): void;
}

/** What one frame is, for the timeline's Event and Data columns. */
export interface FrameDescription {
  /** Short event label, e.g. `delta: text`, `tool_calls[0] args`, `finish: tool_calls`, a v4 part name. */
  event: string;
  /**
   * The event in a few characters for a narrow timeline (`block_start: text`, `Δ text`, `Δ args`), when
   * it has a shorter form; `event` stays the full name (the cell's tooltip, the `type:` filter).
   */
  label?: string;
  /** The start of the text the frame carries (a delta's text, arguments), when it has one. */
  preview?: string;
  /** What the frame contributes, for timing (first token) and the waterfall. */
  category?: 'text' | 'reasoning' | 'tool-call' | 'tool-result' | 'approval' | 'lifecycle' | 'error' | 'request' | 'other';
}

/** The user's turn a request asked for, read from its body (the prompt, not the whole history). */
export interface RequestPrompt {
  text: string;
  /** Where in the body it was found, e.g. `messages[3]`. */
  path: string;
  /** How many messages the request carried in all (history included). */
  messageCount: number;
}

export interface ProtocolDefinition {
  id: ProtocolId;
  /** Human name for the session picker. */
  title: string;
  /** Every rule this protocol can report, with its severity. */
  rules: readonly RuleMeta[];
  /** Scores a connection by its metadata (e.g. a response header); 0 when it cannot tell. */
  detectConnection?(connection: Connection): DetectScore;
  /** Scores one decoded message frame. */
  detectFrame(frame: DecodedFrame): DetectScore;
  /** An agent session key found in the connection or the frame (session/thread/run id), if any. */
  sessionKey?(connection: Connection, frame: DecodedFrame | undefined): string | undefined;
  createFold(): ProtocolFold;
  /** Says what a frame is (its event label and a preview of its data). */
  describeFrame?(frame: DecodedFrame): FrameDescription;
  /** The prompt of a request that opened a connection (its body), when the protocol carries one. */
  promptOf?(connection: Connection): RequestPrompt | undefined;
}
