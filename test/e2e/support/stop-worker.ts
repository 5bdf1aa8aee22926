// Stops the extension's service worker as Chrome does when it has been idle (browser CDP
// Target.closeTarget), and returns once the target is gone.
import type { LaunchedBrowser } from './launch';
import { until } from './devtools-panel';

export async function stopServiceWorker(browser: LaunchedBrowser): Promise<void> {
  const cdp = await browser.context.browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${browser.extensionId}/`));
  if (!worker) throw new Error('the extension service worker is not running');
  await cdp.send('Target.closeTarget', { targetId: worker.targetId });
  // Stopped once the target is gone.
  for (let i = 0; i < 50; i++) {
    const { targetInfos: now } = await cdp.send('Target.getTargets');
    if (!now.some((t) => t.targetId === worker.targetId)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await cdp.detach();
}

/**
 * Stops the worker once every batch the pages sent is stored and acknowledged (the debug API's
 * `written()`): their relays then keep no port, as when Chrome stops an idle worker.
 */
export async function stopQuietServiceWorker(browser: LaunchedBrowser): Promise<void> {
  await until(() => browser.serviceWorker!.evaluate(() => globalThis.__asiDebug!.written()), (done) => done, 'every batch written');
  await stopServiceWorker(browser);
}
