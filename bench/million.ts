// A tab of a million frames (AG-UI text deltas on one WebSocket, as a busy agent sends them): the
// hub's Tab fed through relay-sized batches with a panel watching (asking for session summaries), and
// the panel's store fed through hub messages of the flow-control slice size. Each one's JavaScript
// heap is measured after a full collection, against the heap before it was made; the filter is a
// text query over every frame. Both run in Node with the same V8 as Chromium; the browser run
// (bench/flood.ts) measures the extension's process as a whole.
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import { PAGE_MESSAGE_TAG, type PageToRelay } from '../src/bridge/page-messages';
import type { Frame } from '../src/model/frame';
import { protocols } from '../src/protocols/registry';
import { Tab } from '../src/hub/tab';
import { SLICE } from '../src/hub/panel-feed';
import { createStore } from '../src/panel/store/store';
import { applyEvent } from '../src/panel/store/apply';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

export interface MillionBench {
  frames: number;
  hubHeapMb: number;
  hubFeedMs: number;
  hubHeld: number;
  panelHeapMb: number;
  panelFeedMs: number;
  panelHeld: number;
  /** A text query that matches 1 frame in 100, over every frame, from scratch. */
  filterMs: number;
  filterMatches: number;
}

// The JS heap and the typed arrays' buffers, which live outside it (the frame stores keep most of a frame there).
const heapMb = (): number => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1e6;
};

/** The n-th delta's text, made afresh (as a frame that crossed a port would be). */
const delta = (n: number): string => `{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"word${n % 100} "}`;
const START = ['{"type":"RUN_STARTED","threadId":"t1","runId":"r1"}', '{"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}'];

function benchHub(total: number): { heapMb: number; ms: number; held: number; tab: Tab } {
  const before = heapMb();
  const t = performance.now();
  const tab = new Tab(1, protocols);
  const message = (n: number): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'ws-1', time: 1_700_000_000_000 + n / 10, direction: 'in', kind: 'message', data: n < 2 ? START[n]! : delta(n) });
  tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq: 1, messages: [{ [PAGE_MESSAGE_TAG]: 1, type: 'connection', id: 'ws-1', transport: 'websocket', url: 'ws://127.0.0.1/ws', time: 1_700_000_000_000 }], dropped: 0, rejected: 0 });
  for (let from = 0, seq = 2; from < total; from += 200, seq++) {
    const messages: PageToRelay[] = [];
    for (let n = from; n < Math.min(total, from + 200); n++) messages.push(message(n));
    tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq, messages, dropped: 0, rejected: 0 });
    // A watching panel gets the summary of the session that took frames.
    if (seq % 50 === 0) tab.sessions.summaries();
  }
  const ms = performance.now() - t;
  return { heapMb: heapMb() - before, ms, held: tab.frameStore.length, tab };
}

function benchPanel(total: number): { heapMb: number; ms: number; held: number; filterMs: number; matches: number } {
  const before = heapMb();
  const t = performance.now();
  const store = createStore();
  const status = { dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true };
  applyEvent(store, { type: 'hub', message: { type: 'snapshot', tabId: 1, capture: { connections: [{ id: '1.ws-1', transport: 'websocket', url: 'ws://127.0.0.1/ws' }], frames: [] }, sessions: [], ...status } });
  for (let from = 0; from < total; from += SLICE) {
    const frames: Frame[] = [];
    for (let n = from; n < Math.min(total, from + SLICE); n++) {
      // Strings made per frame, as the structured clone of a port message makes them.
      frames.push({ index: n, connectionId: `1.ws-${1 + (n >> 62)}`, time: 1_700_000_000_000 + n / 10, direction: `i${'n'}` as 'in', kind: `mes${'sage'}` as 'message', data: n < 2 ? START[n]! : delta(n) });
    }
    applyEvent(store, { type: 'hub', message: { type: 'append', frames, connections: [], sessions: [] } });
  }
  const ms = performance.now() - t;
  const heap = heapMb() - before;
  const f = performance.now();
  applyEvent(store, { type: 'setQuery', query: 'word42 ' });
  const matches = store.filters.visible.value.count;
  const filterMs = performance.now() - f;
  return { heapMb: heap, ms, held: store.log.length, filterMs, matches };
}

export function benchMillion(total = 1_000_000): MillionBench {
  const hub = benchHub(total);
  const hubResult = { hubHeapMb: hub.heapMb, hubFeedMs: hub.ms, hubHeld: hub.held };
  hub.tab.clearCapture(false);
  const panel = benchPanel(total);
  return { frames: total, ...hubResult, panelHeapMb: panel.heapMb, panelFeedMs: panel.ms, panelHeld: panel.held, filterMs: panel.filterMs, filterMatches: panel.matches };
}

if (process.argv[1]?.endsWith('million.ts')) console.log(benchMillion(Number(process.env.ASI_MILLION ?? 1_000_000)));
