// The panel store: hub appends routed to sessions incrementally, imports of the examples, scrubbing,
// filters, and a finding click selecting its frames.
import { describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import type { Frame } from '../../src/model/frame';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { SessionPipeline } from '../../src/analysis/pipeline';
import { renderText } from '../../src/model/render-text';
import { protocols } from '../../src/protocols/registry';
import { createStore, type PanelStore } from '../../src/panel/store/store';
import { applyEvent } from '../../src/panel/store/apply';
import { FindingsList } from '../../src/panel/components/FindingsList';
import { Timeline } from '../../src/panel/components/Timeline';
import * as question from '../../demo/scenarios/question';
import * as normal from '../../demo/scenarios/normal';
import { append, emptySnapshot, example, mount, scenarioFrames, unmount } from './panel-support';

function importExample(name: string): PanelStore {
  const store = createStore();
  applyEvent(store, { type: 'import', text: example(name), fileName: name });
  return store;
}

/** What the CLI's `render` prints for each session of a file: the independent reference. */
function cliRendering(name: string): string[] {
  return splitSessions(readInput(example(name)).capture, protocols).map((s) => renderText(s.pipeline.view()));
}

describe('import', () => {
  it.each(['flat-block-turn.jsonl', 'flat-block-broken.jsonl', 'flat-block-reload.har'])('%s opens offline as the CLI reads it', (name) => {
    const store = importExample(name);
    expect(store.source.value).toBe('file');
    expect(store.toolbar.fileName.value).toBe(name);
    const sessions = store.sessions.set.list;
    expect(sessions.map((s) => s.pipeline.protocol)).toEqual(sessions.map(() => 'flat-block'));
    expect(sessions.map((s) => renderText(s.pipeline.view()))).toEqual(cliRendering(name));
    expect(store.log.all()).toHaveLength(readInput(example(name)).capture.frames.length);
  });

  it('joins the History API response and the WebSocket of the reload HAR into one session', () => {
    const store = importExample('flat-block-reload.har');
    expect(store.sessions.set.list).toHaveLength(1);
    expect(store.sessions.set.list[0]?.connectionIds).toHaveLength(2);
  });

  it('says why an input cannot be read, and keeps what was shown', () => {
    const store = importExample('flat-block-turn.jsonl');
    applyEvent(store, { type: 'import', text: 'hello there\n', fileName: 'notes.txt' });
    expect(store.toolbar.importError.value).toMatch(/^notes\.txt: not a recognised input/);
    expect(store.log.length).toBeGreaterThan(0);
    applyEvent(store, { type: 'import', text: '', fileName: 'empty.jsonl' });
    expect(store.toolbar.importError.value).toBe('empty.jsonl: the input is empty');
  });
});

describe('live appends from the hub', () => {
  it('routes frames by the session summaries and joins connections a later summary ties together', () => {
    const capture = readInput(example('flat-block-reload.har')).capture;
    const [history, ws] = capture.connections;
    const store = createStore();
    applyEvent(store, {
      type: 'hub',
      message: { ...emptySnapshot().message, capture: { connections: capture.connections, frames: [] } },
    });
    const historyFrames = capture.frames.filter((f) => f.connectionId === history?.id);
    const wsFrames = capture.frames.filter((f) => f.connectionId === ws?.id);
    // The history response arrives before the hub knows it belongs with the stream.
    applyEvent(store, append(historyFrames));
    expect(store.sessions.set.list.map((s) => s.connectionIds)).toEqual([[history?.id]]);
    const summary = { id: 'flat-block:abc-123', connectionIds: [history!.id, ws!.id], protocol: 'flat-block', frames: 0, errors: 0, warnings: 0, infos: 0, rules: [] };
    applyEvent(store, { type: 'hub', message: { type: 'append', frames: wsFrames.slice(0, 3), connections: [], sessions: [summary] } });
    const session = store.sessions.set.list[0];
    expect(store.sessions.set.list).toHaveLength(1);
    expect(session?.id).toBe('flat-block:abc-123');
    const pipeline = session?.pipeline;
    const visible = store.filters.visible.value.list;
    // Later appends are folded into the same pipeline and extend the same filtered list.
    for (const f of wsFrames.slice(3)) applyEvent(store, append([f]));
    expect(store.sessions.set.list[0]?.pipeline).toBe(pipeline);
    expect(store.filters.visible.value.list).toBe(visible);
    expect(store.filters.visible.value.count).toBe(capture.frames.length);
    const reference = new SessionPipeline(protocols);
    for (const c of capture.connections) reference.addConnection(c);
    for (const f of [...capture.frames].sort((a, b) => a.index - b.index)) reference.append(f);
    expect(renderText(store.sessions.view.value!.view)).toBe(renderText(reference.view()));
  });

  it('a cleared message empties the panel; a file stays open while the tab keeps streaming', () => {
    const store = createStore();
    applyEvent(store, emptySnapshot());
    applyEvent(store, append(scenarioFrames(question, 'none')));
    expect(store.log.length).toBeGreaterThan(0);
    applyEvent(store, { type: 'hub', message: { type: 'cleared', tabId: 7 } });
    expect(store.log.all()).toHaveLength(0);
    expect(store.sessions.set.list).toHaveLength(0);
    applyEvent(store, { type: 'import', text: example('flat-block-turn.jsonl') });
    const count = store.log.length;
    applyEvent(store, append(scenarioFrames(question, 'none')));
    expect(store.log.all()).toHaveLength(count);
    // A reconnect's snapshot leaves the file alone; after "back to the tab" the snapshot replaces it.
    applyEvent(store, emptySnapshot(9));
    expect(store.source.value).toBe('file');
    expect(store.log.all()).toHaveLength(count);
    applyEvent(store, { type: 'returnToTab' });
    applyEvent(store, emptySnapshot(9));
    expect(store.source.value).toBe('hub');
    expect(store.tabId.value).toBe(9);
    expect(store.log.all()).toHaveLength(0);
  });
});

describe('scrubbing', () => {
  it('selecting frame N shows the view and findings as of N; live returns to the head', () => {
    const store = importExample('flat-block-broken.jsonl');
    const frames = readInput(example('flat-block-broken.jsonl')).capture.frames;
    const head = store.sessions.view.value!;
    expect(head.at).toBeUndefined();
    const n = 6;
    applyEvent(store, { type: 'selectFrame', index: n });
    const past = store.sessions.view.value!;
    expect(past.at).toBe(n);
    const reference = new SessionPipeline(protocols);
    for (const f of frames.filter((f) => f.index <= n)) reference.append(f);
    expect(renderText(past.view)).toBe(renderText(reference.view()));
    // The list keeps every finding while scrubbing; those reported up to N come first in the count.
    expect(past.findings).toHaveLength(head.findings.length);
    expect(past.reportedCount).toBe(head.findings.filter((f) => f.at <= n).length);
    expect(past.reportedCount).toBeLessThan(head.findings.length);
    applyEvent(store, { type: 'setLive', live: true });
    expect(store.sessions.view.value!.at).toBeUndefined();
    expect(renderText(store.sessions.view.value!.view)).toBe(renderText(head.view));
  });
});

describe('filters', () => {
  const store = createStore();
  applyEvent(store, emptySnapshot());
  applyEvent(store, append(scenarioFrames(question, 'answer', { [question.GOAL]: 'Tăng trưởng dài hạn', [question.SECTORS]: 'Ngân hàng' })));
  const shown = () => store.filters.visible.value.list.map((p) => store.log.frameAt(p));
  const query = (text: string) => applyEvent(store, { type: 'setQuery', query: text });
  const types = () => shown().map((f) => (JSON.parse(f.data) as { type: string }).type);

  it('by text inside payloads, case-insensitive', () => {
    query('hpg');
    expect(shown().length).toBeGreaterThan(0);
    expect(shown().every((f) => f.data.includes('HPG'))).toBe(true);
    expect(shown().length).toBe(store.log.all().filter((f) => f.data.includes('HPG')).length);
  });

  it('by event type, direction and connection', () => {
    query('type:group_end');
    expect(shown().map((f) => JSON.parse(f.data).summary)).toEqual(['Chuẩn bị câu hỏi', 'Lọc cổ phiếu theo mục tiêu']);
    query('dir:out');
    expect(types()).toEqual(['approval']);
    query('conn:other');
    expect(shown()).toHaveLength(0);
    query('conn:ws');
    expect(shown()).toHaveLength(store.log.length);
  });

  it('negates a term with a minus and matches /regex/ on payloads', () => {
    query('-dir:in');
    expect(types()).toEqual(['approval']);
    query('/"type":"group_(start|end)"/');
    expect(new Set(types())).toEqual(new Set(['group_start', 'group_end']));
    query('/(unclosed/');
    // A regex that does not compile is searched as text: nothing contains it, nothing breaks.
    expect(shown()).toHaveLength(0);
  });

  it('by size in bytes, counting UTF-8 as the wire does', () => {
    const big = store.log.all().filter((_, i) => (store.log.bytesAt(i)) > 400);
    expect(big.length).toBeGreaterThan(0);
    query('larger-than:400');
    expect(shown()).toEqual(big);
    // Vietnamese text: more bytes than characters.
    const viet = store.log.all().findIndex((f) => f.data.includes('Tăng'));
    expect(store.log.bytesAt(viet)).toBeGreaterThan(store.log.frameAt(viet).data.length);
  });

  it('by severity of the findings on each frame', () => {
    const broken = importExample('flat-block-broken.jsonl');
    applyEvent(broken, { type: 'setQuery', query: 'has:error' });
    const withErrors = new Set(broken.sessions.set.list.flatMap((s) => s.pipeline.findings().filter((f) => f.severity === 'error').flatMap((f) => f.frames)));
    const list = broken.filters.visible.value.list.map((p) => broken.log.indexAt(p));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => withErrors.has(i as number))).toBe(true);
    expect(list.length).toBe(withErrors.size);
  });
});

