import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { CaptureLike } from '../bridge/hub-to-panel';
import type { PanelToHub } from '../bridge/panel-to-hub';
import { App } from './App';
import type { HubLink } from './hub-link';
import { apply, createStore } from './store';

const SECRET = 'sk-live-0123456789abcdefghijklmnop';
const capture: CaptureLike = {
  connections: [
    { id: '1.ws-1', transport: 'websocket', url: 'ws://127.0.0.1/ws', requestHeaders: { authorization: `Bearer ${SECRET}` } },
  ],
  frames: [
    { index: 0, connectionId: '1.ws-1', time: 0, direction: 'out', kind: 'message', data: '{"type":"user_message"}' },
    { index: 1, connectionId: '1.ws-1', time: 1, direction: 'in', kind: 'message', data: '<img src=x onerror="window.__pwned=1">' },
  ],
};
const sessions = [{ id: '1.ws-1', connectionIds: ['1.ws-1'], protocol: 'unknown', frames: 2, errors: 1, warnings: 0, infos: 0, rules: ['x/rule'] }];

function setup() {
  const store = createStore();
  apply(store, { type: 'snapshot', tabId: 4, capture, sessions, dropped: 3, cut: 0, rejected: 2, ignored: 0, preserveLog: false, recording: true });
  const sent: PanelToHub[] = [];
  const link: HubLink = {
    send: (m) => (sent.push(m), true),
    requestExport: async () => ({ capture, dropped: 3 }),
    close: () => undefined,
  };
  const root = document.createElement('div');
  document.body.append(root);
  render(<App store={store} link={link} />, root);
  return { store, root, sent };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('minimal panel', () => {
  it('lists sessions and frames, with page data as text only', () => {
    const { root } = setup();
    expect(root.querySelector('.session .url')?.textContent).toBe('ws://127.0.0.1/ws');
    expect(root.querySelector('.frame-count')?.getAttribute('data-count')).toBe('2');
    expect(root.querySelectorAll('tr.frame')).toHaveLength(2);
    expect(root.textContent).toContain('<img src=x onerror="window.__pwned=1">');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('.counters')?.textContent).toContain('3 dropped');
    expect(root.querySelector('.counters')?.textContent).toContain('2 rejected');
  });

  it('shows live appends and clears', async () => {
    const { store, root } = setup();
    await act(() => {
      apply(store, { type: 'append', frames: [{ index: 2, connectionId: '1.ws-1', time: 2, direction: 'in', kind: 'close', data: '' }], connections: [], sessions: [{ ...sessions[0]!, frames: 3 }] });
    });
    expect(root.querySelectorAll('tr.frame')).toHaveLength(3);
    await act(() => apply(store, { type: 'cleared', tabId: 4 }));
    expect(root.querySelectorAll('tr.frame')).toHaveLength(0);
    expect(root.textContent).toContain('No agent streams captured');
  });

  it('sends the switches to the hub', async () => {
    const { root, sent } = setup();
    await act(() => (root.querySelector('button.clear') as HTMLButtonElement).click());
    await act(() => (root.querySelector('input.preserve-log') as HTMLInputElement).click());
    expect(sent).toEqual([{ type: 'clear' }, { type: 'setPreserveLog', value: true }]);
  });

  it('previews the redaction and exports redacted unless told otherwise', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { root } = setup();
    await act(async () => (root.querySelector('button.export') as HTMLButtonElement).click());
    await act(async () => undefined);
    const dialog = root.querySelector('.export-dialog');
    expect(dialog?.textContent).toContain('authorization');
    await act(async () => (root.querySelector('button.download') as HTMLButtonElement).click());
    await act(async () => undefined);
    const redacted = await blobs[0]!.text();
    expect(redacted).not.toContain(SECRET);
    expect(JSON.parse(redacted)).toMatchObject({ dropped: 3, redaction: { applied: true }, frames: [{ index: 0 }, { index: 1 }] });

    await act(async () => (root.querySelector('button.export') as HTMLButtonElement).click());
    await act(async () => undefined);
    await act(async () => (root.querySelector('input.redact') as HTMLInputElement).click());
    expect(root.querySelector('.export-dialog .warning')).not.toBeNull();
    await act(async () => (root.querySelector('button.download') as HTMLButtonElement).click());
    await act(async () => undefined);
    expect(await blobs[1]!.text()).toContain(SECRET);
  });
});
