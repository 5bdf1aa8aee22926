// zod schemas for what the page hook posts to the relay. The page can read and forge these messages,
// so every field is typed and bounded: anything oversize, ill-typed or carrying unknown keys is
// rejected whole (and counted), never half-accepted.
import { z } from 'zod';
import { hasExactlyKeys, hasKeysWithin } from './exact-keys';
import {
  MAX_CHANNEL_BATCH_CHARS,
  MAX_CHANNEL_BATCH_MESSAGES,
  MAX_FRAME_CHARS,
  MAX_HEALTH_LINE_CHARS,
  MAX_HEALTH_LINES,
  PAGE_MESSAGE_TAG,
  type PageFrame,
  type PageToRelay,
} from './page-messages';

/** Bounds for the small fields; payload-sized fields use MAX_FRAME_CHARS. */
export const LIMITS = {
  id: 200,
  url: 100_000,
  method: 32,
  headerCount: 200,
  headerName: 1_000,
  headerValue: 100_000,
  eventName: 1_000,
  eventId: 10_000,
  reason: 1_000,
} as const;

const time = z.number().finite().nonnegative();
const headers = z
  .record(z.string().max(LIMITS.headerName), z.string().max(LIMITS.headerValue))
  .refine((h) => Object.keys(h).length <= LIMITS.headerCount, 'too many headers');

export const TransportSchema = z.enum(['websocket', 'sse', 'eventsource', 'fetch-stream', 'xhr', 'http-json', 'file']);
export const DirectionSchema = z.enum(['in', 'out']);
export const FrameKindSchema = z.enum(['message', 'open', 'close', 'error']);

export const PageConnectionOpenedSchema = z.strictObject({
  [PAGE_MESSAGE_TAG]: z.literal(1),
  type: z.literal('connection'),
  id: z.string().min(1).max(LIMITS.id),
  transport: TransportSchema,
  url: z.string().max(LIMITS.url),
  method: z.string().max(LIMITS.method).optional(),
  requestHeaders: headers.optional(),
  requestBody: z.string().max(MAX_FRAME_CHARS).optional(),
  requestBodyTruncated: z.strictObject({ originalLength: z.number().int().nonnegative() }).optional(),
  status: z.number().int().min(0).max(999).optional(),
  responseHeaders: headers.optional(),
  time,
  responseAt: time.optional(),
});

/** A frame's payload and its SSE fields, bounded alike wherever a frame travels (see shared-schemas.ts). */
export const FRAME_PAYLOAD_FIELDS = {
  direction: DirectionSchema,
  kind: FrameKindSchema,
  data: z.string().max(MAX_FRAME_CHARS),
  encoding: z.enum(['text', 'base64']).optional(),
  eventName: z.string().max(LIMITS.eventName).optional(),
  eventId: z.string().max(LIMITS.eventId).optional(),
  sentBy: z.literal('inspector').optional(),
};

export const PageFrameSchema = z.strictObject({
  [PAGE_MESSAGE_TAG]: z.literal(1),
  type: z.literal('frame'),
  connectionId: z.string().min(1).max(LIMITS.id),
  time,
  ...FRAME_PAYLOAD_FIELDS,
  truncated: z.strictObject({ originalLength: z.number().int().nonnegative() }).optional(),
  notKeptBefore: z.number().int().positive().optional(),
  code: z.number().int().min(0).max(65_535).optional(),
  reason: z.string().max(LIMITS.reason).optional(),
});

export const PageCaptureHealthSchema = z.strictObject({
  [PAGE_MESSAGE_TAG]: z.literal(1),
  type: z.literal('health'),
  degraded: z.array(z.string().max(MAX_HEALTH_LINE_CHARS)).max(MAX_HEALTH_LINES),
  errors: z.number().int().nonnegative(),
  notKept: z.number().int().nonnegative().optional(),
});

export const PageToRelaySchema = z.discriminatedUnion('type', [PageConnectionOpenedSchema, PageFrameSchema, PageCaptureHealthSchema]);

// Compile-time check that the schema and the pinned contract describe the same messages.
type Inferred = z.infer<typeof PageToRelaySchema>;
export type SchemaMatchesContract = [Inferred] extends [PageToRelay]
  ? [PageToRelay] extends [Inferred]
    ? true
    : never
  : never;
const _matches: SchemaMatchesContract = true;
void _matches;

/** True when `value` carries our tag at all (cheap pre-filter before schema validation). */
export function hasPageTag(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[PAGE_MESSAGE_TAG] === 1;
}

/**
 * Characters a message holds (its strings' lengths, a margin for the rest), for the relay's queue and
 * batch bounds: what it keeps in the page's renderer. Not its JSON size: the relay runs on the page's
 * thread, and walking a payload to learn that took it about 4 ms per 100 KB (the port's own limit is
 * kept by the bound of json-bound.ts, computed from the same lengths).
 */