describe('findings', () => {
  it('clicking a finding selects its first frame and highlights all its frames in the timeline', () => {
    stubViewport(400);
    const store = importExample('flat-block-broken.jsonl');
    const root = mount(
      <div>
        <Timeline store={store} />
        <FindingsList store={store} />
      </div>,
    );
    const findings = store.sessions.view.value!.findings;
    // A finding reported later than its first frame (tool-without-result at group_end) with several frames.
    const multi = findings.findIndex((f) => f.frames.length > 1 && f.at > (f.frames[0] as number));
    expect(multi).toBeGreaterThanOrEqual(0);
    const target = findings[multi]!;
    const button = root.querySelectorAll<HTMLButtonElement>('.finding')[multi]!;
    expect(button.querySelector('.finding-rule')?.textContent).toBe(target.rule);
    act(() => button.click());
    expect(store.selection.frame.value).toBe(target.frames[0]);
    expect(store.sessions.view.value!.findings).toContainEqual(target);
    const selected = root.querySelector('[role=option][aria-selected=true]');
    expect(selected?.getAttribute('data-index')).toBe(String(target.frames[0]));
    const highlighted = [...root.querySelectorAll('.row.highlighted')].map((r) => Number(r.getAttribute('data-index')));
    expect(highlighted.sort((a, b) => a - b)).toEqual([...target.frames].sort((a, b) => a - b));
    const counts = store.findings.counts.value;
    expect(counts.error + counts.warning + counts.info).toBe(findings.length);
    unmount(root);
    restoreViewport();
  });
});

