// MAIN world, document_start, every frame: installs the capture hooks before any page script runs.
// No extension API exists here; the hooks hand their messages to the isolated-world relay over a
// private channel opened now, while the page has no script and no listener yet.
import { installCaptureHooks } from '@/src/capture/install';
import { HOOK_FLUSH_DELAY_MS, openRelayChannel } from '@/src/capture/relay-channel';

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
    // Nothing of ours may throw into the page. A hook that fails this early never reaches the relay,
    // which then says in the panel that capture is off on this page.
    try {
      const channel = openRelayChannel(window, { flushDelayMs: HOOK_FLUSH_DELAY_MS });
      installCaptureHooks(window, { post: channel.post, postText: channel.postText, listenForAnswers: channel.listenForAnswers });
    } catch {
      // nothing to report through: the channel is what failed, or what would carry the report
    }
  },
});