export function pageMessageSize(message: PageToRelay): number {
  if (message.type === 'frame') return message.data.length + 200;
  if (message.type === 'health') return 200 + MAX_HEALTH_LINES * MAX_HEALTH_LINE_CHARS;
  return message.url.length + (message.requestBody === undefined ? 0 : message.requestBody.length) + 500;
}

export interface ParsedBatch {
  messages: PageToRelay[];
  /** Messages (or a whole batch that was not even a list) that failed validation. */
  rejected: number;
}

/**
 * A batch from the hook's channel: the JSON text of a PageToRelay[], alone or as the first element of
 * an array whose other elements are the payloads its frames name by index (a frame's `data` is then
 * that index, see relay-channel.ts). Every element is validated on its own (one bad message does not
 * cost the others). Oversize text is rejected before it is parsed.
 */
export function parsePageBatch(batch: unknown): ParsedBatch {
  const payloads = Array.isArray(batch) ? (batch as unknown[]) : undefined;
  if (payloads && (payloads.length < 1 || payloads.length > MAX_CHANNEL_BATCH_MESSAGES + 1)) return { messages: [], rejected: 1 };
  const text = payloads ? payloads[0] : batch;
  if (typeof text !== 'string' || text.length > MAX_CHANNEL_BATCH_CHARS) return { messages: [], rejected: 1 };
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return { messages: [], rejected: 1 };
  }
  if (!Array.isArray(items) || items.length > MAX_CHANNEL_BATCH_MESSAGES) return { messages: [], rejected: 1 };
  const messages: PageToRelay[] = [];
  let rejected = 0;
  for (const item of items) {
    const parsed = parsePageMessage(payloads ? withPayload(item, payloads) : item);
    if (parsed) messages.push(parsed);
    else rejected++;
  }
  return { messages, rejected };
}

/** A parsed frame whose `data` names a payload of the batch gets that payload (anything else is left as it is, for the checks to judge). */
function withPayload(item: unknown, payloads: unknown[]): unknown {
  if (!isRecord(item) || item.type !== 'frame' || typeof item.data !== 'number') return item;
  const at = item.data;
  item.data = Number.isSafeInteger(at) && at >= 1 && at < payloads.length ? payloads[at] : undefined;
  return item;
}

const FRAME_KEYS = [PAGE_MESSAGE_TAG, 'type', 'connectionId', 'time', 'direction', 'kind', 'data'] as const;
/** Fields a flood's frames add: the mark of a payload the hook cut (past the budget), the encoding of a binary one. */
const FLOOD_KEYS = ['truncated', 'encoding'] as const;
const CUT_KEYS = ['originalLength'] as const;

/**
 * A frame with exactly the seven fields every frame has (nearly all of the traffic), or those and the
 * `truncated` mark of a cut payload or the `encoding` of a binary one (every frame of a flood past the
 * budget, payload-budget.ts), checked by hand at a fraction of the schema's cost; undefined for
 * anything else, which then goes to the schema. It accepts only what PageFrameSchema accepts (a
 * property test holds it to that).
 */
export function plainFrame(value: unknown): PageFrame | undefined {
  if (!hasKeysWithin(value, FRAME_KEYS, FLOOD_KEYS)) return undefined;
  const v = value;
  const { connectionId, time, direction, kind, data } = v;
  if (v[PAGE_MESSAGE_TAG] !== 1 || v.type !== 'frame') return undefined;
  if (typeof connectionId !== 'string' || connectionId.length < 1 || connectionId.length > LIMITS.id) return undefined;
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) return undefined;
  if (direction !== 'in' && direction !== 'out') return undefined;
  if (kind !== 'message' && kind !== 'open' && kind !== 'close' && kind !== 'error') return undefined;
  if (typeof data !== 'string' || data.length > MAX_FRAME_CHARS) return undefined;
  if (Object.hasOwn(v, 'truncated') && !isCutMark(v.truncated)) return undefined;
  if (Object.hasOwn(v, 'encoding') && v.encoding !== 'text' && v.encoding !== 'base64') return undefined;
  return value as unknown as PageFrame;
}

/** `{ originalLength }` alone, a whole number of at least 0, as PageFrameSchema takes it. */
function isCutMark(value: unknown): boolean {
  if (!hasExactlyKeys(value, CUT_KEYS)) return false;
  const n = value.originalLength;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
}

/** One message, or undefined when it is invalid (never throws, even on a hostile getter or proxy). */
export function parsePageMessage(value: unknown): PageToRelay | undefined {
  try {
    const fast = plainFrame(value);
    if (fast) return fast;
    // Frames are nearly all of the traffic: straight to their schema, past the union's dispatch.
    const schema = isRecord(value) && value.type === 'frame' ? PageFrameSchema : PageToRelaySchema;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
