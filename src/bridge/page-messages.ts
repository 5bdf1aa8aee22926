// Messages the page hook (MAIN world) posts to the relay (isolated world) with window.postMessage.
// This file is types and constants only: the hook must stay free of zod and of any extension API,
// so importing it adds nothing to the page. The relay validates every message with the zod schema
// in page-messages.schema.ts, because the page can read and forge these messages.
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
  status?: number;
  responseHeaders?: Record<string, string>;
  /** ms since the epoch */
  time: number;
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
  /** For `close` frames. */
  code?: number;
  reason?: string;
}

export type PageToRelay = PageConnectionOpened | PageFrame;

/** Payloads longer than this many characters are cut by the hook (and marked `truncated`). */
export const MAX_FRAME_CHARS = 1_000_000;
