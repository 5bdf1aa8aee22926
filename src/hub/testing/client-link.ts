// The test client's connection to the hub: subscribes to one tab, feeds the client store, and reconnects
// 250 ms after the port drops (the service worker was stopped), re-subscribing for a fresh snapshot.
import { HubToPanelSchema, type CaptureLike, type HubToPanel } from '../../bridge/hub-to-panel';
import type { PanelToHub } from '../../bridge/panel-to-hub';
import { TypedPort, type PortLike } from '../../bridge/typed-port';
import { apply, type PanelStore } from './client-store';
import { packedCount } from '../../bridge/packed-frames';

export const RECONNECT_MS = 250;

export interface HubLink {
  send(message: PanelToHub): boolean;
  /** Asks the hub for the tab's full capture (as stored there, not as this panel saw it). */
  requestExport(): Promise<{ capture: CaptureLike; dropped: number }>;
  close(): void;
}

export function connectToHub(store: PanelStore, tabId: number, connect: () => PortLike): HubLink {
  let port: TypedPort<PanelToHub, HubToPanel> | undefined;
  let closed = false;
  let nextRequest = 1;
  type Reply = { capture: CaptureLike; dropped: number };
  const waiting = new Map<number, { resolve(reply: Reply): void; reject(err: Error): void }>();

  const open = () => {
    store.link.value = 'connecting';
    const p = new TypedPort<PanelToHub, HubToPanel>(connect(), HubToPanelSchema);
    port = p;
    p.onMessage((message) => {
      if (message.type === 'export') {
        waiting.get(message.requestId)?.resolve({ capture: message.capture, dropped: message.dropped });
        waiting.delete(message.requestId);
        return;
      }
      apply(store, message);
      const frames = message.type === 'append' ? message.frames.length : message.type === 'packed' ? packedCount(message.packed) : message.type === 'snapshot' ? message.capture.frames.length : 0;
      if (frames > 0) p.post({ type: 'applied', frames });
    });
    p.onDisconnect(() => {
      if (closed || port !== p) return;
      store.link.value = 'disconnected';
      for (const w of waiting.values()) w.reject(new Error('The background stopped before answering; try again.'));
      waiting.clear();
      setTimeout(() => {
        if (closed) return;
        store.reconnects.value++;
        open();
      }, RECONNECT_MS);
    });
    p.post({ type: 'subscribe', tabId });
  };
  open();

  return {
    send: (message) => port?.post(message) ?? false,
    requestExport() {
      const requestId = nextRequest++;
      return new Promise((resolve, reject) => {
        waiting.set(requestId, { resolve, reject });
        if (!port?.post({ type: 'export', requestId })) {
          waiting.delete(requestId);
          reject(new Error('The background is not reachable; try again in a moment.'));
        }
      });
    },
    close() {
      closed = true;
      port?.disconnect();
    },
  };
}
