// What the card says about an answer sent from the panel, from the hub's word and the page's capture:
// sending while the hub has it, sent once the marked frame comes back, refused with the hub's reason,
// and lost when the hub never said it had it (a port closing while the service worker stopped).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import type { PanelToHub } from '../../bridge/panel-to-hub';
import type { Connection, Frame } from '../../model/frame';
import { applyEvent } from '../store/apply';
import { createStore, type PanelStore } from '../store/store';
import { answerStateOf, RECEIPT_WAIT_MS, sendAnswer } from './answer-state';
import { answerProgress } from './answer-target';

const socket: Connection = { id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/chat' };
const frame = (index: number, extra: Partial<Frame> = {}): Frame => ({ index, connectionId: 'ws', time: 1000 + index, direction: 'in', kind: 'message', data: '{}', ...extra });

const hub = (store: PanelStore, message: HubToPanel) => applyEvent(store, { type: 'hub', message });

/** A live store of one open socket with one frame, the switch on; what the panel sends is kept. */
function live(): { store: PanelStore; posted: PanelToHub[] } {
  const store = createStore();
  hub(store, { type: 'snapshot', tabId: 4, capture: { connections: [socket], frames: [frame(0)] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  const posted: PanelToHub[] = [];
  const state = answerStateOf(store);
  state.enabled.value = true;
  state.transport = { send: (m) => posted.push(m) };
  return { store, posted };
}

/** An answer sent for item `k` that the hub did not acknowledge within the wait. */
function lostAnswer(): PanelStore {
  const { store } = live();
  sendAnswer(store, 'k', 'ws', '{"ok":true}');
  vi.advanceTimersByTime(RECEIPT_WAIT_MS);
  expect(progress(store)?.state).toBe('refused');
  return store;
}

const progress = (store: PanelStore, key = 'k') => {
  const sent = answerStateOf(store).sent.value.get(key);
  return sent && answerProgress(store, sent);
};

describe('an answer sent from the panel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays sending while the hub has it, however long the page takes, and is sent once its marked frame comes', () => {
    const { store, posted } = live();
    sendAnswer(store, 'k', 'ws', '{"ok":true}');
    expect(posted).toEqual([{ type: 'answer', answerId: 1, connectionId: 'ws', data: '{"ok":true}' }]);
    hub(store, { type: 'answerReceived', answerId: 1 });
    vi.advanceTimersByTime(RECEIPT_WAIT_MS * 3);
    expect(progress(store)?.state).toBe('sending');
    hub(store, { type: 'append', frames: [frame(1, { direction: 'out', sentBy: 'inspector' })], connections: [], sessions: [] });
    expect(progress(store)).toEqual({ state: 'sent', text: 'Sent from the inspector; waiting for the agent…' });
  });

  it('is lost when the hub does not acknowledge it in time, and can be sent again', () => {
    const { store, posted } = live();
    sendAnswer(store, 'k', 'ws', '{"ok":true}');
    vi.advanceTimersByTime(RECEIPT_WAIT_MS - 1);
    expect(progress(store)?.state).toBe('sending');
    vi.advanceTimersByTime(1);
    expect(progress(store)).toEqual({ state: 'refused', text: expect.stringContaining('did not acknowledge the answer within 10 s') });
    // Again: a new answer for the same item, acknowledged this time; the first one's wait is over.
    sendAnswer(store, 'k', 'ws', '{"ok":true}');
    expect(posted.map((m) => (m as { answerId: number }).answerId)).toEqual([1, 2]);
    hub(store, { type: 'answerReceived', answerId: 2 });
    vi.advanceTimersByTime(RECEIPT_WAIT_MS);
    expect(progress(store)?.state).toBe('sending');
  });

  it('shows the marked frame as sent even when only the acknowledgement was lost', () => {
    const store = lostAnswer();
    hub(store, { type: 'append', frames: [frame(1, { direction: 'out', sentBy: 'inspector' })], connections: [], sessions: [] });
    expect(progress(store)?.state).toBe('sent');
  });

  it('is on its way again when the hub acknowledges it after the wait', () => {
    const store = lostAnswer();
    hub(store, { type: 'answerReceived', answerId: 1 });
    expect(progress(store)?.state).toBe('sending');
  });

  it("keeps the hub's refusal, which the wait does not replace", () => {
    const { store } = live();
    sendAnswer(store, 'k', 'ws', '{"ok":true}');
    hub(store, { type: 'answerReceived', answerId: 1 });
    hub(store, { type: 'answerRefused', answerId: 1, reason: 'the page’s relay went away' });
    vi.advanceTimersByTime(RECEIPT_WAIT_MS);
    expect(progress(store)).toEqual({ state: 'refused', text: 'Not sent: the page’s relay went away.' });
  });
});
