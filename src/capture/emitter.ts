// Turns what the hooks observe into PageToRelay messages and hands them to the relay. Frames of one
// connection leave in the order they happened even when a payload must be read asynchronously (a
// Blob), and every payload is cut at the size bound here, in one place.
import {
  MAX_FRAME_CHARS,
  PAGE_MESSAGE_TAG,
  type PageConnectionOpened,
  type PageFrame,
  type PageToRelay,
} from '../bridge/page-messages';
import type { Direction, FrameKind, Transport } from '../model/frame';
import { apply, bare, documentToken, mathMin, getOwnDescriptor, getPrototypeOf, hasOwn, nativeGetter, now, thenNative } from './natives';
import { createHealth, type Health } from './health';
import { textFrameEncoder, type TextFrameEncoder } from './json-encode';
import { cutText, type FramePayload } from './truncate';
import { BUDGET_NOTICE_CAPTURE, BUDGET_NOTICE_WHY, NOT_KEPT, createConnectionGrant, createPayloadBudget, type Grant } from './payload-budget';

export type Post = (message: PageToRelay) => void;
/** Hands over a text message frame, written by its connection's encoder (see textFrameEncoder and relay-channel.ts). */
export type PostText = (encode: TextFrameEncoder, time: number, direction: Direction, data: string) => void;

export interface FrameFields {
  direction: Direction;
  kind: FrameKind;
  data?: string;
  encoding?: 'text' | 'base64';
  truncated?: { originalLength: number };
  eventName?: string;
  eventId?: string;
  sentBy?: 'inspector';
  code?: number;
  reason?: string;
}

export type ConnectionInfo = Omit<PageConnectionOpened, typeof PAGE_MESSAGE_TAG | 'type' | 'id' | 'transport' | 'time'> & {
  /** When the page started the request; now when absent (a socket opens when it is constructed). */
  startedAt?: number;
};

export interface WatchedConnection {
  readonly id: string;
  /** A frame that happened now. */
  frame(fields: FrameFields): void;
  /** A text message that happened now: the common case, written straight to JSON when it can be. */
  text(direction: Direction, data: string): void;
  /** A frame that happened now but whose payload is still being read; later frames wait for it. */
  frameLater(direction: Direction, payload: Promise<FramePayload>): void;
  /**
   * How much of a payload of `wanted` characters to keep (the page's payload budget, payload-budget.ts);
   * NOT_KEPT when it is only counted. A payload granted here is handed over as a frame or counted.
   */
  readonly grant: Grant;
  /**
   * Sends the connection's record again with what became known after it opened: a request recorded
   * when the page sent it gets its response's status and headers. The hub merges it into the record
   * it holds; the frames already sent keep their places.
   */
  update(info: ConnectionInfo): void;
}

export interface Capture {
  open(transport: Transport, info: ConnectionInfo): WatchedConnection;
  readonly health: Health;
}

/**
 * Posts to this frame's own window. The target origin is '/', "the sender's own origin": the
 * isolated-world relay of this same frame listens on this window and receives it, while a message
 * captured from one document can never be delivered to a different-origin document that replaced it
 * (e.g. after a navigation) the way '*' would allow. '/' also works for opaque origins (sandboxed
 * frames, data: URLs), where `location.origin` is the string "null" and cannot be used as a target.
 */
export function windowPoster(win: Window): Post {
  const postMessage = win.postMessage;
  return (message) => {
    try {
      apply(postMessage, win, [message, '/']);
    } catch {
      // Only a structured-clone failure could land here; our messages are plain strings and numbers.
    }
  };
}


/**
 * `postText`, when given, takes text message frames that fit the bound (see textFrameEncoder). Without a
 * `health`, failures are not reported and builtins are not checked (tests in a JavaScript DOM).
 */
export function createCapture(post: Post, postText?: PostText, health: Health = createHealth(() => undefined, false)): Capture {
  const token = documentToken();
  let counter = 0;
  // One budget for the document: the cost it bounds is its thread's, whichever connection brings it.
  const grant = createPayloadBudget(() => health.degrade(BUDGET_NOTICE_CAPTURE, BUDGET_NOTICE_WHY));

  return {
    health,
    open(transport, info) {
      const id = `${token}-${++counter}`;
      post(connectionRecord(id, transport, info));
      return orderedConnection(id, post, postText, health, grant, (later) => post(connectionRecord(id, transport, later)));
    },
  };
}

