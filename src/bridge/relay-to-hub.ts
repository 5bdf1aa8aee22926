// What the relay (isolated content script) sends the hub over its `relay` port: validated page
// messages in numbered batches. `seq` counts batches per document so the hub can acknowledge and
// drop resends after a worker restart; `dropped` / `rejected` are running totals for this document.
import { z } from 'zod';
import type { PageToRelay } from './page-messages';
import { parsePageMessage } from './page-messages.schema';

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
  }),
]);
