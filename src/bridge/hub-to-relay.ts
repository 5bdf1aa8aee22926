// What the hub sends back to a relay: the acknowledgement that every batch up to `seq` is stored
// (persisted, not merely received), so the relay may forget them.
import { z } from 'zod';

export interface HubAck {
  readonly type: 'ack';
  readonly seq: number;
}

export type HubToRelay = HubAck;

export const HubToRelaySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ack'), seq: z.number().int().nonnegative() }),
]);
