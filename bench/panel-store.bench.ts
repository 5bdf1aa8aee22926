// The panel store's append: one hub append message of one frame, at the start of a session and after
// 100,000 frames. The store must not slow down as the session grows (virtualised timeline, incremental
// pipeline, append-only logs).
import { performance } from 'node:perf_hooks';
import { applyEvent } from '../src/panel/store/apply';
import { createStore } from '../src/panel/store/store';
import { generateFlatSession } from './flat-session';

export interface PanelStoreBench {
  frames: number;
  appendAt10Us: number;
  appendAt100kUs: number;
  ratio: number;
}

const WINDOW = 1000;

export function benchPanelStore(total = 100_000 + WINDOW, rounds = 3): PanelStoreBench {
  const frames = generateFlatSession(total).slice(0, total);
  let early = Infinity;
  let late = Infinity;
  for (let r = 0; r < rounds; r++) {
    const store = createStore();
    applyEvent(store, {
      type: 'hub',
      message: { type: 'snapshot', tabId: 1, capture: { connections: [{ id: 'ws', transport: 'websocket' }], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true },
    });
    const append = (from: number, to: number): number => {
      const t = performance.now();
      for (let i = from; i < to; i++) applyEvent(store, { type: 'hub', message: { type: 'append', frames: [frames[i]!], connections: [], sessions: [] } });
      return ((performance.now() - t) * 1000) / (to - from);
    };
    append(0, 10);
    early = Math.min(early, append(10, 10 + WINDOW));
    append(10 + WINDOW, total - WINDOW);
    late = Math.min(late, append(total - WINDOW, total));
  }
  return { frames: total, appendAt10Us: early, appendAt100kUs: late, ratio: late / early };
}