describe('virtualised timeline', () => {
  it('renders only a window of rows for 100,000 frames, scrolls and moves by keyboard', () => {
    stubViewport(400);
    const store = createStore();
    applyEvent(store, emptySnapshot());
    const frames: Frame[] = [];
    const t0 = Date.UTC(2026, 0, 1);
    const push = (event: unknown) =>
      frames.push({ index: frames.length, connectionId: 'ws', time: t0 + frames.length, direction: 'in', kind: 'message', data: JSON.stringify(event) });
    push({ type: 'message_start', message: { message_type: 'chat' } });
    push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    while (frames.length < 100_000) push({ type: 'content_block_delta', index: 0, delta: { text: 'x' } });
    for (let i = 0; i < frames.length; i += 5000) applyEvent(store, append(frames.slice(i, i + 5000)));
    expect(store.log.all()).toHaveLength(100_000);
    const root = mount(<Timeline store={store} />);
    const rows = () => [...root.querySelectorAll('[role=option]')].map((r) => Number(r.getAttribute('data-index')));
    // 400 px of 20 px rows plus the overscan: a window, not 100,000 elements.
    expect(rows().length).toBeGreaterThan(10);
    expect(rows().length).toBeLessThan(60);
    // A timeline first drawn on a live tab's frames starts at the newest and follows them.
    expect(rows()).toContain(99_999);
    expect(root.querySelector<HTMLElement>('.timeline-space')?.style.height).toBe(`${100_000 * 20}px`);
    const scroller = root.querySelector('.timeline-scroll') as HTMLElement;
    // The position to follow is written once laid out (a resize observer, which happy-dom never calls; a scroll writes it too).
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    act(() => {
      scroller.scrollTop = 0;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(rows()[0]).toBe(0);
    act(() => {
      scroller.scrollTop = 50_000 * 20;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(rows()).toContain(50_000);
    expect(rows().length).toBeLessThan(60);
    act(() => void scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
    expect(store.selection.frame.value).toBe(99_999);
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    expect(rows()).toContain(99_999);
    expect(root.querySelector('[aria-selected=true]')?.getAttribute('data-index')).toBe('99999');
    act(() => void scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true })));
    expect(store.selection.frame.value).toBe(99_998);
    act(() => void scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true })));
    expect(store.selection.frame.value).toBe(0);
    // The selection scrolled the list back to the top; happy-dom fires no scroll event for that itself.
    expect(scroller.scrollTop).toBe(0);
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    expect(rows()[0]).toBe(0);
    act(() => void scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true })));
    expect(store.selection.frame.value).toBe(19);
    expect(root.querySelector('[aria-selected=true]')?.getAttribute('data-index')).toBe('19');
    unmount(root);
    restoreViewport();
  }, 60_000);
});

