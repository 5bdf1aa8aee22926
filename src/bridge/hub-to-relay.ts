// What the hub sends back to a relay: the acknowledgement that every batch up to `seq` is stored
// (persisted, not merely received), so the relay may forget them; and an answer the user sent from the
// panel, for the hook to send on the page's socket (answer-messages.ts).
import { z } from 'zod';
import { RelayAnswerSchema, type RelayAnswer } from './answer-messages';

export interface HubAck {
  readonly type: 'ack';
  readonly seq: number;
}

export type HubToRelay = HubAck | RelayAnswer;

export const HubToRelaySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ack'), seq: z.number().int().nonnegative() }),
  RelayAnswerSchema,
]);