/** The connection's record as the relay takes it; sent again with the same id, it updates the one the hub holds. */
function connectionRecord(id: string, transport: Transport, info: ConnectionInfo): PageConnectionOpened {
  const startedAt = own(info, 'startedAt');
  // Prototype-less, like every record the hook fills in field by field: assigning a field that is
  // not there yet would otherwise run a setter the page put on Object.prototype.
  const opened = bare<PageConnectionOpened>();
  opened[PAGE_MESSAGE_TAG] = 1;
  opened.type = 'connection';
  opened.id = id;
  opened.transport = transport;
  opened.url = info.url;
  opened.time = startedAt ?? now();
  const responseAt = own(info, 'responseAt');
  if (responseAt !== undefined) opened.responseAt = responseAt;
  const method = own(info, 'method');
  if (method !== undefined) opened.method = method;
  const requestHeaders = own(info, 'requestHeaders');
  if (requestHeaders !== undefined) opened.requestHeaders = requestHeaders;
  const requestBody = own(info, 'requestBody');
  if (requestBody !== undefined) {
    const cut = cutText(requestBody);
    opened.requestBody = cut.data;
    const earlier = own(info, 'requestBodyTruncated');
    if (earlier) opened.requestBodyTruncated = earlier;
    else if (hasOwn(cut, 'truncated')) opened.requestBodyTruncated = cut.truncated!;
  }
  const status = own(info, 'status');
  if (status !== undefined) opened.status = status;
  const responseHeaders = own(info, 'responseHeaders');
  if (responseHeaders !== undefined) opened.responseHeaders = responseHeaders;
  return opened;
}

function orderedConnection(
  id: string,
  post: Post,
  postText: PostText | undefined,
  health: Health,
  documentGrant: Grant,
  update: (info: ConnectionInfo) => void,
): WatchedConnection {
  const encodeText = postText && textFrameEncoder(id);
  // Payloads not kept since this connection's last frame: the next frame carries the count, so the
  // timeline can mark where they were.
  let notKept = 0;
  const grant = createConnectionGrant(documentGrant, () => {
    notKept++;
    health.skip();
  });
  /** The count for the frame being built now, which then starts again from 0. */
  const takeNotKept = (): number => {
    const n = notKept;
    notKept = 0;
    return n;
  };
  // Frames waiting behind an unfinished asynchronous payload; empty almost always. Written by index
  // (head to tail), never through Array.prototype methods the page could have replaced.
  let queue: { message: PageFrame | undefined }[] = [];
  let head = 0;
  const waiting = () => queue.length - head;
  const flush = () => {
    while (waiting() > 0 && queue[head]!.message) {
      const message = queue[head]!.message!;
      queue[head++] = { message: undefined };
      post(message);
    }
    if (waiting() === 0) {
      queue = [];
      head = 0;
    }
  };
  const send = (message: PageFrame) => {
    if (waiting() === 0) post(message);
    else queue[queue.length] = { message };
  };
  return {
    id,
    grant,
    update,
    frame(fields) {
      // Text payloads draw on the budget here; binary ones did before they were encoded (payload.ts).
      const data = own(fields, 'data');
      const keep = data !== undefined && fields.kind === 'message' && own(fields, 'encoding') !== 'base64' ? grant(mathMin(data.length, MAX_FRAME_CHARS)) : MAX_FRAME_CHARS;
      if (keep === NOT_KEPT) return;
      send(buildFrame(id, now(), fields, keep, takeNotKept()));
    },
    text(direction, data) {
      const keep = grant(mathMin(data.length, MAX_FRAME_CHARS));
      if (keep === NOT_KEPT) return;
      // Behind an unfinished payload, to be cut, or after payloads not kept: the general path keeps
      // order and marks the cut or the gap.
      if (!encodeText || waiting() > 0 || keep < data.length || notKept > 0) {
        send(buildFrame(id, now(), { direction, kind: 'message', ...cutText(data, keep) }, keep, takeNotKept()));
      } else {
        postText!(encodeText, now(), direction, data);
      }
    },
    frameLater(direction, payload) {
      const time = now();
      // The payload's grant was drawn before this call (payload.ts): the gap is the one before it.
      const gap = takeNotKept();
      const slot: { message: PageFrame | undefined } = { message: undefined };
      queue[queue.length] = slot;
      const settle = (fields: FrameFields) => health.quietly(() => {
        slot.message = buildFrame(id, time, fields, MAX_FRAME_CHARS, gap);
        flush();
      });
      thenNative(
        payload,
        (p) => settle({ direction, kind: 'message', ...p }),
        // Still a frame: the page did receive or send something, we only failed to read it.
        (err: unknown) => settle({ direction, kind: 'message', data: `[unreadable payload: ${describeError(err)}]` }),
      );
    },
  };
}

