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
import { apply, documentToken, now, thenNative } from './natives';
import { textFrameEncoder } from './json-encode';
import { cutText, type FramePayload } from './truncate';

export type Post = (message: PageToRelay) => void;
/** Hands over one message already written as JSON text (the relay channel's own format). */
export type PostJson = (json: string) => void;

export interface FrameFields {
  direction: Direction;
  kind: FrameKind;
  data?: string;
  encoding?: 'text' | 'base64';
  truncated?: { originalLength: number };
  eventName?: string;
  eventId?: string;
  code?: number;
  reason?: string;
}

export type ConnectionInfo = Omit<PageConnectionOpened, typeof PAGE_MESSAGE_TAG | 'type' | 'id' | 'transport' | 'time'>;

export interface WatchedConnection {
  readonly id: string;
  /** A frame that happened now. */
  frame(fields: FrameFields): void;
  /** A text message that happened now: the common case, written straight to JSON when it can be. */
  text(direction: Direction, data: string): void;
  /** A frame that happened now but whose payload is still being read; later frames wait for it. */
  frameLater(direction: Direction, payload: Promise<FramePayload>): void;
}

export interface Capture {
  open(transport: Transport, info: ConnectionInfo): WatchedConnection;
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

/** `postJson`, when given, takes text message frames already encoded (see textFrameEncoder). */
export function createCapture(post: Post, postJson?: PostJson): Capture {
  const token = documentToken();
  let counter = 0;

  return {
    open(transport, info) {
      const id = `${token}-${++counter}`;
      const opened: PageConnectionOpened = { [PAGE_MESSAGE_TAG]: 1, type: 'connection', id, transport, url: info.url, time: now() };
      if (info.method !== undefined) opened.method = info.method;
      if (info.requestHeaders !== undefined) opened.requestHeaders = info.requestHeaders;
      if (info.requestBody !== undefined) opened.requestBody = cutText(info.requestBody).data;
      if (info.status !== undefined) opened.status = info.status;
      if (info.responseHeaders !== undefined) opened.responseHeaders = info.responseHeaders;
      post(opened);
      return orderedConnection(id, post, postJson);
    },
  };
}

function orderedConnection(id: string, post: Post, postJson: PostJson | undefined): WatchedConnection {
  const encodeText = postJson && textFrameEncoder(id);
  // Frames waiting behind an unfinished asynchronous payload; empty almost always.
  const queue: { message: PageFrame | undefined }[] = [];
  const flush = () => {
    while (queue.length > 0 && queue[0]!.message) post(queue.shift()!.message!);
  };
  const send = (message: PageFrame) => {
    if (queue.length === 0) post(message);
    else queue.push({ message });
  };
  return {
    id,
    frame(fields) {
      send(buildFrame(id, now(), fields));
    },
    text(direction, data) {
      // Behind an unfinished payload, or to be cut: the general path keeps order and marks the cut.
      if (!encodeText || queue.length > 0 || data.length > MAX_FRAME_CHARS) {
        send(buildFrame(id, now(), { direction, kind: 'message', ...cutText(data) }));
      } else {
        postJson!(encodeText(now(), direction, data));
      }
    },
    frameLater(direction, payload) {
      const time = now();
      const slot: { message: PageFrame | undefined } = { message: undefined };
      queue.push(slot);
      const settle = (fields: FrameFields) => {
        slot.message = buildFrame(id, time, fields);
        flush();
      };
      thenNative(
        payload,
        (p) => settle({ direction, kind: 'message', ...p }),
        // Still a frame: the page did receive or send something, we only failed to read it.
        (err: unknown) => settle({ direction, kind: 'message', data: `[unreadable payload: ${describeError(err)}]` }),
      );
    },
  };
}

// Saved at document_start, before any page script could replace it.
const hasOwn = Object.hasOwn;

/**
 * Reads only own fields of the hook's objects: an absent optional field would otherwise be looked up
 * on Object.prototype, where a page-defined getter could notice the hook.
 */
function own<K extends keyof FrameFields>(f: FrameFields, key: K): FrameFields[K] | undefined {
  return hasOwn(f, key) ? f[key] : undefined;
}

function buildFrame(connectionId: string, time: number, fields: FrameFields): PageFrame {
  const f: Partial<FrameFields> = {
    encoding: own(fields, 'encoding'),
    truncated: own(fields, 'truncated'),
    eventName: own(fields, 'eventName'),
    eventId: own(fields, 'eventId'),
    code: own(fields, 'code'),
    reason: own(fields, 'reason'),
  };
  let data = own(fields, 'data') ?? '';
  let truncated = f.truncated;
  if (!truncated && f.encoding !== 'base64') {
    const cut = cutText(data);
    data = cut.data;
    truncated = hasOwn(cut, 'truncated') ? cut.truncated : undefined;
  }
  const frame: PageFrame = { [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId, time, direction: fields.direction, kind: fields.kind, data };
  if (f.encoding !== undefined) frame.encoding = f.encoding;
  if (truncated !== undefined) frame.truncated = truncated;
  if (f.eventName !== undefined) frame.eventName = f.eventName;
  if (f.eventId !== undefined) frame.eventId = f.eventId;
  if (f.code !== undefined) frame.code = f.code;
  if (f.reason !== undefined) frame.reason = f.reason;
  return frame;
}

export function describeError(err: unknown): string {
  if (err && typeof err === 'object') {
    try {
      const name = (err as { name?: unknown }).name;
      const message = (err as { message?: unknown }).message;
      if (typeof message === 'string') return typeof name === 'string' ? `${name}: ${message}` : message;
    } catch {
      // fall through
    }
  }
  return typeof err === 'string' ? err : 'unknown error';
}
