import type { Cost } from './usage/price';
import type { TokenCounts } from './usage/token-counts';

// What a session's timing looks like: the figures behind the panel's metrics strip and waterfall and
// the CLI's `stats`. Milliseconds; times relative to the session's first request unless named `At`.

/** A stretch between two frames of the session with nothing received. */
export interface Gap {
  ms: number;
  /** Frame index (capture index) before and after the gap. */
  afterFrame: number;
  beforeFrame: number;
}

/** A tool call and, once it arrived, its result. */
export interface ToolSpan {
  id: string;
  name: string;
  callFrame: number;
  resultFrame?: number;
  latencyMs?: number;
  /**
   * A call the page must run with no result yet, read across requests: `waiting`, no request followed
   * the stream that asked for it; `no-result`, the follow-up came without its result.
   */
  page?: 'waiting' | 'no-result';
  /** A call still pending where its stream was cut off (ToolItem.cutOff): the frame of the cut. */
  cutOffFrame?: number;
  /** A call whose arguments never finished before its stream ended (ToolItem.unfinished): the frame of the end. */
  unfinishedFrame?: number;
}

/** An approval or a question put to the user, and the reply. */
export interface WaitSpan {
  kind: 'approval' | 'question';
  id: string;
  askFrame: number;
  replyFrame?: number;
  waitMs?: number;
}

export interface SessionMetrics {
  /** `none` for inputs that carry no clock (JSON Lines, raw SSE): no time figure is given then. */
  timing: 'real' | 'none';
  /** Epoch ms when the session's first request started (its first connection's start). */
  requestAt?: number;
  firstByteMs?: number;
  firstTokenMs?: number;
  durationMs?: number;
  /** Characters of assistant text and reasoning received. */
  outputChars: number;
  /** Output tokens as the stream reported them (usage), when it did. */
  outputTokens?: number;
  /** Tokens as the stream reported them (usage); absent when it reported none: never estimated. */
  tokens?: TokenCounts;
  /** The model that answered, as the stream named it, else the one the request asked for. */
  model?: string;
  /** The reported tokens (the billed units where the stream gives them apart) at the price table's price for the model, when the table knows it. */
  cost?: Cost;
  charsPerSecond?: number;
  tokensPerSecond?: number;
  longestGap?: Gap;
  /** Gaps longer than the threshold (default 2,000 ms), in order. */
  gaps: Gap[];
  /** The threshold `gaps` were measured against. */
  gapThresholdMs: number;
  tools: ToolSpan[];
  waits: WaitSpan[];
  frames: number;
  findings: { error: number; warning: number; info: number };
}
