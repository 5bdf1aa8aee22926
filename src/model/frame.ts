// The unit everything else consumes: one message on one connection, as the page saw it.
// Frames are plain data (structured-cloneable) so they cross extension contexts and land in files as is.

/** `in`: server to page. `out`: page to server (WebSocket send, request body of a streaming POST). */
export type Direction = 'in' | 'out';

export type Transport =
  | 'websocket'
  | 'sse' // a text/event-stream body read through fetch or XHR
  | 'eventsource'
  | 'fetch-stream' // NDJSON / JSON Lines bodies
  | 'xhr'
  | 'http-json' // a whole JSON response, e.g. a History API answer
  | 'file'; // frames read from a file with no transport recorded

/** What happened on the connection. Only `message` frames carry protocol data. */
export type FrameKind = 'message' | 'open' | 'close' | 'error';

export interface Frame {
  /** Position in the capture, 0-based and stable: findings and the timeline point at it. */
  index: number;
  connectionId: string;
  /** Milliseconds since the Unix epoch; captures without clocks use 0-based synthetic times. */
  time: number;
  direction: Direction;
  kind: FrameKind;
  /** The payload as text; binary payloads are base64 with `encoding: 'base64'`. */
  data: string;
  encoding?: 'text' | 'base64';
  /** SSE `event:` name, when the transport had one. */
  eventName?: string;
  /** SSE `id:` line, when the transport had one. */
  eventId?: string;
  /** Set when the capture cut the payload: `data` holds only the first part. */
  truncated?: { originalLength: number };
  /**
   * `inspector`: a message the user sent from the inspector's panel ("answer from the panel") on the
   * page's own socket, not one the page's code sent. Absent on everything the page did.
   */
  sentBy?: 'inspector';
  /**
   * Payloads of this frame's connection that came right before it and that the capture counted but did
   * not keep (a run of big payloads past the capture budget): the timeline marks the gap here. Absent: none.
   */
  notKeptBefore?: number;
}

export interface Connection {
  id: string;
  transport: Transport;
  url?: string;
  method?: string;
  /** Lower-cased header names. */
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  /** Set when the capture cut the request body at its size bound: `requestBody` holds only the first part. */
  requestBodyTruncated?: { originalLength: number };
  status?: number;
  /** Lower-cased header names. */
  responseHeaders?: Record<string, string>;
  /** When the page started the request (called fetch() or send(), constructed the socket), epoch ms. */
  startedAt?: number;
  /** When the response headers arrived (HTTP only), epoch ms. */
  responseAt?: number;
  closed?: { code?: number; reason?: string; at?: number };
  /** A protocol id chosen by the user; skips detection for this connection. */
  protocol?: string;
}

/** A set of connections and their frames, in capture order, as read from a file or held by the hub. */
export interface Capture {
  connections: Connection[];
  frames: Frame[];
  /** Frames the capture lost because a buffer bound was hit (oldest first). */
  dropped?: number;
  /** Where the capture came from: the input format's id and, when known, the page URL. */
  source?: { format: string; pageUrl?: string };
  /**
   * `none` when the input recorded no clock (raw SSE, JSON Lines or JSON events without times, a History
   * API response): frame times are then synthetic (0, 1, 2… ms) and no timing figure is given.
   */
  timing?: 'none';
}

/** A frame with its payload decoded once, so no stage parses JSON twice. */
export interface DecodedFrame {
  frame: Frame;
  /** The parsed JSON payload; `undefined` when `jsonError` is set or the frame is not a message. */
  json: unknown;
  /** Set when a text message frame is not JSON. */
  jsonError?: string;
}

/**
 * The data of a close frame the page itself caused: it cancelled the body it was reading (a chat's
 * Stop button through `reader.cancel()`), or closed its EventSource. The page ended the stream on
 * purpose, as with an aborted fetch (an error frame naming AbortError): no finding about the stream.
 */
export const CANCELLED_BY_PAGE = 'cancelled by the page';
export const CLOSED_BY_PAGE = 'closed by the page';
