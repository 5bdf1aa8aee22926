// Isolated-world relay: forwards the page hook's validated messages to the background hub.
import '@/src/bridge/zod-without-eval';
import { Relay, randomDocumentId } from '@/src/bridge/relay/relay';
import { RELAY_PORT_NAME } from '@/src/bridge/relay-to-hub';
import { wakesDocument } from '@/src/bridge/wake-relay';
import { isPreparable, PREPARABLE_DOCUMENT, watchStartWindow } from '@/src/bridge/relay/trust';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_start',
  allFrames: true,
  matchAboutBlank: true,
  main(ctx) {
    const documentId = randomDocumentId();
    const relay = new Relay({
      win: window,
      connect: () => browser.runtime.connect({ name: RELAY_PORT_NAME }),
      documentId,
      signal: ctx.signal,
      reportMissingHook: window === window.top,
      // The hook's channel is trusted only where no page script can have run before it (trust.ts).
      startWindow: (close) => watchStartWindow(document, window, close),
      ...(isPreparable(window) && { untrustedBecause: PREPARABLE_DOCUMENT }),
      prerender: {
        active: () => (document as { prerendering?: boolean }).prerendering === true,
        onShown: (listener) => document.addEventListener('prerenderingchange', listener, { once: true }),
      },
    });
    // Only the extension's own pages and worker reach a content script's runtime.onMessage.
    const onMessage = (message: unknown): undefined => {
      if (wakesDocument(message, documentId)) relay.wake();
      return undefined;
    };
    browser.runtime.onMessage.addListener(onMessage);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onMessage));
  },
});
