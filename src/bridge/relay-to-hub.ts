// What the relay (isolated content script) sends the hub over its `relay` port: validated page
// messages in numbered batches. `seq` counts batches per document so the hub can acknowledge and
// drop resends after a worker restart; `dropped` / `rejected` are running totals for this document.
import { z } from 'zod';
import type { PageToRelay } from './page-messages';
import { parsePageMessage } from './page-messages.schema';
import { hasKeysWithin } from './exact-keys';

export const RELAY_PORT_NAME = 'relay';

/** Batches stay under this many payload characters; the port chunker covers anything else. */
export const MAX_BATCH_CHARS = 4_000_000;
export const MAX_BATCH_MESSAGES = 2_000;

export interface RelayBatch {
  readonly type: 'batch';
  /** Random id of the sending document (one relay instance per frame document). */
  readonly document: string;
  readonly seq: number;
  readonly messages: readonly PageToRelay[];
  /** Messages the relay's bounded queue dropped, oldest first, since the document started. */
  readonly dropped: number;
  /** Tagged page messages that failed validation since the document started. */
  readonly rejected: number;
  /**
   * Made as the document was being left (pagehide): what the page still held then. The hub tells such
   * a batch from a page the tab has navigated away from by it (tab.ts).
   */
  readonly leaving?: true;
  /** Times the document had come back from the back/forward cache when the batch was made; absent: never. */
  readonly visit?: number;
  /**
   * Made while the document was being prerendered (speculation rules, the address bar's preloading):
   * not the tab's page yet, so the hub holds it until the page is shown (tab.ts).
   */
  readonly prerendering?: true;
}

export type RelayToHub = RelayBatch;

/**
 * One page message, checked as the relay checks it (PageToRelaySchema, with its hand-checked fast
 * path for plain frames): the schema alone costs the service worker several microseconds a frame.
 */
const PageMessage = z.custom<PageToRelay>((value) => parsePageMessage(value) !== undefined, 'invalid page message');

export const RelayToHubSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('batch'),
    // Hex only: it becomes a record key in the hub, so nothing like `__proto__` may pass.
    document: z.string().regex(/^[0-9a-f]{8,64}$/),
    seq: z.number().int().positive(),
    messages: z.array(PageMessage).max(MAX_BATCH_MESSAGES),
    dropped: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    leaving: z.literal(true).optional(),
    visit: z.number().int().positive().optional(),
    prerendering: z.literal(true).optional(),
  }),
]);

const BATCH_KEYS = ['type', 'document', 'seq', 'messages', 'dropped', 'rejected'] as const;
const OPTIONAL_KEYS = ['leaving', 'visit', 'prerendering'] as const;
const DOCUMENT = /^[0-9a-f]{8,64}$/;
const count = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * A batch of the batch's fields (and no others) checked by hand (its messages each by parsePageMessage, as the
 * schema checks them), else undefined and the schema decides. zod's array and object walk made a copy
 * of every batch's messages list and the issues machinery per message: garbage per frame in the
 * service worker during a flood. It accepts only what RelayToHubSchema accepts (the unit test holds it to that).
 */
export function fastRelayBatch(value: unknown): RelayBatch | undefined {
  if (!hasKeysWithin(value, BATCH_KEYS, OPTIONAL_KEYS)) return undefined;
  const { type, document, seq, messages, dropped, rejected } = value;
  if (type !== 'batch' || typeof document !== 'string' || !DOCUMENT.test(document)) return undefined;
  if (!count(seq) || (seq as number) === 0 || !count(dropped) || !count(rejected)) return undefined;
  if (Object.hasOwn(value, 'leaving') && value.leaving !== true) return undefined;
  if (Object.hasOwn(value, 'prerendering') && value.prerendering !== true) return undefined;
  if (Object.hasOwn(value, 'visit') && (!count(value.visit) || value.visit === 0)) return undefined;
  if (!Array.isArray(messages) || messages.length > MAX_BATCH_MESSAGES) return undefined;
  for (const m of messages as unknown[]) if (parsePageMessage(m) === undefined) return undefined;
  return value as unknown as RelayBatch;
}
