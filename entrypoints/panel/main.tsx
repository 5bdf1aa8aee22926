// The Agents panel page, inside DevTools or opened as panel.html?tabId=<id>: mounts the panel,
// connects it to the background hub for the inspected tab, and installs the export test hook.
// Without a tab it still opens, offline, for imported files.
import '@/src/bridge/zod-without-eval';
import { browser } from 'wxt/browser';
import { connectHub, mountPanel, type HubLink, type PanelTransport } from '@/src/panel';
import { installExportHook } from '@/src/panel/export-hook';
import { PANEL_PORT_NAME } from '@/src/bridge/panel-to-hub';
import { watchNetworkLog, type NetworkLogApi } from '@/src/panel/network-log/watch-network';
import { followTheme, initialTheme } from './theme';
import './page.css';

/** `?tabId=` when the panel runs as a plain page, else the tab DevTools inspects. */
function inspectedTabId(search: string): number | undefined {
  const fromQuery = new URLSearchParams(search).get('tabId');
  if (fromQuery !== null && /^\d+$/.test(fromQuery)) return Number(fromQuery);
  return browser.devtools?.inspectedWindow?.tabId;
}

interface PageInfo {
  url?: string | undefined;
  title?: string | undefined;
}

async function pageOf(tabId: number | undefined): Promise<PageInfo> {
  if (tabId === undefined) return {};
  // A DevTools panel may lack the tabs API in some browsers; the panel then names the page by its tab.
  return browser.tabs
    ?.get(tabId)
    .then((tab) => ({ url: tab.url, title: tab.title }))
    .catch(() => ({}));
}

/** The page heading follows the tab as the user navigates or the page changes its title. */
function followPage(tabId: number, onPage: (page: PageInfo) => void): void {
  browser.tabs?.onUpdated?.addListener((id, change, tab) => {
    if (id === tabId && (change.url !== undefined || change.title !== undefined)) onPage({ url: tab.url, title: tab.title });
  });
}

async function start(root: HTMLElement): Promise<void> {
  const search = window.location.search;
  const tabId = inspectedTabId(search);
  const page = await pageOf(tabId);
  const pageUrl = page.url;
  let link: HubLink | undefined;
  const transport: PanelTransport | undefined = tabId === undefined ? undefined : { send: (message) => link?.send(message) };
  const panel = mountPanel(root, {
    ...(tabId !== undefined && { tabId }),
    ...(transport && { transport }),
    ...(pageUrl !== undefined && { pageUrl }),
    theme: initialTheme(search),
  });
  followTheme(search, (theme) => panel.setTheme(theme));
  panel.dispatch({ type: 'page', url: page.url, title: page.title });
  if (tabId !== undefined) followPage(tabId, (next) => panel.dispatch({ type: 'page', url: next.url, title: next.title }));
  installExportHook(window, panel);
  // Inside DevTools: streams of the tab the capture cannot see (a worker's) are read from its network log.
  const network = browser.devtools?.network as NetworkLogApi | undefined;
  if (network?.onRequestFinished) watchNetworkLog(network, (event) => panel.dispatch(event));
  if (tabId !== undefined) {
    link = connectHub({
      tabId,
      connect: () => browser.runtime.connect({ name: PANEL_PORT_NAME }),
      onMessage: (message) => panel.receive(message),
      onLink: (state) => panel.setLink(state),
    });
  }
}

const root = document.getElementById('app');
if (root) void start(root);
