// MAIN world, document_start, every frame: installs the capture hooks before any page script runs.
// No extension API exists here; the hooks post to the isolated-world relay with window.postMessage.
import { installCaptureHooks } from '@/src/capture/install';

export default defineContentScript({
  matches: ['<all_urls>'],
  world: 'MAIN',
  runAt: 'document_start',
  allFrames: true,
  // Like the relay: about:blank frames a page creates inherit its origin and can open connections too.
  matchAboutBlank: true,
  // Without this WXT declares a global variable for the script, which the page could see.
  globalName: false,
  main() {
    installCaptureHooks();
  },
});
