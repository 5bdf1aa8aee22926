// The whole panel as mounted by `mountPanel`: offline import, the hub transport, toolbar requests,
// counters, export with redaction, the frame detail, themes, empty states, page data as text only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import type { PanelToHub } from '../../src/bridge/panel-to-hub';
import type { Frame } from '../../src/model/frame';
import { mountPanel, type MountedPanel } from '../../src/panel/mount';
import { readInput } from '../../src/readers/read-input';
import * as normal from '../../demo/scenarios/normal';
import { append, emptySnapshot, example, importIntoPanel, scenarioFrames } from './panel-support';

let panel: MountedPanel | undefined;
let root: HTMLElement;
afterEach(() => {
  if (panel) act(() => panel?.unmount());
  panel = undefined;
  root?.remove();
  vi.restoreAllMocks();
});

function open(options: Parameters<typeof mountPanel>[1] = {}): MountedPanel {
  root?.remove();
  root = document.createElement('div');
  document.body.append(root);
  act(() => {
    panel = mountPanel(root, options);
  });
  return panel!;
}

function recorder() {
  const sent: PanelToHub[] = [];
  return { sent, transport: { send: (m: PanelToHub) => void sent.push(m) } };
}

const click = (selector: string) => act(() => (root.querySelector(selector) as HTMLElement).click());

async function importFile(name: string, text: string): Promise<void> {
  await importIntoPanel(root, name, text);
  expect(root.querySelector('[data-testid="import-progress"]')).toBeNull();
}

