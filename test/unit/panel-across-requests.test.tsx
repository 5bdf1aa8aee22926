// What the requests after a stream tell, in the panel. The tool calls a stream handed to the page, in the
// rendering as `render` shows them: a call whose result the follow-up request carried is done, one the
// follow-up left out says "no result sent back", one no request followed says "waiting for the page".
// Before, the panel showed each as running (an amber dot) however the loop went on. Scrubbed back before
// the follow-up, the call is pending again. And a check across requests is listed on every frame it points
// at, as the timeline marks them, not only in the session it is reported on.
import { expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { applyEvent } from '../../src/panel/store/apply';
import { panelPerTest } from './panel-support';

const panels = panelPerTest();
let root: HTMLElement;

/** Each tool call the rendering shows: its dot's status and title, and what it says beside its label. */
const tools = () =>
  [...root.querySelectorAll('[data-testid="rendering"] .tool')].map((el) => ({
    dot: /dot-(\w+)/.exec(el.querySelector('.dot')?.className ?? '')?.[1],
    title: el.querySelector('.dot')?.getAttribute('title'),
    page: el.querySelector('.tool-page')?.textContent ?? '',
  }));

it('shows each page-run tool call as the requests after it tell, and pending again when scrubbed back before them', async () => {
  const { panel: { store }, root: mounted } = await panels.open('openai-tool-loop-broken.har');
  root = mounted;
  const [first, , third] = store.sessions.set.list;
  act(() => applyEvent(store, { type: 'selectSession', id: first!.id }));
  expect(tools()).toEqual([
    { dot: 'success', title: 'success', page: '' },
    { dot: 'pending', title: 'no result sent back', page: ' · no result sent back' },
  ]);
  act(() => applyEvent(store, { type: 'selectSession', id: third!.id }));
  expect(tools()).toEqual([{ dot: 'pending', title: 'waiting for the page', page: ' · waiting for the page' }]);

  // The first session scrubbed to its own last frame but one: the follow-up has not been sent yet.
  act(() => applyEvent(store, { type: 'selectSession', id: first!.id }));
  const frames = first!.pipeline.frames;
  act(() => {
    applyEvent(store, { type: 'selectFrame', index: frames[frames.length - 2]!.index });
    applyEvent(store, { type: 'setLive', live: false });
  });
  expect(root.querySelector('[data-testid="rendering"]')?.getAttribute('data-at')).not.toBe('live');
  expect(tools().map((t) => t.dot)).toEqual(['pending', 'pending']);
  expect(tools().map((t) => t.page)).toEqual(['', '']);
});

it('lists on a frame every check across requests that points at it, whichever session it is reported on', async () => {
  const { panel: { store }, root: mounted } = await panels.open('openai-tool-loop-broken.har');
  root = mounted;
  const [first, second] = store.sessions.set.list;
  const own = new Set(first!.pipeline.frames.map((f) => f.index));
  // The follow-up's check names the call of the first request, on a frame of that request.
  const missing = store.findings.across.of(second!).find((f) => f.rule === 'openai-chat/loop-missing-tool-result')!;
  const index = missing.frames.find((n) => own.has(n));
  expect(index).toBeDefined();
  expect(store.findings.across.of(first!)).not.toContain(missing);
  act(() => {
    applyEvent(store, { type: 'selectSession', id: first!.id });
    applyEvent(store, { type: 'selectFrame', index });
    applyEvent(store, { type: 'setTab', tab: 'frame' });
  });
  const detail = root.querySelector('[data-testid="frame-detail"]');
  expect(detail?.getAttribute('data-index')).toBe(String(index));
  expect(detail?.querySelector('.frame-findings')?.textContent).toContain('openai-chat/loop-missing-tool-result');
});
