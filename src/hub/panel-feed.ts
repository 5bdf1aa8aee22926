// Flow control from the hub to one panel. The panel acknowledges the frames it has applied
// (`applied`); the hub keeps at most WINDOW frames unacknowledged on the way and sends them in
// slices of at most SLICE, so a panel that falls behind (a tab receiving 10,000 frames a second, a
// snapshot of a million frames) never has more than a window queued and stays responsive. Frames
// held back are not lost: they stay in the tab's store and follow as the panel catches up, and the
// panel shows how many are still to come (`waiting`, exact). Only the tab's byte bound ever drops a
// frame, and it is counted (`dropped`) whether or not a panel was sent it. Appends carry their frames
// packed straight from the tab's store (`packed`: no frame object is made for them in the worker).
import type { Connection } from '../model/frame';
import type { HubToPanel } from '../bridge/hub-to-panel';
import type { SessionSummary } from '../bridge/shared-schemas';
import { packedCount } from '../bridge/packed-frames';
import type { Tab } from './tab';

/** Frames a panel may have received and not yet applied. */
export const WINDOW = 20_000;
/** Frames in one message: what a panel applies within one animation frame, roughly. */
export const SLICE = 1_000;

export interface FeedNews {
  connections: readonly Connection[];
  sessions: readonly SessionSummary[];
  removedSessions: readonly string[];
}

export class PanelFeed {
  /** Capture index of the first frame this panel has not been sent. */
  private next = 0;
  private inFlight = 0;

  constructor(private readonly post: (message: HubToPanel) => boolean) {}

  /** The tab as it is now: connections, sessions, counters and the first slice of frames; the rest follows. */
  snapshot(tab: Tab): boolean {
    const store = tab.frameStore;
    const frames = store.slice(0, Math.min(SLICE, WINDOW));
    this.inFlight = frames.length;
    this.next = frames.length < store.length ? store.indexAt(frames.length) : tab.record.nextIndex;
    const message: HubToPanel = {
      type: 'snapshot',
      tabId: tab.record.tabId,
      capture: { connections: [...tab.connections.values()], frames },
      sessions: tab.sessions.summaries(),
      ...tab.status(),
      waiting: store.length - frames.length,
    };
    return this.post(message) && this.pump(tab);
  }

  /** The panel applied `frames` more frames: room for more. */
  applied(tab: Tab, frames: number): boolean {
    this.inFlight = Math.max(0, this.inFlight - frames);
    return this.pump(tab);
  }

  /**
   * Sends what the window allows of the frames the panel has not had, with `news` (changed
   * connections and sessions) in the first message even when no frame fits. False when the port is gone.
   */
  pump(tab: Tab, news?: FeedNews): boolean {
    const store = tab.frameStore;
    let from = store.positionFrom(this.next);
    let first = news !== undefined;
    for (;;) {
      const room = Math.max(0, Math.min(SLICE, WINDOW - this.inFlight));
      const to = Math.min(store.length, from + room);
      if (to === from && !first) return true;
      const packed = store.pack(from, to);
      const count = packedCount(packed);
      if (count > 0) this.next = store.indexAt(to - 1) + 1;
      this.inFlight += count;
      from = to;
      const message: HubToPanel = {
        type: 'packed',
        packed,
        connections: first ? news!.connections : [],
        sessions: first ? news!.sessions : [],
        ...(first && news!.removedSessions.length > 0 && { removedSessions: news!.removedSessions }),
        waiting: store.length - from,
      };
      first = false;
      if (!this.post(message)) return false;
      if (count === 0) return true;
    }
  }
}
