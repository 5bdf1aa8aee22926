// zod schemas for the data types that travel between extension contexts (hub ↔ panel): frames,
// connections and session summaries. Bounds match what the relay already enforced on page input.
import { z } from 'zod';
import { MAX_FRAME_CHARS } from './page-messages';
import { FRAME_PAYLOAD_FIELDS, LIMITS, TransportSchema } from './page-messages.schema';

const headers = z.record(z.string().max(LIMITS.headerName), z.string().max(LIMITS.headerValue));

export const FrameSchema = z.object({
  index: z.number().int().nonnegative(),
  connectionId: z.string().max(LIMITS.id * 2),
  time: z.number().finite(),
  ...FRAME_PAYLOAD_FIELDS,
  truncated: z.object({ originalLength: z.number().int().nonnegative() }).optional(),
  notKeptBefore: z.number().int().positive().optional(),
});

export const ConnectionSchema = z.object({
  id: z.string().max(LIMITS.id * 2),
  transport: TransportSchema,
  url: z.string().max(LIMITS.url).optional(),
  method: z.string().max(LIMITS.method).optional(),
  requestHeaders: headers.optional(),
  requestBody: z.string().max(MAX_FRAME_CHARS).optional(),
  requestBodyTruncated: z.object({ originalLength: z.number().int().nonnegative() }).optional(),
  status: z.number().int().optional(),
  responseHeaders: headers.optional(),
  startedAt: z.number().finite().optional(),
  responseAt: z.number().finite().optional(),
  closed: z
    .object({ code: z.number().int().optional(), reason: z.string().optional(), at: z.number().finite().optional() })
    .optional(),
  protocol: z.string().max(100).optional(),
});

/** What the panel's session list shows without running the pipeline itself. */
export const SessionSummarySchema = z.object({
  id: z.string().max(LIMITS.id * 2 + 20),
  /** The agent's own session, thread or run id, when its frames or URL carry one. */
  key: z.string().max(200).optional(),
  connectionIds: z.array(z.string()).readonly(),
  protocol: z.string().max(100),
  frames: z.number().int().nonnegative(),
  /**
   * The session's findings counted, only where asked for (the hub's debug hook): the hub folds no frame
   * for the summaries it sends a panel, which folds every frame itself.
   */
  errors: z.number().int().nonnegative().optional(),
  warnings: z.number().int().nonnegative().optional(),
  infos: z.number().int().nonnegative().optional(),
  /** Up to a few distinct rule ids, for a quick look; the export carries the full findings. */
  rules: z.array(z.string().max(200)).readonly().optional(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const CaptureLikeSchema = z.object({
  connections: z.array(ConnectionSchema),
  frames: z.array(FrameSchema),
});
