// Isolated-world relay: forwards the page hook's validated messages to the background hub.
import { Relay, randomDocumentId } from '@/src/bridge/relay/relay';
import { RELAY_PORT_NAME } from '@/src/bridge/relay-to-hub';
import { isPreparable, PREPARABLE_DOCUMENT, watchStartWindow } from '@/src/bridge/relay/trust';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_start',
  allFrames: true,
  matchAboutBlank: true,
  main(ctx) {
    new Relay({
      win: window,
      connect: () => browser.runtime.connect({ name: RELAY_PORT_NAME }),
      documentId: randomDocumentId(),
      signal: ctx.signal,
      reportMissingHook: window === window.top,
      // The hook's channel is trusted only where no page script can have run before it (trust.ts).
      startWindow: (close) => watchStartWindow(document, window, close),
      ...(isPreparable(window) && { untrustedBecause: PREPARABLE_DOCUMENT }),
    });
  },
});
