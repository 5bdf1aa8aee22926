// The replay server's public shapes: what it is given, what it answers with, and what it reports.
import type { Capture } from '../model/frame';

/** A capture to replay: a file path (read with `readInput`), a Capture, or a Capture with a name for logs. */
export type ReplayInput = string | Capture | { name: string; capture: Capture };

/**
 * Faults injected into the replay, for testing how a front end copes. Every `N` is the capture's 1-based
 * frame number, as `check` prints locations (`FILE:N …`); with several inputs it counts in each file.
 * Faults act on frames the server sends; a number that names a frame the page sent has no effect.
 */
export interface ReplayFaults {
  /** Close the connection right after frame N: an HTTP response is cut before its end, a WebSocket dropped
   * without a close frame (or closed with `closeCode`, when given). */
  cutAfter?: number;
  /** Never send these frames. */
  drop?: number[];
  /** Send these frames twice. */
  duplicate?: number[];
  /** Wait this many extra milliseconds (not scaled by `speed`, also with `noDelay`) before frame N. */
  delay?: Array<{ frame: number; ms: number }>;
  /** The WebSocket close code: used where the recording closed the socket, at `cutAfter`, and after the
   * last frame when the recording did not close it. */
  closeCode?: number;
  /** After frame N send nothing more, and keep the connection open. */
  stallAfter?: number;
}

export interface ReplayOptions {
  captures: ReplayInput[];
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a port the system picks. */
  port?: number;
  /** Playback speed: 2 plays twice as fast as recorded. Default 1. */
  speed?: number;
  /** Send every frame as soon as it is due by choreography, ignoring recorded gaps. */
  noDelay?: boolean;
  /** When every recorded answer on a route has been served, start over instead of answering 404. */
  loop?: boolean;
  faults?: ReplayFaults;
  /** Gets one line per event worth telling (requests, matches, differences); nothing is printed without it. */
  log?: (line: string) => void;
}

export type RouteKind = 'websocket' | 'sse' | 'ndjson' | 'json';

/** One recorded answer the server can give. */
export interface ReplayRoute {
  kind: RouteKind;
  /** `GET`, `POST`, …; `WS` for WebSocket routes. */
  method: string;
  /** Path and query as recorded, e.g. `/history?session_id=abc-123`. */
  path: string;
  /** The input (file path or name) and the connection's id in it. */
  source: string;
  connectionId: string;
  /** Frames the server sends (message frames in). */
  frames: number;
}

export type DifferenceKind = 'message' | 'missing' | 'unexpected' | 'request-body' | 'query';

/** Something the client sent that the recording did not (or did not send something it did). */
export interface ReplayDifference {
  kind: DifferenceKind;
  /** `WS /ws`, `POST /chat`. */
  route: string;
  source: string;
  connectionId: string;
  /** The recorded frame's 1-based number, when there is one. */
  frame?: number;
  /** What differs, in one line: e.g. `session_id: recorded "abc", got "xyz"`. */
  detail: string;
}

export interface ReplayServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  port: number;
  routes: ReplayRoute[];
  /** Grows as clients send what the recording did not. */
  differences: ReplayDifference[];
  /** Stops listening, ends every open connection, cancels pending frames. */
  close(): Promise<void>;
}
