// The hub's one message to a relay outside the relay's own port (tabs.sendMessage to the tab's content
// scripts): "connect again". A relay connects only when it has a batch to send, so once the service
// worker stopped (Chrome stops an idle one after 30 s) a quiet document has no port, and an answer the
// user sends from the panel would have no way to its page's socket. The hub names the document it
// needs (its random id, which no page sees), so only that relay wakes.
import { hasExactlyKeys } from './exact-keys';

export interface WakeRelay {
  readonly type: 'asi-wake-relay';
  readonly document: string;
}

export function wakeRelay(document: string): WakeRelay {
  return { type: 'asi-wake-relay', document };
}

/** `message` asks the relay of document `document` to connect (checked by hand: it is the whole schema). */
export function wakesDocument(message: unknown, document: string): boolean {
  return hasExactlyKeys(message, ['type', 'document']) && message.type === 'asi-wake-relay' && message.document === document;
}
