// Connects a mounted panel to the hub over a port: subscribes to the tab, validates every message,
// feeds the store, and reconnects 250 ms after the port drops (the service worker was stopped),
// subscribing again for a fresh snapshot and sending what the panel asked for meanwhile. The returned
// link is the panel's transport. Messages and link changes reach the store in order, applied together
// once per animation frame (frame-scheduler.ts);
// an append of many frames is applied in parts of APPLY_SLICE frames, so the scheduler's budget per
// animation frame bounds the work (a whole slice of the hub's, folded by a loaded machine, took 60 ms).
import { HubToPanelSchema, type HubToPanel } from '../bridge/hub-to-panel';
import { fastHubMessage } from '../bridge/hub-to-panel-fast';
import { PackedReader, packedCount } from '../bridge/packed-frames';
import type { Frame } from '../model/frame';
import type { PanelToHub } from '../bridge/panel-to-hub';
import { TypedPort, type PortLike } from '../bridge/typed-port';
import type { LinkState } from './store/events';
import type { PanelTransport } from './transport';
import { frameScheduler } from './frame-scheduler';

export const RECONNECT_MS = 250;
/** Frames applied as one piece of work: the scheduler checks its budget between pieces. */
export const APPLY_SLICE = 200;

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

/** A piece of a hub message's work: how many frames it applies, and the message to apply, made when applied. */
export interface Part {
  frames: number;
  take(): HubToPanel;
}

/**
 * A hub message as pieces of work in order: an append (packed or not) of more than APPLY_SLICE frames as
 * appends of at most that many, the first with the message's connections and sessions, each saying how
 * many frames are still to come after it. A pack is unpacked one piece at a time, as it is applied.
 */
export function inParts(message: HubToPanel): Part[] {
  if (message.type !== 'append' && message.type !== 'packed') return [{ frames: framesIn(message), take: () => message }];
  const total = framesIn(message);
  const reader = message.type === 'packed' ? new PackedReader(message.packed) : undefined;
  const { waiting } = message;
  const parts: Part[] = [];
  for (let from = 0; from < total || from === 0; from += APPLY_SLICE) {
    const to = Math.min(total, from + APPLY_SLICE);
    const head = from === 0;
    parts.push({
      frames: to - from,
      take: (): HubToPanel => {
        let frames: Frame[];
        if (reader) {
          frames = [];
          for (let i = from; i < to; i++) frames.push(reader.next());
        } else frames = (message as Extract<HubToPanel, { type: 'append' }>).frames.slice(from, to);
        return {
          type: 'append',
          frames,
          connections: head ? message.connections : [],
          sessions: head ? message.sessions : [],
          ...(head && message.removedSessions !== undefined && { removedSessions: message.removedSessions }),
          ...(waiting !== undefined && { waiting: waiting + (total - to) }),
        };
      },
    });
    if (total === 0) break;
  }
  return parts;
}

/** Frames a hub message carries, which the hub counts against the panel's window. */
export function framesIn(message: HubToPanel): number {
  if (message.type === 'append') return message.frames.length;
  if (message.type === 'packed') return packedCount(message.packed);
  if (message.type === 'snapshot') return message.capture.frames.length;
  return 0;
}

export function connectHub(options: HubLinkOptions): HubLink {
  let port: TypedPort<PanelToHub, HubToPanel> | undefined;
  let closed = false;
  /**
   * What the panel sent while the port was down (the worker stopped: Chrome stops an idle one after
   * 30 s), posted after the next subscribe, in order: an answer clicked then would be lost and show as
   * sending for ever. Flow control (`applied`) is not kept: the new subscription starts it afresh.
   */
  let held: PanelToHub[] = [];
  const later = frameScheduler();
  const onLink = (state: LinkState) => later.run(() => options.onLink(state));
  const open = () => {
    onLink('connecting');
    const p = new TypedPort<PanelToHub, HubToPanel>(options.connect(), HubToPanelSchema, { fast: fastHubMessage });
    port = p;
    p.onMessage((message) => {
      const parts = inParts(message);
      parts.forEach((part, i) => {
        later.run(() => {
          options.onMessage(part.take());
          // Flow control: the hub sends more once the panel has applied what it has (hub/panel-feed.ts),
          // told once per message so that the hub's next slice is as large as its last.
          const frames = framesIn(message);
          if (i === parts.length - 1 && frames > 0 && port === p) p.post({ type: 'applied', frames });
        });
      });
    });
    p.onDisconnect(() => {
      if (closed || port !== p) return;
      onLink('disconnected');
      setTimeout(() => {
        if (!closed) open();
      }, RECONNECT_MS);
    });
    p.post({ type: 'subscribe', tabId: options.tabId });
    const sending = held;
    held = [];
    for (const message of sending) send(message);
  };
  const send = (message: PanelToHub): void => {
    if (port?.post(message) === true || message.type === 'applied') return;
    held.push(message);
  };
  open();
  return {
    send,
    flush: () => later.flush(),
    close() {
      closed = true;
      later.cancel();
      port?.disconnect();
    },
  };
}
