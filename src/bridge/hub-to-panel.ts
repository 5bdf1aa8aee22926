// What the hub sends a subscribed panel: one snapshot of the tab (its first slice of frames), then
// appends under flow control (hub/panel-feed.ts: the panel acknowledges what it applied), their frames
// packed by field (`packed`, packed-frames.ts; `append` carries frame objects), and a trim
// when the tab's bound dropped its oldest frames (the panel drops them too: the buffer never travels
// again). The typed port splits any message over its cap into pieces (see chunking.ts).
import { AnswerReceivedSchema, AnswerRefusedSchema, type AnswerReceived, type AnswerRefused } from './answer-messages';
import { z } from 'zod';
import type { Connection, Frame } from '../model/frame';
import { MAX_HEALTH_LINE_CHARS, MAX_HEALTH_LINES } from './page-messages';
import { CaptureLikeSchema, ConnectionSchema, FrameSchema, SessionSummarySchema, type SessionSummary } from './shared-schemas';
import { isPackedFrames, type PackedFrames } from './packed-frames';

/** Counters and switches of a tab, shown in the panel's status line. */
export interface TabStatus {
  /** Frames the bounded buffers lost (hub buffer and relay queues), oldest first. */
  readonly dropped: number;
  /** Frames whose payload the hook cut at its size bound. */
  readonly cut: number;
  /** Tagged page messages the relay rejected as malformed. */
  readonly rejected: number;
  /** Frames that arrived while recording was off. */
  readonly ignored: number;
  /** Frames the hub could not store or analyse (a fault in the inspector); the frames after them went on. Absent: none. */
  readonly failed?: number;
  readonly preserveLog: boolean;
  readonly recording: boolean;
  /** What the hook could not capture on the tab's page, and why, one line each. */
  readonly degraded?: readonly string[];
  /** Errors the hook caught in its own code (none of them reached the page). */
  readonly hookErrors?: number;
  /** Payloads past the capture budget that the hook counted and did not hand over (capture/payload-budget.ts). */
  readonly notKept?: number;
  /**
   * Frames the hub holds that this panel has not been sent yet (it fell behind; they follow as it
   * applies what it has). Absent in the hub's status messages, which are the same for every panel.
   */
  readonly waiting?: number;
}

export interface CaptureLike {
  readonly connections: readonly Connection[];
  readonly frames: readonly Frame[];
}

export type HubToPanel =
  | ({ readonly type: 'snapshot'; readonly tabId: number; readonly capture: CaptureLike; readonly sessions: readonly SessionSummary[] } & TabStatus)
  | {
      readonly type: 'append';
      readonly frames: readonly Frame[];
      /** Connections that are new or changed (e.g. closed) since the last message. */
      readonly connections: readonly Connection[];
      /** Sessions whose summary changed. */
      readonly sessions: readonly SessionSummary[];
      /** Sessions that joined one of `sessions` (a regroup): gone, their connections now listed there. */
      readonly removedSessions?: readonly string[];
      /** Frames still to come after these (see TabStatus.waiting). */
      readonly waiting?: number;
    }
  /** An append whose frames are packed by field (what the hub sends; see packed-frames.ts). */
  | {
      readonly type: 'packed';
      readonly packed: PackedFrames;
      readonly connections: readonly Connection[];
      readonly sessions: readonly SessionSummary[];
      readonly removedSessions?: readonly string[];
      readonly waiting?: number;
    }
  /** The bound dropped the tab's oldest frames: every frame with a capture index below `below` is gone. */
  | { readonly type: 'trim'; readonly tabId: number; readonly below: number }
  /**
   * `answers`: the `requestId` of this panel's `setPreserveLog` that the status follows, in the copy
   * sent to the panel that asked (the others get the same status without it).
   */
  | ({ readonly type: 'status'; readonly answers?: number } & TabStatus)
  | { readonly type: 'cleared'; readonly tabId: number }
  | { readonly type: 'export'; readonly requestId: number; readonly capture: CaptureLike; readonly dropped: number }
  /** An answer from the panel the hub has, or did not pass on (answer-messages.ts). */
  | AnswerReceived
  | AnswerRefused;

const TabStatusShape = {
  dropped: z.number().int().nonnegative(),
  cut: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  ignored: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative().optional(),
  preserveLog: z.boolean(),
  recording: z.boolean(),
  degraded: z.array(z.string().max(MAX_HEALTH_LINE_CHARS)).max(MAX_HEALTH_LINES * 2).optional(),
  hookErrors: z.number().int().nonnegative().optional(),
  notKept: z.number().int().nonnegative().optional(),
  waiting: z.number().int().nonnegative().optional(),
};

export const AppendSchema = z.object({
  type: z.literal('append'),
  frames: z.array(FrameSchema),
  connections: z.array(ConnectionSchema),
  sessions: z.array(SessionSummarySchema),
  removedSessions: z.array(SessionSummarySchema.shape.id).optional(),
  waiting: z.number().int().nonnegative().optional(),
});

export const PackedAppendSchema = z.object({
  type: z.literal('packed'),
  packed: z.custom<PackedFrames>(isPackedFrames, 'invalid packed frames'),
  connections: z.array(ConnectionSchema),
  sessions: z.array(SessionSummarySchema),
  removedSessions: z.array(SessionSummarySchema.shape.id).optional(),
  waiting: z.number().int().nonnegative().optional(),
});

export const HubToPanelSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    tabId: z.number().int().nonnegative(),
    capture: CaptureLikeSchema,
    sessions: z.array(SessionSummarySchema),
    ...TabStatusShape,
  }),
  AppendSchema,
  PackedAppendSchema,
  z.object({ type: z.literal('trim'), tabId: z.number().int().nonnegative(), below: z.number().int().nonnegative() }),
  z.object({ type: z.literal('status'), ...TabStatusShape, answers: z.number().int().nonnegative().optional() }),
  z.object({ type: z.literal('cleared'), tabId: z.number().int().nonnegative() }),
  z.object({
    type: z.literal('export'),
    requestId: z.number().int().nonnegative(),
    capture: CaptureLikeSchema,
    dropped: z.number().int().nonnegative(),
  }),
  AnswerReceivedSchema,
  AnswerRefusedSchema,
]);
