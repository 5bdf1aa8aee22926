// Connects a mounted panel to the hub over a port: subscribes to the tab, validates every message,
// feeds the store, and reconnects 250 ms after the port drops (the service worker was stopped),
// subscribing again for a fresh snapshot. The returned link is the panel's transport.
import { HubToPanelSchema, type HubToPanel } from '../bridge/hub-to-panel';
import type { PanelToHub } from '../bridge/panel-to-hub';
import { TypedPort, type PortLike } from '../bridge/typed-port';
import type { LinkState } from './store/events';
import type { PanelTransport } from './transport';

export const RECONNECT_MS = 250;

export interface HubLinkOptions {
  tabId: number;
  connect(): PortLike;
  onMessage(message: HubToPanel): void;
  onLink(state: LinkState): void;
}

export interface HubLink extends PanelTransport {
  close(): void;
}

export function connectHub(options: HubLinkOptions): HubLink {
  let port: TypedPort<PanelToHub, HubToPanel> | undefined;
  let closed = false;
  const open = () => {
    options.onLink('connecting');
    const p = new TypedPort<PanelToHub, HubToPanel>(options.connect(), HubToPanelSchema);
    port = p;
    p.onMessage((message) => options.onMessage(message));
    p.onDisconnect(() => {
      if (closed || port !== p) return;
      options.onLink('disconnected');
      setTimeout(() => {
        if (!closed) open();
      }, RECONNECT_MS);
    });
    p.post({ type: 'subscribe', tabId: options.tabId });
  };
  open();
  return {
    send: (message) => {
      port?.post(message);
    },
    close() {
      closed = true;
      port?.disconnect();
    },
  };
}
