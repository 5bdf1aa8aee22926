// Mounts the minimal panel: finds the inspected tab, connects to the hub, installs the test hook.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PANEL_PORT_NAME } from '../bridge/panel-to-hub';
import { createStore } from './store';
import { connectToHub } from './hub-link';
import { App } from './App';
import { captureFileText, selectCapture } from './export';

declare global {
  interface Window {
    /** Test hook: the export file text (redacted unless `redact: false`), for the tab or one session. */
    __asiExport?: (options?: { sessionId?: string; redact?: boolean }) => Promise<string>;
  }
}

/** `?tabId=` when the panel runs as a plain page, else the tab DevTools inspects. */
export function inspectedTabId(location: Location): number | undefined {
  const fromQuery = new URLSearchParams(location.search).get('tabId');
  if (fromQuery !== null && /^\d+$/.test(fromQuery)) return Number(fromQuery);
  return browser.devtools?.inspectedWindow?.tabId;
}

export function mountPanel(root: HTMLElement): void {
  const tabId = inspectedTabId(window.location);
  if (tabId === undefined) {
    root.textContent = 'No tab to inspect: open this panel from DevTools, or add ?tabId=<id> to the address.';
    return;
  }
  const store = createStore();
  const link = connectToHub(store, tabId, () => browser.runtime.connect({ name: PANEL_PORT_NAME }));
  const pageUrl = async () => (await browser.tabs.get(tabId)).url;
  window.__asiExport = async (options = {}) => {
    const reply = await link.requestExport();
    const session = options.sessionId === undefined ? undefined : store.sessions.value.get(options.sessionId);
    if (options.sessionId !== undefined && !session) throw new Error(`no session ${options.sessionId}`);
    const capture = selectCapture(reply.capture, reply.dropped, session?.connectionIds);
    const url = await pageUrl().catch(() => undefined);
    return captureFileText(capture, { redact: options.redact ?? true, ...(url !== undefined && { pageUrl: url }) });
  };
  render(<App store={store} link={link} pageUrl={pageUrl} />, root);
}
