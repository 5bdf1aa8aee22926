// The rendering's notices: a session no protocol recognised counts that session's frames (up to the
// position shown), not every frame the tab captured; a session with nothing to show says so.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, expect, it } from 'vitest';
import type { HubToPanel } from '../../../bridge/hub-to-panel';
import type { Connection, Frame } from '../../../model/frame';
import { chunk } from '../../../protocols/openai-chat/test-helpers';
import { applyEvent } from '../../store/apply';
import { createStore, type PanelStore } from '../../store/store';
import { Rendering } from './Rendering';

const mounted: HTMLElement[] = [];
afterEach(() => {
  for (const box of mounted.splice(0)) {
    render(null, box);
    box.remove();
  }
});

const hub = (store: PanelStore, message: HubToPanel) => act(() => applyEvent(store, { type: 'hub', message }));
const chat: Connection = { id: '1.1', transport: 'sse', method: 'POST', url: 'http://127.0.0.1:5173/agent/stream', requestBody: JSON.stringify({ model: 'gpt-x', stream: true, messages: [{ role: 'user', content: 'Hi' }] }) };
const ticks: Connection = { id: '1.2', transport: 'sse', method: 'GET', url: 'http://127.0.0.1:5173/ticks' };
const frame = (index: number, data: string, connectionId: string): Frame => ({ index, connectionId, time: 1000 + index, direction: 'in', kind: 'message', data });

it('counts the selected session\'s frames up to the position shown', () => {
  const store = createStore();
  hub(store, { type: 'snapshot', tabId: 1, capture: { connections: [], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  const chatFrames = [0, 1, 2, 3, 4].map((i) => frame(i, JSON.stringify(chunk({ content: `w${i}` })), chat.id));
  const tickFrames = [5, 6, 7].map((i) => frame(i, JSON.stringify({ tick: i }), ticks.id));
  hub(store, {
    type: 'append',
    frames: [...chatFrames, ...tickFrames],
    connections: [chat, ticks],
    sessions: [
      { id: 'chat', connectionIds: [chat.id], protocol: 'openai-chat', frames: 5 },
      { id: 'ticks', connectionIds: [ticks.id], protocol: 'unknown', frames: 3 },
    ],
  });
  const box = document.createElement('div');
  mounted.push(box);
  document.body.append(box);
  act(() => applyEvent(store, { type: 'selectSession', id: 'ticks' }));
  act(() => render(<Rendering store={store} />, box));
  expect(box.querySelector('.rendering .notice')?.textContent).toBe('No agent stream recognised in this session yet: 3 frames, shown raw');
  act(() => applyEvent(store, { type: 'selectFrame', index: 6 }));
  act(() => applyEvent(store, { type: 'setLive', live: false }));
  expect(box.querySelector('.rendering .notice')?.textContent).toBe('No agent stream recognised in this session yet: 2 frames, shown raw');
});

it('says when a session shows nothing, rather than leave the pane blank', () => {
  const store = createStore();
  hub(store, { type: 'snapshot', tabId: 1, capture: { connections: [], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  const run: Connection = { id: '1.1', transport: 'sse', method: 'POST', url: 'http://127.0.0.1:5173/agent' };
  const started = frame(0, JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }), run.id);
  hub(store, { type: 'append', frames: [started], connections: [run], sessions: [{ id: 'run', connectionIds: [run.id], protocol: 'ag-ui', frames: 1 }] });
  const box = document.createElement('div');
  mounted.push(box);
  document.body.append(box);
  act(() => render(<Rendering store={store} />, box));
  expect(box.querySelector('[data-testid="nothing-to-show"]')?.textContent).toBe('Nothing to show yet: 1 frame, no message, tool call or note so far');
  hub(store, { type: 'append', frames: [frame(1, JSON.stringify({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }), run.id)], connections: [], sessions: [{ id: 'run', connectionIds: [run.id], protocol: 'ag-ui', frames: 2 }] });
  expect(box.querySelector('[data-testid="nothing-to-show"]')?.textContent).toBe('Nothing to show: 2 frames, no message, tool call or note');
  // Once the run says something, the notice goes.
  const text = [{ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hi' }];
  hub(store, { type: 'append', frames: text.map((e, i) => frame(2 + i, JSON.stringify(e), run.id)), connections: [], sessions: [{ id: 'run', connectionIds: [run.id], protocol: 'ag-ui', frames: 4 }] });
  expect(box.querySelector('[data-testid="nothing-to-show"]')).toBeNull();
  expect(box.querySelector('.rendering')?.textContent).toContain('Hi');
});
