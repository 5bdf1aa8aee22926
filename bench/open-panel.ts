// Opens the panel page for a tab of a Chromium started without automation (direct-browser.ts), over
// its loopback DevTools port with raw protocol messages: Playwright would enable the Network domain on
// the bench page and add per-frame work to the run being timed. Only the service worker (to learn the
// tab's id) and the panel page are attached to, and neither gets a domain enabled.
import fs from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'ws';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export interface OpenedPanel {
  close(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function browserEndpoint(profileDir: string): Promise<string> {
  const file = path.join(profileDir, 'DevToolsActivePort');
  for (let i = 0; i < 300; i++) {
    if (fs.existsSync(file)) {
      const [port, wsPath] = fs.readFileSync(file, 'utf8').split('\n');
      if (port && wsPath) return `ws://127.0.0.1:${port}${wsPath}`;
    }
    await sleep(50);
  }
  throw new Error('no DevToolsActivePort');
}

/** Opens `panel.html?tabId=` for the tab whose address starts with `pageUrl`, and waits until it is live. */
export async function openPanel(profileDir: string, pageUrl: string): Promise<OpenedPanel> {
  const ws = new WebSocket(await browserEndpoint(profileDir));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { id?: number; result?: unknown; error?: { message: string } };
    const p = m.id === undefined ? undefined : pending.get(m.id);
    if (!p) return;
    pending.delete(m.id!);
    if (m.error) p.reject(new Error(m.error.message));
    else p.resolve(m.result);
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
    });
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
  return { close: () => ws.close() };
}