describe('following the stream', () => {
  it('follows from the first draw when the first batch is taller than the view (the timeline is drawn once frames exist)', () => {
    stubViewport(100);
    const store = createStore();
    applyEvent(store, emptySnapshot());
    const frames = scenarioFrames(normal, 'none');
    applyEvent(store, append(frames.slice(0, 20)));
    const root = mount(<Timeline store={store} />);
    const scroller = root.querySelector('.timeline-scroll') as HTMLElement;
    const rows = () => [...root.querySelectorAll('[role=option]')].map((r) => Number(r.getAttribute('data-index')));
    expect(rows()).toContain(19);
    expect(rows()).not.toContain(0);
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    const more = frames.slice(0, 4).map((f, i) => ({ ...f, index: 20 + i }));
    act(() => applyEvent(store, append(more)));
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    expect(rows()).toContain(23);
    unmount(root);
    restoreViewport();
  });

  it('keeps the newest frame in view while live, and stops when the user scrolled up', () => {
    stubViewport(100);
    const store = createStore();
    applyEvent(store, emptySnapshot());
    const root = mount(<Timeline store={store} />);
    const scroller = root.querySelector('.timeline-scroll') as HTMLElement;
    const frames = scenarioFrames(normal, 'none');
    const rows = () => [...root.querySelectorAll('[role=option]')].map((r) => Number(r.getAttribute('data-index')));
    for (let i = 0; i < frames.length; i += 4) {
      act(() => applyEvent(store, append(frames.slice(i, i + 4))));
      act(() => void scroller.dispatchEvent(new Event('scroll')));
    }
    expect(frames.length).toBeGreaterThan(20);
    expect(rows()).toContain(frames.length - 1);
    expect(rows()).not.toContain(0);
    act(() => {
      scroller.scrollTop = 0;
      scroller.dispatchEvent(new Event('scroll'));
    });
    const more = frames.slice(0, 4).map((f, i) => ({ ...f, index: frames.length + i }));
    act(() => applyEvent(store, append(more)));
    expect(scroller.scrollTop).toBe(0);
    unmount(root);
    restoreViewport();
  });
});

type SizeProp = 'clientHeight' | 'clientWidth' | 'scrollHeight';
const saved: { name: SizeProp; own: PropertyDescriptor | undefined }[] = [];
/**
 * happy-dom has no layout: give the timeline's scroll box a viewport and a scroll height (its content's
 * height as styled) so the virtualiser has something to measure.
 */
function stubViewport(height: number): void {
  const sizes: Record<SizeProp, (el: HTMLElement) => number> = {
    clientHeight: () => height,
    clientWidth: () => 600,
    scrollHeight: (el) => parseFloat(el.querySelector<HTMLElement>('.timeline-space')?.style.height ?? '0') || 0,
  };
  for (const name of Object.keys(sizes) as SizeProp[]) {
    saved.push({ name, own: Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) });
    const inherited = Object.getOwnPropertyDescriptor(Element.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('timeline-scroll') ? sizes[name](this) : (inherited?.get?.call(this) ?? 0);
      },
    });
  }
}
function restoreViewport(): void {
  for (const { name, own } of saved.splice(0)) {
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    if (own) Object.defineProperty(HTMLElement.prototype, name, own);
  }
}
