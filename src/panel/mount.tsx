// Mounts the panel into any element: DevTools (with a hub link as transport), a plain page, or
// offline for imported files. Hub messages reach the store through the returned `receive`.
import { render } from 'preact';
import type { HubToPanel } from '../bridge/hub-to-panel';
import { App, type DevToolsTheme } from './App';
import { createStore, type PanelStore } from './store/store';
import { applyEvent } from './store/apply';
import type { LinkState, PanelEvent } from './store/events';
import type { PanelTransport } from './transport';
import { exportCapture } from './components/ExportDialog';
import { toCaptureFile } from '../capture-format/capture-format';

export interface MountOptions {
  /** The inspected tab, when there is one (DevTools, or `?tabId=` in a plain page). */
  tabId?: number;
  /** Requests to the hub; absent offline (import only). */
  transport?: PanelTransport;
  /** `browser.devtools.panels.themeName` when available; else `prefers-color-scheme` decides. */
  theme?: DevToolsTheme;
  /** The inspected page's address, written into exports. */
  pageUrl?: string;
}

export interface MountedPanel {
  store: PanelStore;
  /** Feed one message from the hub (snapshot, append, status, cleared). */
  receive(message: HubToPanel): void;
  setLink(state: LinkState): void;
  /** DevTools switched theme (`chrome.devtools.panels.setThemeChangeHandler`). */
  setTheme(theme: DevToolsTheme | undefined): void;
  dispatch(event: PanelEvent): void;
  /** The export file's text without the dialog (for tests and automation): redacted unless told otherwise. */
  exportText(options?: { sessionId?: string; redact?: boolean }): string;
  unmount(): void;
}

export function mountPanel(root: HTMLElement, options: MountOptions = {}): MountedPanel {
  const store = createStore();
  if (options.tabId !== undefined) store.tabId.value = options.tabId;
  if (options.transport) store.link.value = 'connecting';
  let theme = options.theme;
  const draw = () => render(<App store={store} transport={options.transport} theme={theme} pageUrl={options.pageUrl} />, root);
  draw();
  return {
    store,
    receive: (message) => applyEvent(store, { type: 'hub', message }),
    setLink: (state) => applyEvent(store, { type: 'link', state }),
    setTheme: (next) => {
      theme = next;
      draw();
    },
    dispatch: (event) => applyEvent(store, event),
    exportText: ({ sessionId, redact = true } = {}) => {
      const capture = exportCapture(store, false, sessionId);
      const file = toCaptureFile(capture, { redact, ...(options.pageUrl !== undefined && { pageUrl: options.pageUrl }) });
      return `${JSON.stringify(file, null, 2)}\n`;
    },
    unmount: () => render(null, root),
  };
}
