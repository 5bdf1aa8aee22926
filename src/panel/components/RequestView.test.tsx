// The Request tab's Protocol row (and the session picker's) while a live stream is under way: "detecting…" until detection has
// had its frames, then the protocol, kept current as frames arrive (not only when a connection opens).
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import type { Connection, Frame } from '../../model/frame';
import { DETECT_WINDOW } from '../../protocols/detect';
import { chunk } from '../../protocols/openai-chat/test-helpers';
import { applyEvent } from '../store/apply';
import { createStore, type PanelStore } from '../store/store';
import { summarizeSession } from '../store/session-summary';
import { RequestView } from './RequestView';

let container: HTMLElement | undefined;
const mounted: HTMLElement[] = [];

afterEach(() => {
  for (const box of mounted.splice(0)) {
    render(null, box);
    box.remove();
  }
  container = undefined;
});

function hub(store: PanelStore, message: HubToPanel): void {
  act(() => applyEvent(store, { type: 'hub', message }));
}

function liveStore(): PanelStore {
  const store = createStore();
  hub(store, { type: 'snapshot', tabId: 1, capture: { connections: [], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  container = document.createElement('div');
  mounted.push(container);
  document.body.append(container);
  act(() => render(<RequestView store={store} />, container as HTMLElement));
  return store;
}

const protocolRow = (): string | undefined => [...(container?.querySelectorAll('.kv-row') ?? [])].find((row) => row.querySelector('dt')?.textContent === 'Protocol')?.querySelector('dd')?.textContent ?? undefined;

const chat: Connection = { id: '1.1', transport: 'sse', method: 'POST', url: 'http://127.0.0.1:5173/agent/stream', requestBody: JSON.stringify({ model: 'gpt-x', stream: true, messages: [{ role: 'user', content: 'Weather?' }] }) };
const opened = (c: Connection) => ({ id: 'one', connectionIds: [c.id], protocol: 'unknown', frames: 0 });
const frame = (index: number, data: string, connectionId = chat.id): Frame => ({ index, connectionId, time: 1000 + index, direction: 'in', kind: 'message', data });

describe('the Request tab\'s protocol during a live stream', () => {
  it('says detecting… while the request waits for its answer, then the protocol its first chunk shows', () => {
    const store = liveStore();
    hub(store, { type: 'append', frames: [], connections: [chat], sessions: [opened(chat)] });
    // The session picker says the same.
    const picker = () => summarizeSession(store.sessions.set.list[0]!, store.connections.value, store.connectionName, { live: true, untimed: false }).protocol;
    expect(protocolRow()).toBe('detecting…');
    expect(picker()).toBe('detecting…');
    hub(store, { type: 'append', frames: [frame(0, JSON.stringify(chunk({ role: 'assistant', content: 'It is' })))], connections: [], sessions: [] });
    expect(protocolRow()).toBe('openai-chat');
    expect(picker()).toBe('openai-chat');
  });

  it('says unknown once detection has weighed its window of frames without a protocol, or the stream ended first', () => {
    const store = liveStore();
    const plain: Connection = { id: '1.2', transport: 'sse', method: 'GET', url: 'http://127.0.0.1:5173/events' };
    hub(store, { type: 'append', frames: [], connections: [plain], sessions: [opened(plain)] });
    const ticks = (from: number, n: number) => Array.from({ length: n }, (_, i) => frame(from + i, JSON.stringify({ tick: from + i }), plain.id));
    hub(store, { type: 'append', frames: ticks(0, DETECT_WINDOW - 1), connections: [], sessions: [] });
    expect(protocolRow()).toBe('detecting…');
    hub(store, { type: 'append', frames: ticks(DETECT_WINDOW - 1, 1), connections: [], sessions: [] });
    expect(protocolRow()).toBe('unknown');

    const short: Connection = { id: '1.3', transport: 'sse', method: 'GET', url: 'http://127.0.0.1:5173/short' };
    const other = liveStore();
    hub(other, { type: 'append', frames: [frame(0, '{"tick":0}', short.id)], connections: [short], sessions: [] });
    expect(protocolRow()).toBe('detecting…');
    hub(other, { type: 'append', frames: [], connections: [{ ...short, closed: { at: 2000 } }], sessions: [] });
    expect(protocolRow()).toBe('unknown');
  });
});
