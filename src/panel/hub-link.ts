// Connects a mounted panel to the hub over a port: subscribes to the tab, validates every message,
// feeds the store, and reconnects 250 ms after the port drops (the service worker was stopped),
// subscribing again for a fresh snapshot. The returned link is the panel's transport. Messages and
// link changes reach the store in order, applied together once per animation frame (frame-scheduler.ts).
import { HubToPanelSchema, type HubToPanel } from '../bridge/hub-to-panel';
import { fastHubMessage } from '../bridge/hub-to-panel-fast';
import type { PanelToHub } from '../bridge/panel-to-hub';
import { TypedPort, type PortLike } from '../bridge/typed-port';
import type { LinkState } from './store/events';
import type { PanelTransport } from './transport';
import { frameScheduler } from './frame-scheduler';

export const RECONNECT_MS = 250;

export interface HubLinkOptions {
  tabId: number;
  connect(): PortLike;
  onMessage(message: HubToPanel): void;
  onLink(state: LinkState): void;
}

export interface HubLink extends PanelTransport {
  /** Applies what arrived and waits for the next animation frame now. */
  flush(): void;
  close(): void;
}

/** Frames a hub message carries, which the hub counts against the panel's window. */
export function framesIn(message: HubToPanel): number {
  if (message.type === 'append') return message.frames.length;
  if (message.type === 'snapshot') return message.capture.frames.length;
  return 0;
}

export function connectHub(options: HubLinkOptions): HubLink {
  let port: TypedPort<PanelToHub, HubToPanel> | undefined;
  let closed = false;
  const later = frameScheduler();
  const onLink = (state: LinkState) => later.run(() => options.onLink(state));
  const open = () => {
    onLink('connecting');
    const p = new TypedPort<PanelToHub, HubToPanel>(options.connect(), HubToPanelSchema, { fast: fastHubMessage });
    port = p;
    p.onMessage((message) =>
      later.run(() => {
        options.onMessage(message);
        // Flow control: the hub sends more once the panel has applied what it has (hub/panel-feed.ts).
        const frames = framesIn(message);
        if (frames > 0 && port === p) p.post({ type: 'applied', frames });
      }),
    );
    p.onDisconnect(() => {
      if (closed || port !== p) return;
      onLink('disconnected');
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
    flush: () => later.flush(),
    close() {
      closed = true;
      later.cancel();
      port?.disconnect();
    },
  };
}
