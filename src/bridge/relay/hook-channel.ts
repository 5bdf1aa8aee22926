// The relay's end of the private channel to the page hook (see page-messages.ts). It takes the first
// channel offered on its window, answers nothing else, and passes each batch (its JSON text and the
// payloads beside it) on unparsed: the relay validates later, in a task of its own, so nothing heavy
// runs inside the hook's dispatch.
import { answerDetail } from '../answer-messages';
import { CHANNEL_ANSWER_EVENT, CHANNEL_BATCH_EVENT, CHANNEL_FLUSH_EVENT, CHANNEL_OFFER_EVENT, CHANNEL_REQUEST_EVENT } from '../page-messages';

export type ChannelWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>;

export interface HookChannel {
  /** True once the hook's channel was taken. */
  readonly connected: boolean;
  /** Has the hook hand over what it still holds, synchronously. */
  drain(): void;
  /** Has the hook send `data` on its connection `connectionId` (a WebSocket), marked as sent from the inspector. */
  answer(connectionId: string, data: string): void;
  stop(): void;
}

export interface HookChannelOptions {
  /**
   * Starts watching for the moment a page script may have run and calls `close` then; offers are
   * taken only before it (see trust.ts). Without it, offers are taken whenever they come (unit tests).
   */
  startWindow?: (close: () => void) => void;
  /**
   * A document whose channel cannot be trusted (trust.ts): no offer is ever taken, and this is
   * called once when one comes (the hook is there and would have captured).
   */
  refuse?: () => void;
}

export function listenToHook(win: ChannelWindow, onBatch: (detail: unknown) => void, options: HookChannelOptions = {}): HookChannel {
  let channel: EventTarget | undefined;
  let refused = false;
  const onBatchEvent = (event: Event) => onBatch((event as CustomEvent).detail);
  const onOffer = (event: Event) => {
    const target = (event as FocusEvent).relatedTarget;
    if (channel || !target || typeof target.addEventListener !== 'function') return;
    if (options.refuse) {
      if (!refused) options.refuse();
      refused = true;
      return;
    }
    channel = target;
    // Tells the hook the channel is taken; no later listener (there is none at document_start) runs.
    event.preventDefault();
    event.stopImmediatePropagation();
    win.removeEventListener(CHANNEL_OFFER_EVENT, onOffer, true);
    channel.addEventListener(CHANNEL_BATCH_EVENT, onBatchEvent);
  };
  win.addEventListener(CHANNEL_OFFER_EVENT, onOffer, true);
  // The hook may have run first: ask it to offer again, now that someone listens.
  if (!channel) win.dispatchEvent(new Event(CHANNEL_REQUEST_EVENT));
  // Past the start, an offer can only come from a page script: no longer listened to.
  if (!channel && !options.refuse) options.startWindow?.(() => win.removeEventListener(CHANNEL_OFFER_EVENT, onOffer, true));

  return {
    get connected() {
      return channel !== undefined;
    },
    drain() {
      try {
        channel?.dispatchEvent(new Event(CHANNEL_FLUSH_EVENT));
      } catch {
        // the hook's world failing must not stop the relay from sending what it has
      }
    },
    answer(connectionId, data) {
      try {
        // On the private channel only: no page script holds it (see trust.ts), so none hears or imitates this.
        channel?.dispatchEvent(new CustomEvent(CHANNEL_ANSWER_EVENT, { detail: answerDetail(connectionId, data) }));
      } catch {
        // as for drain
      }
    },
    stop() {
      win.removeEventListener(CHANNEL_OFFER_EVENT, onOffer, true);
      channel?.removeEventListener(CHANNEL_BATCH_EVENT, onBatchEvent);
      channel = undefined;
    },
  };
}
