// The relay's end of the private channel to the page hook (see page-messages.ts). It takes the first
// channel offered on its window, answers nothing else, and passes each batch text on unparsed: the
// relay validates later, in a task of its own, so nothing heavy runs inside the hook's dispatch.
import { CHANNEL_BATCH_EVENT, CHANNEL_FLUSH_EVENT, CHANNEL_OFFER_EVENT, CHANNEL_REQUEST_EVENT } from '../page-messages';

export type ChannelWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>;

export interface HookChannel {
  /** True once the hook's channel was taken. */
  readonly connected: boolean;
  /** Has the hook hand over what it still holds, synchronously. */
  drain(): void;
  stop(): void;
}

export function listenToHook(win: ChannelWindow, onBatch: (detail: unknown) => void): HookChannel {
  let channel: EventTarget | undefined;
  const onBatchEvent = (event: Event) => onBatch((event as CustomEvent).detail);
  const onOffer = (event: Event) => {
    const target = (event as FocusEvent).relatedTarget;
    if (channel || !target || typeof target.addEventListener !== 'function') return;
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
    stop() {
      win.removeEventListener(CHANNEL_OFFER_EVENT, onOffer, true);
      channel?.removeEventListener(CHANNEL_BATCH_EVENT, onBatchEvent);
      channel = undefined;
    },
  };
}