describe('offline', () => {
  it('shows the empty state, then opens an imported file without any page', async () => {
    open();
    expect(root.querySelector('.empty-state')?.textContent).toContain('Waiting for agent traffic on this page — send a message');
    await importFile('flat-block-turn.jsonl', example('flat-block-turn.jsonl'));
    expect(root.querySelector('.empty-state')).toBeNull();
    expect(root.querySelector('[data-testid="page-heading"]')?.textContent).toBe('flat-block-turn.jsonl');
    expect(root.querySelector('.session-protocol')?.textContent).toBe('flat-block');
    expect(root.querySelector('.rendering .text-final .text-body')?.textContent).toBe('VNINDEX hôm nay tăng 2.69%.');
    expect((root.querySelector('.record') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why a file cannot be read', async () => {
    open();
    await importFile('notes.txt', 'just some notes\n');
    expect(root.querySelector('.import-error')?.textContent).toMatch(/^notes\.txt: not a recognised input/);
  });

  it('says when no agent stream was recognised and shows the frames raw', async () => {
    open();
    await importFile('other.jsonl', '{"hello":"world"}\n{"hello":"again"}\n');
    expect(root.querySelector('.rendering .notice')?.textContent).toBe('No agent stream recognised in this session yet: 2 frames, shown raw');
    expect([...root.querySelectorAll('.raw-item')].map((e) => e.textContent)).toEqual(['{"hello":"world"}', '{"hello":"again"}']);
  });

  it('renders page data as text, never as markup', async () => {
    open();
    const evil = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    await importFile('evil.jsonl', `${JSON.stringify({ type: 'message_start', message: { message_type: 'chat' } })}\n${JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: evil, is_final: true } })}\n`);
    expect(root.querySelector('img, b')).toBeNull();
    expect(root.querySelector('.text-body')?.textContent).toBe(evil);
  });
});

describe('with the hub', () => {
  it('shows live frames and sends the toolbar requests over the transport', () => {
    const { sent, transport } = recorder();
    const p = open({ tabId: 7, transport });
    act(() => {
      p.receive(emptySnapshot().message);
      p.receive(append(scenarioFrames(normal, 'none')).message);
    });
    // Without the browser's word on the page (no tabs API here), the heading says "This page", never a tab number.
    expect(root.querySelector('[data-testid="page-heading"]')?.textContent).toBe('This page');
    act(() => p.dispatch({ type: 'page', url: 'http://127.0.0.1:5173/chat', title: 'Demo chat' }));
    expect(root.querySelector('[data-testid="page-heading"]')?.textContent).toBe('Demo chat — http://127.0.0.1:5173/chat');
    expect(root.querySelector('.group-title')?.textContent).toBe('Tìm kiếm thông tin thị trường phiên 25/03/2026');
    click('.record');
    click('.clear');
    act(() => void (root.querySelector('.preserve-log') as HTMLInputElement).dispatchEvent(new Event('change', { bubbles: true })));
    expect(sent).toEqual([
      { type: 'setRecording', value: false },
      { type: 'clear' },
      { type: 'setPreserveLog', value: (root.querySelector('.preserve-log') as HTMLInputElement).checked, requestId: expect.any(Number) },
    ]);
    act(() => p.receive({ type: 'cleared', tabId: 7 }));
    expect(root.querySelector('.empty-state')).not.toBeNull();
  });

  it('shows drop and cut counters only when non-zero', () => {
    const p = open({ tabId: 7, transport: recorder().transport });
    act(() => p.receive(emptySnapshot().message));
    act(() => p.receive(append(scenarioFrames(normal, 'none').slice(0, 3)).message));
    expect(root.querySelector('.dropped')).toBeNull();
    expect(root.querySelector('.cut')).toBeNull();
    act(() => p.receive({ type: 'status', dropped: 12, cut: 3, rejected: 0, ignored: 0, preserveLog: true, recording: false }));
    expect(root.querySelector('.dropped')?.textContent).toBe('12 frames dropped');
    expect(root.querySelector('.cut')?.textContent).toBe('3 frames cut');
    expect(root.querySelector('.record')?.textContent).toBe('❚❚ Paused');
  });

  it('counts findings per severity in the toolbar', async () => {
    open();
    await importFile('broken.jsonl', example('flat-block-broken.jsonl'));
    const errors = Number(root.querySelector('.count.sev-error')?.textContent?.split(' ')[0]);
    act(() => root.querySelector<HTMLButtonElement>('[data-tab="findings"]')!.click());
    const listed = root.querySelectorAll('.finding.sev-error').length;
    expect(errors).toBeGreaterThan(0);
    expect(errors).toBe(listed);
  });
});

describe('export', () => {
  it('redacts by default, previews what it replaces, and downloads the capture file through a Blob URL', async () => {
    const p = open({ tabId: 7, transport: recorder().transport });
    const secretFrame: Frame = { index: 0, connectionId: 'ws', time: 1, direction: 'out', kind: 'message', data: JSON.stringify({ type: 'subscribe', api_key: 'sk-live-1234567890abcdef' }) };
    act(() => {
      p.receive({
        ...emptySnapshot().message,
        capture: {
          connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1:8787/agent?token=abcdef123456', requestHeaders: { authorization: 'Bearer abc.def.ghi' } }],
          frames: [secretFrame],
        },
      });
    });
    click('.export');
    const dialog = root.querySelector('[role=dialog]') as HTMLElement;
    expect((dialog.querySelector('.redact') as HTMLInputElement).checked).toBe(true);
    const preview = [...dialog.querySelectorAll('.redactions li')].map((li) => li.textContent);
    expect(preview.some((t) => t?.startsWith('connections[0].requestHeaders.authorization'))).toBe(true);
    expect(preview.some((t) => t?.startsWith('frames[0].data'))).toBe(true);
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    let downloaded: string | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    click('.download');
    expect(downloaded).toMatch(/^agent-streams-.*\.asi\.json$/);
    const file = JSON.parse(await blob!.text());
    expect(file.format).toBe('agent-stream-inspector.capture');
    expect(file.redaction.applied).toBe(true);
    expect(JSON.stringify(file)).not.toContain('sk-live-1234567890abcdef');
    expect(JSON.stringify(file)).not.toContain('abc.def.ghi');
    expect(root.querySelector('[role=dialog]')).toBeNull();
  });
});

describe('exportText', () => {
  it('writes a capture file the readers read back, for the whole capture or one session', async () => {
    open();
    await importFile('reload.har', example('flat-block-reload.har'));
    const whole = readInput(panel!.exportText());
    expect(whole.format).toBe('capture');
    expect(whole.capture.frames.map((f) => f.data)).toEqual(readInput(example('flat-block-reload.har')).capture.frames.map((f) => f.data));
    const id = panel!.store.sessions.set.list[0]!.id;
    expect(readInput(panel!.exportText({ sessionId: id })).capture.connections).toHaveLength(2);
    expect(() => panel!.exportText({ sessionId: 'nope' })).toThrow('no session nope');
  });
});

describe('frame detail', () => {
  it('shows the selected frame as a JSON tree, what it built, and copies it as JSON', async () => {
    open();
    await importFile('turn.jsonl', example('flat-block-turn.jsonl'));
    const p = panel!;
    act(() => p.dispatch({ type: 'selectFrame', index: 7 }));
    const detail = root.querySelector('.frame-detail') as HTMLElement;
    // Frame numbers count from 1, as findings and the command-line tool do: index 7 is #8.
    expect(detail.querySelector('.detail-head')?.textContent).toContain('#8 ↓ received · content_block_start');
    expect([...detail.querySelectorAll('.json-key')].map((k) => k.textContent)).toContain('"tool_content_message": ');
    expect(detail.querySelector('.frame-items')?.textContent).toContain('Tìm kiếm tin tức thị trường');
    // The rendering is scrubbed to frame 7: the final answer has not arrived yet.
    expect(root.querySelector('.rendering .text-final')).toBeNull();
    expect(root.querySelector('.scrub-note')?.textContent).toBe(' as of frame #8 show latest');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await act(async () => {
      (detail.querySelector('.copy-json') as HTMLButtonElement).click();
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(JSON.parse(example('flat-block-turn.jsonl').split('\n')[7]!), null, 2));
    click('.live');
    expect(root.querySelector('.rendering .text-final')).not.toBeNull();
  });

  it('falls back to a selected textarea when the clipboard is refused', async () => {
    open();
    await importFile('turn.jsonl', example('flat-block-turn.jsonl'));
    act(() => panel!.dispatch({ type: 'selectFrame', index: 0 }));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    let copied: string | undefined;
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      value: (command: string) => {
        copied = command === 'copy' ? (document.activeElement as HTMLTextAreaElement | null)?.value ?? (document.querySelector('textarea') as HTMLTextAreaElement | null)?.value : undefined;
        return true;
      },
    });
    await act(async () => {
      (root.querySelector('.copy-json') as HTMLButtonElement).click();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(copied).toBe(JSON.stringify({ type: 'message_start', message: { message_type: 'chat' } }, null, 2));
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('theme', () => {
  it('follows the DevTools theme when given, else the system colour scheme', () => {
    open({ theme: 'dark' });
    expect(root.firstElementChild?.classList.contains('theme-dark')).toBe(true);
    act(() => panel?.unmount());
    vi.spyOn(window, 'matchMedia').mockImplementation((q: string) => ({ matches: q === '(prefers-color-scheme: dark)' }) as MediaQueryList);
    open();
    expect(root.firstElementChild?.classList.contains('theme-dark')).toBe(true);
    act(() => panel?.unmount());
    open({ theme: 'default' });
    expect(root.firstElementChild?.classList.contains('theme-light')).toBe(true);
    act(() => panel?.setTheme('dark'));
    expect(root.firstElementChild?.classList.contains('theme-dark')).toBe(true);
  });
});