/**
 * Reads only own fields of the hook's objects: an absent optional field would otherwise be looked up
 * on Object.prototype, where a page-defined getter could notice the hook.
 */
function own<T extends object, K extends keyof T>(f: T, key: K): T[K] | undefined {
  return hasOwn(f, key) ? f[key] : undefined;
}

/**
 * `keep`: the characters of a text payload to keep (the budget's grant; the size bound at most).
 * `notKeptBefore`: payloads of the connection counted and not kept right before this frame.
 */
function buildFrame(connectionId: string, time: number, fields: FrameFields, keep: number = MAX_FRAME_CHARS, notKeptBefore = 0): PageFrame {
  const f: Partial<FrameFields> = {
    encoding: own(fields, 'encoding'),
    truncated: own(fields, 'truncated'),
    eventName: own(fields, 'eventName'),
    eventId: own(fields, 'eventId'),
    sentBy: own(fields, 'sentBy'),
    code: own(fields, 'code'),
    reason: own(fields, 'reason'),
  };
  let data = own(fields, 'data') ?? '';
  let truncated = f.truncated;
  if (f.encoding !== 'base64') {
    // Also text a splitter cut already (by characters): the bound is the JSON bytes.
    const cut = cutText(data, mathMin(keep, MAX_FRAME_CHARS));
    data = cut.data;
    if (!truncated && hasOwn(cut, 'truncated')) truncated = cut.truncated;
  }
  const frame = bare<PageFrame>();
  frame[PAGE_MESSAGE_TAG] = 1;
  frame.type = 'frame';
  frame.connectionId = connectionId;
  frame.time = time;
  frame.direction = fields.direction;
  frame.kind = fields.kind;
  frame.data = data;
  if (f.encoding !== undefined) frame.encoding = f.encoding;
  if (truncated !== undefined) frame.truncated = truncated;
  if (f.eventName !== undefined) frame.eventName = f.eventName;
  if (f.eventId !== undefined) frame.eventId = f.eventId;
  if (f.sentBy !== undefined) frame.sentBy = f.sentBy;
  if (notKeptBefore > 0) frame.notKeptBefore = notKeptBefore;
  if (f.code !== undefined) frame.code = f.code;
  if (f.reason !== undefined) frame.reason = f.reason;
  return frame;
}

const domExceptionName = typeof DOMException === 'function' ? nativeGetter(DOMException.prototype, 'name') : undefined;
const domExceptionMessage = typeof DOMException === 'function' ? nativeGetter(DOMException.prototype, 'message') : undefined;

/** A data property's value, own or inherited; a getter (the page's, maybe) is never run. */
function dataProperty(o: object, key: string): unknown {
  for (let p: object | null = o; p; p = getPrototypeOf(p)) {
    const desc = getOwnDescriptor(p, key);
    if (desc) return hasOwn(desc, 'value') ? desc.value : undefined;
  }
  return undefined;
}

/**
 * "name: message" of a failure the browser reported (a DOMException, or a TypeError whose message is
 * its own property), read through saved getters only.
 */
export function describeError(err: unknown): string {
  if (err && typeof err === 'object') {
    try {
      let name: unknown;
      let message: unknown;
      try {
        name = domExceptionName?.(err);
        message = domExceptionMessage?.(err);
      } catch {
        // not a DOMException
      }
      if (typeof message !== 'string') {
        // An Error of the language: its fields are plain data.
        name = dataProperty(err, 'name');
        message = dataProperty(err, 'message');
      }
      if (typeof message === 'string') return typeof name === 'string' ? `${name}: ${message}` : message;
    } catch {
      // fall through
    }
  }
  return typeof err === 'string' ? err : 'unknown error';
}
