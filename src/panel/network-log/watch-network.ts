// Listens to DevTools' network log for the panel (inside DevTools only: a panel opened as a plain page
// has no such log). Each finished streaming response goes to the store a moment after it ended: the
// capture's record of the same request comes through the relay and the hub, and one that is a little
// slower than DevTools must not show as missed meanwhile.
import type { PanelEvent } from '../store/events';
import { streamingEntry } from './network-streams';

/** What the panel uses of `browser.devtools.network`. */
export interface NetworkLogApi {
  onRequestFinished: { addListener(listener: (request: FinishedRequest) => void): void };
  onNavigated?: { addListener(listener: (url: string) => void): void };
}

/** A HAR entry as DevTools reports it, with the method that reads its body. */
export interface FinishedRequest {
  getContent(callback: (content: string | null, encoding: string) => void): void;
}

/** How long a finished stream waits for the capture's record of it before it is counted. */
export const SETTLE_MS = 1_000;

export function watchNetworkLog(network: NetworkLogApi, dispatch: (event: PanelEvent) => void, settleMs = SETTLE_MS): void {
  network.onRequestFinished.addListener((request) => {
    const entry = streamingEntry(request);
    if (!entry) return;
    // DevTools answers null for a body it no longer holds (the worker that made the request ended).
    const content = () =>
      new Promise<{ text: string; encoding?: string } | undefined>((resolve) => {
        request.getContent((text, encoding) =>
          resolve(typeof text === 'string' ? { text, ...(typeof encoding === 'string' && encoding !== '' && { encoding }) } : undefined),
        );
      });
    setTimeout(() => dispatch({ type: 'networkStream', stream: { entry, content } }), settleMs);
  });
  // The hub clears the tab's capture on a navigation only when it held something; a page whose every
  // stream was missed must not carry them into the next page.
  network.onNavigated?.addListener(() => dispatch({ type: 'networkNavigated' }));
}
