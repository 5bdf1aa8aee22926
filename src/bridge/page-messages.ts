// Messages the page hook (MAIN world) hands to the relay (isolated world), and the private channel
// they travel on. This file is types and constants only: the hook must stay free of zod and of any
// extension API, so importing it adds nothing to the page. The relay validates every message against
// the zod schema in page-messages.schema.ts before forwarding it (plain frames through a hand check
// that a property test holds to the schema).
//
// The channel: at document_start, before any page script exists, the hook creates an EventTarget
// and hands it to the relay as the `relatedTarget` of a synchronous CHANNEL_OFFER_EVENT dispatched on
// the window (the relay takes it and cancels the event). Whichever of the two scripts runs first, the
// handshake completes: a relay that starts after the hook dispatches CHANNEL_REQUEST_EVENT, and the
// hook answers with the offer. Both events fire while the page has no listener at all, so the page
// never sees them, and from then on the target is reachable only from the hook's and the relay's
// closures. The hook dispatches CHANNEL_BATCH_EVENT on it (a CustomEvent whose `detail` is an array:
// the JSON text of a PageToRelay[], many frames per event, then the payloads of its frames, each
// frame's `data` being its payload's index there, so no payload is quoted on the page's thread); the relay dispatches CHANNEL_FLUSH_EVENT on it to
// get what the hook still holds synchronously (when the page is being hidden). It also dispatches CHANNEL_ANSWER_EVENT
// (a CustomEvent whose `detail` is one string) with an answer the user sent from the panel, for the hook
// to send on the page's socket (bridge/answer-messages.ts, capture/answer-sender.ts). Nothing of this
// reaches the page's own `message` listeners. When the relay may take an offer, and where it takes none
// (same-origin frames and windows the page could prepare before they load), is in relay/trust.ts.
//
// The relay also still accepts tagged PageToRelay messages a page posts to its own window
// (`event.source === window`): they are validated the same way and only ever land in the page's own
// tab, so a page gains nothing by forging them.
import type { Direction, FrameKind, Transport } from '../model/frame';

/** Marks our messages among everything else the page posts to itself. */
export const PAGE_MESSAGE_TAG = '__agentStreamInspector';

/** A connection the hook started to watch. `id` is unique within the page (document) lifetime. */
export interface PageConnectionOpened {
  [PAGE_MESSAGE_TAG]: 1;
  type: 'connection';
  id: string;
  transport: Transport;
  url: string;
  method?: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  /** Set when the hook cut the request body at its size bound. */
  requestBodyTruncated?: { originalLength: number };
  status?: number;
  responseHeaders?: Record<string, string>;
  /** When the page started the request (called fetch() or send(), constructed the socket); ms since the epoch. */
  time: number;
  /** When the response headers arrived (HTTP connections); ms since the epoch. */
  responseAt?: number;
}

/** One frame on a watched connection. The hub assigns the frame's capture index. */
export interface PageFrame {
  [PAGE_MESSAGE_TAG]: 1;
  type: 'frame';
  connectionId: string;
  time: number;
  direction: Direction;
  kind: FrameKind;
  data: string;
  encoding?: 'text' | 'base64';
  eventName?: string;
  eventId?: string;
  /** Set when the hook cut the payload at its size bound. */
  truncated?: { originalLength: number };
  /** Set on a message the inspector sent on the page's socket for the user (see capture/answer-sender.ts). */
  sentBy?: 'inspector';
  /** Payloads of this connection right before this frame that were counted and not kept (capture/payload-budget.ts). */
  notKeptBefore?: number;
  /** For `close` frames. */
  code?: number;
  reason?: string;
}

/**
 * The hook's own health on this page, running totals sent when they change: captures it had to leave
 * off because the page (or another extension) replaced builtins before the hook started, and failures
 * of its own code, which are caught and counted so that none ever reaches the page.
 */
export interface PageCaptureHealth {
  [PAGE_MESSAGE_TAG]: 1;
  type: 'health';
  /** One line per capture that is off, saying what and why. */
  degraded: string[];
  errors: number;
  /** Payloads past the capture budget counted and not handed over (capture/payload-budget.ts); absent: none. */
  notKept?: number;
}

export type PageToRelay = PageConnectionOpened | PageFrame | PageCaptureHealth;

/**
 * A payload is cut (and marked `truncated`) where its JSON text would pass this many UTF-8 bytes: the
 * size it is stored and exported at. Characters alone would let a payload of control characters (six
 * bytes each in JSON) through at six times the bound. The hub cuts there (tab.ts), off the page's
 * thread; the hook cuts only at MAX_FRAME_CHARS, a count it needs no walk over the text for.
 */
export const MAX_FRAME_BYTES = 1_000_000;
/** The hook cuts a payload at this many characters; no payload that fits MAX_FRAME_BYTES of JSON has more. */
export const MAX_FRAME_CHARS = MAX_FRAME_BYTES;
/** Bounds of a health message. */
export const MAX_HEALTH_LINES = 20;
export const MAX_HEALTH_LINE_CHARS = 300;

export const CHANNEL_OFFER_EVENT = `${PAGE_MESSAGE_TAG}:offer`;
export const CHANNEL_REQUEST_EVENT = `${PAGE_MESSAGE_TAG}:request`;
export const CHANNEL_BATCH_EVENT = 'batch';
export const CHANNEL_FLUSH_EVENT = 'flush';
/** Relay → hook on the channel: an answer from the panel to send on a page's socket (capture/answer-sender.ts). */
export const CHANNEL_ANSWER_EVENT = 'answer';

/** The hook hands a batch over once it holds this many messages… */
export const CHANNEL_BATCH_MESSAGES = 500;
/** …or this many characters of JSON (a single bigger message travels alone). */
export const CHANNEL_BATCH_CHARS = 1_000_000;
/**
 * The relay rejects batch texts longer than this without parsing them. One frame can reach about
 * 6 × MAX_FRAME_CHARS of JSON (every character escaped as \uXXXX); a connection record with the
 * most and longest headers the schema allows, about 21 million characters.
 */
export const MAX_CHANNEL_BATCH_CHARS = 32_000_000;
/** …and batches of more messages than this. */
export const MAX_CHANNEL_BATCH_MESSAGES = 2_000;
