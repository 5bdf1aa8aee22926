// The toolbar's Preserve log box: the hub owns the setting, the box shows the user's click at once and
// keeps showing it through re-renders until the hub answers that request; then, or when no answer
// comes within the bound, or the link drops, it shows the hub's value.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubToPanel, TabStatus } from '../../bridge/hub-to-panel';
import type { PanelToHub } from '../../bridge/panel-to-hub';
import { applyEvent } from '../store/apply';
import { PRESERVE_LOG_ANSWER_MS } from '../store/preserve-log-request';
import { createStore, type PanelStore } from '../store/store';
import { Toolbar } from './Toolbar';

const STATUS: TabStatus = { dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true };

let container: HTMLElement;
let store: PanelStore;
let sent: PanelToHub[];

beforeEach(() => {
  store = createStore();
  sent = [];
  hub({ type: 'snapshot', tabId: 3, capture: { connections: [], frames: [] }, sessions: [], ...STATUS });
  container = document.createElement('div');
  document.body.append(container);
  act(() => render(<Toolbar store={store} transport={{ send: (m) => sent.push(m) }} onExport={() => {}} />, container));
});

afterEach(() => {
  act(() => render(null, container));
  container.remove();
  vi.useRealTimers();
});

function hub(message: HubToPanel): void {
  act(() => applyEvent(store, { type: 'hub', message }));
}

const box = () => container.querySelector<HTMLInputElement>('input.preserve-log')!;

/** Clicks the box as a user does and returns the request id the hub was sent, if any. */
function click(): number | undefined {
  act(() => box().click());
  const request = sent.at(-1);
  return request?.type === 'setPreserveLog' ? request.requestId : undefined;
}

describe('Preserve log', () => {
  it('is a checkbox named by its label', () => {
    expect(box().type).toBe('checkbox');
    expect(box().closest('label')?.textContent?.trim()).toBe('Preserve log');
  });

  it('shows the click through a re-render before the hub answers, then the hub refusing it', () => {
    const requestId = click();
    expect(box().checked).toBe(true);
    // A status the hub sent before it read the request (a counter changed): the box re-renders.
    hub({ type: 'status', ...STATUS, dropped: 4 });
    expect(container.querySelector('.dropped')?.textContent).toBe('4 frames dropped');
    expect(box().checked).toBe(true);
    expect(sent).toEqual([{ type: 'setPreserveLog', value: true, requestId: expect.any(Number) }]);
    // The hub answers this request with the old value.
    hub({ type: 'status', ...STATUS, dropped: 4, answers: requestId });
    expect(box().checked).toBe(false);
  });

  it('follows the hub after its answer: another panel may turn it off again', () => {
    const requestId = click();
    hub({ type: 'status', ...STATUS, preserveLog: true, answers: requestId });
    expect(box().checked).toBe(true);
    hub({ type: 'status', ...STATUS, preserveLog: false });
    expect(box().checked).toBe(false);
  });

  it('an answer to an earlier click does not end the wait for a later one', () => {
    const first = click();
    const second = click();
    expect(second).not.toBe(first);
    expect(box().checked).toBe(false);
    hub({ type: 'status', ...STATUS, preserveLog: true, answers: first });
    expect(box().checked).toBe(false);
    hub({ type: 'status', ...STATUS, preserveLog: false, answers: second });
    expect(box().checked).toBe(false);
  });

  it('shows the hub’s value again when no answer comes within the bound', () => {
    vi.useFakeTimers();
    click();
    vi.advanceTimersByTime(PRESERVE_LOG_ANSWER_MS - 1);
    act(() => {});
    expect(box().checked).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(box().checked).toBe(false);
  });

  it('shows the hub’s value again when the link drops (the request went with the port)', () => {
    click();
    act(() => applyEvent(store, { type: 'link', state: 'disconnected' }));
    expect(box().checked).toBe(false);
    hub({ type: 'snapshot', tabId: 3, capture: { connections: [], frames: [] }, sessions: [], ...STATUS, preserveLog: true });
    expect(box().checked).toBe(true);
  });
});

describe('capture counters', () => {
  it('says how many frames the capture budget did not keep, only when some were not', () => {
    expect(container.querySelector('[data-testid="not-kept"]')).toBeNull();
    hub({ type: 'status', ...STATUS, cut: 3, notKept: 1_880 });
    expect(container.querySelector('.cut')?.textContent).toBe('3 frames cut');
    const notKept = container.querySelector<HTMLElement>('[data-testid="not-kept"]')!;
    expect(notKept.textContent).toBe('1880 frames not kept');
    expect(notKept.dataset.count).toBe('1880');
    hub({ type: 'status', ...STATUS, cut: 1, dropped: 1, notKept: 1 });
    expect(container.querySelector('[data-testid="not-kept"]')?.textContent).toBe('1 frame not kept');
    expect(container.querySelector('.cut')?.textContent).toBe('1 frame cut');
    expect(container.querySelector('.dropped')?.textContent).toBe('1 frame dropped');
  });
});
