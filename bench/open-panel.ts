// Opens the panel page for a tab of a Chromium started without automation (direct-browser.ts), over
// its loopback DevTools port with raw protocol messages: Playwright would enable the Network domain on
// the bench page and add per-frame work to the run being timed. Only the service worker (to learn the
// tab's id) and the panel page are attached to, and neither gets a domain enabled.
import { connectRawCdp } from './raw-cdp';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export interface OpenedPanel {
  close(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens `panel.html?tabId=` for the tab whose address starts with `pageUrl`, and waits until it is live. */
export async function openPanel(profileDir: string, pageUrl: string): Promise<OpenedPanel> {
  const cdp = await connectRawCdp(profileDir);
  const send = cdp.send;
  const evaluate = async <T>(sessionId: string, expression: string): Promise<T> => {
    const r = await send<{ result: { value: T }; exceptionDetails?: { text: string; exception?: { description?: string } } }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value;
  };

  let worker: TargetInfo | undefined;
  for (let i = 0; i < 200 && !worker; i++) {
    const { targetInfos } = await send<{ targetInfos: TargetInfo[] }>('Target.getTargets');
    worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
    if (!worker) await sleep(50);
  }
  if (!worker) throw new Error('no extension service worker');
  // Node's URL gives a chrome-extension: address the origin "null".
  const extensionOrigin = `chrome-extension://${new URL(worker.url).host}`;
  const swSession = (await send<{ sessionId: string }>('Target.attachToTarget', { targetId: worker.targetId, flatten: true })).sessionId;
  // The tab appears with its address once the page's navigation commits.
  let tabId: number | null = null;
  for (let i = 0; i < 200 && tabId === null; i++) {
    tabId = await evaluate<number | null>(swSession, `chrome.tabs.query({}).then((ts) => ts.find((t) => (t.url || t.pendingUrl || '') === ${JSON.stringify(pageUrl)})?.id ?? null)`).catch(() => null);
    if (tabId === null) await sleep(50);
  }
  await send('Target.detachFromTarget', { sessionId: swSession });
  if (typeof tabId !== 'number') throw new Error(`no tab for ${pageUrl}`);
  // A window of its own, so the bench page stays the visible tab of its window (a background tab would render less).
  const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: `${extensionOrigin}/panel.html?tabId=${tabId}`, newWindow: true });
  const panelSession = (await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })).sessionId;
  for (let i = 0; ; i++) {
    const live = await evaluate<boolean>(panelSession, `!!document.querySelector('[data-testid="link"][data-state="live"]')`).catch(() => false);
    if (live) break;
    if (i > 300) throw new Error('the panel did not go live');
    await sleep(50);
  }
  await send('Target.detachFromTarget', { sessionId: panelSession });
  return { close: () => cdp.close() };
}
