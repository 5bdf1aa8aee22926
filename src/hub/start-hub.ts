// Wires the hub to the extension's events. Listeners are added synchronously so that an event
// that wakes a stopped service worker is delivered to them.
import { browser } from 'wxt/browser';
import { protocols } from '../protocols/registry';
import { Hub, type IncomingPort } from './hub';
import { openHubStorage } from './idb-storage';
import { wakeRelay } from '../bridge/wake-relay';
import { createDebugApi, type HubDebugApi } from './debug-api';

declare global {
  var __asiDebug: HubDebugApi | undefined;
}

export function startHub(): Hub {
  const storage = openHubStorage();
  const hub = new Hub({
    storage,
    registry: protocols,
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    writeGapMs: 250,
    // No relay listening (the document went) rejects; the answer is then refused when the wait ends.
    wakeRelay: (tabId, document) => void browser.tabs.sendMessage(tabId, wakeRelay(document)).catch(() => undefined),
  });
  browser.runtime.onConnect.addListener((port) => hub.acceptPort(port as IncomingPort));
  browser.webNavigation.onCommitted.addListener((details) => {
    if (details.frameId === 0) void hub.onNavigation(details.tabId, details.timeStamp);
  });
  browser.tabs.onRemoved.addListener((tabId) => void hub.onTabRemoved(tabId));
  // Tab ids start again with the browser: records from an earlier browser session would match new tabs.
  browser.runtime.onStartup.addListener(() => void hub.resetAll());
  browser.runtime.onInstalled.addListener(() => void hub.resetAll());
  void browser.tabs.query({}).then((tabs) => hub.pruneClosed(tabs.flatMap((t) => (t.id === undefined ? [] : [t.id]))));
  globalThis.__asiDebug = createDebugApi(hub, storage);
  return hub;
}
