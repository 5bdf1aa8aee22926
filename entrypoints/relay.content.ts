// Isolated-world relay: forwards the page hook's validated messages to the background hub.
import { Relay, randomDocumentId } from '@/src/bridge/relay/relay';
import { RELAY_PORT_NAME } from '@/src/bridge/relay-to-hub';

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
    });
  },
});
