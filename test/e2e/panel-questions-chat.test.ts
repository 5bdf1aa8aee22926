// The questions a developer opens the panel with about a page's own traffic, asked in the real DevTools
// window with the built extension: when did the reply start, which session is mine, what did the page
// ask, what is each frame, do the panel's keys win over DevTools' own. Everything runs in the Agents
// panel's frame inside DevTools (not the standalone panel page), so what is checked is what a user
// meets. The questions about findings and the window's size are in panel-questions-findings.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame as PwFrame, Page } from 'playwright-core';
import { utf8Length } from '../../src/panel/store/frame-row';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { readBody, startTestServer, type TestServer } from './support/server';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';
import { chooseSession, exported, sessionsInPicker } from './support/panel-in-devtools';

const PROMPT = 'What is the weather in Hanoi?';
/** The server waits this long before it answers the chat request. */
const REPLY_DELAY_MS = 1600;
// Non-ASCII text, so a size in bytes differs from a size in characters.
const DELTAS = ['In Hà Nội it is', ' 31 °C and sunny.'];

let browser: LaunchedBrowser;
let server: TestServer;
let socketCount = 0;

// More DevTools internals (Chromium 156), as in support/devtools.ts. The tab is opened undocked
// (support/devtools-panel.ts): the window is all DevTools, so the viewport size is the DevTools window's size.
const DRAWER_SHOWN = `import('./ui/legacy/legacy.js').then((ui) => ui.InspectorView.InspectorView.instance().drawerVisible())`;

/** An OpenAI Chat Completions stream, as `data:` records. */
function chatChunks(): string[] {
  const chunk = (delta: object, finish: string | null = null) =>
    JSON.stringify({ id: 'chatcmpl-q1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] });
  return [chunk({ role: 'assistant', content: '' }), ...DELTAS.map((content) => chunk({ content })), chunk({}, 'stop'), '[DONE]'];
}

// The page: a chat request to an OpenAI-style endpoint (answered after REPLY_DELAY_MS), and two
// WebSockets to the same path, each carrying one short flat-block turn.
const PAGE = `<!doctype html><meta charset="utf-8"><title>Questions</title>
<script>
async function ask() {
  const res = await fetch('/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client': 'panel-questions' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [
      { role: 'system', content: 'You are a weather assistant.' },
      { role: 'user', content: ${JSON.stringify(PROMPT)} },
    ] }),
  });
  const reader = res.body.getReader();
  while (!(await reader.read()).done) {}
  document.body.dataset.chat = 'done';
}
function socket(n) {
  return new Promise((resolve) => {
    const ws = new WebSocket('ws://' + location.host + '/ws');
    let got = 0;
    ws.onmessage = () => { if (++got === 5) { ws.close(); } };
    ws.onclose = () => { document.body.dataset['ws' + n] = 'done'; resolve(); };
  });
}
</script><body>questions</body>`;

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/questions.html': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE);
      },
      '/v1/chat/completions': (req, res) => {
        void readBody(req).then(() => {
          setTimeout(() => {
            res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-request-id': 'req-q1' });
            for (const data of chatChunks()) res.write(`data: ${data}\n\n`);
            res.end();
          }, REPLY_DELAY_MS);
        });
      },
    },
    onWebSocket: (ws, req) => {
      if (!req.url?.startsWith('/ws')) return ws.close();
      const n = ++socketCount;
      const events = [
        { type: 'message_start', message: { message_type: 'chat' } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', is_final: true } },
        { type: 'content_block_delta', index: 0, delta: { text: `Socket ${n} says hello.` } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_stop' },
      ];
      for (const e of events) ws.send(JSON.stringify(e));
    },
  });
  browser = await launchBrowser({ devtools: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The frame numbers shown in the timeline's rows (the rows in the DOM: the list is virtualised). */
const rowIndexes = (panel: PwFrame) => panel.locator('[data-testid="frame-row"]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-index'))));

const seconds = (text: string | null): number => {
  const m = /^([\d.]+) (ms|s)$/.exec((text ?? '').trim());
  if (!m) throw new Error(`not a duration: ${text}`);
  return m[2] === 's' ? Number(m[1]) : Number(m[1]) / 1000;
};

describe.sequential('a chat page and two sockets, in the real DevTools panel', () => {
  let q: InDevTools;
  let chatSession = '';
  let chatConnection = '';

  beforeAll(async () => {
    q = await openWithPanel(browser, `${server.origin}/questions.html`);
    await q.page.evaluate(() => (window as unknown as { ask(): Promise<void> }).ask());
    await q.page.evaluate(() => (window as unknown as { socket(n: number): Promise<void> }).socket(1));
    await q.page.evaluate(() => (window as unknown as { socket(n: number): Promise<void> }).socket(2));
    // The chat connection's 5 records and each socket's open, 5 messages and close have reached the panel.
    await until(async () => (await exported(q.panel)).frames, (f) => f.filter((x) => x.kind === 'message').length >= 15 && f.filter((x) => x.kind === 'close').length >= 2, 'every frame in the panel');
    const { frames } = await exported(q.panel);
    chatConnection = frames.find((f) => f.kind === 'message' && f.data.includes('chat.completion.chunk'))!.connectionId;
    const sessions = await sessionsInPicker(q.panel);
    chatSession = sessions.find((s) => s.protocol === 'openai-chat')!.id;
  });

  it('1. shows the time to first token of a reply that starts after a known wait', async () => {
    await chooseSession(q.panel, chatSession);
    const ttft = q.panel.locator('[data-testid="metric-ttft"]');
    await expect.poll(() => ttft.getAttribute('data-value')).toMatch(/ s$/);
    const value = seconds(await ttft.getAttribute('data-value'));
    expect(value).toBeGreaterThanOrEqual(REPLY_DELAY_MS / 1000 - 0.1);
    expect(value).toBeLessThan(30);
    // The Time column counts from the request, so the first record received does not say "0 ms".
    const { frames } = await exported(q.panel);
    const firstMessage = frames.find((f) => f.connectionId === chatConnection && f.kind === 'message' && f.direction === 'in')!;
    const time = await q.panel.locator(`[data-testid="frame-row"][data-index="${firstMessage.index}"] .col-time`).textContent();
    expect(time).not.toBe('0 ms');
    expect(seconds(time)).toBeGreaterThanOrEqual(REPLY_DELAY_MS / 1000 - 0.1);
  });

  it('2. scopes the timeline to the session picked, and "All sessions" shows every frame again', async () => {
    const sessions = await sessionsInPicker(q.panel);
    // The first option is "All sessions"; the sockets are told apart by name.
    expect(sessions[0]!.id).toBe('');
    const first = sessions.find((s) => s.connections.trim() === 'WS /ws');
    const second = sessions.find((s) => s.connections.trim() === 'WS /ws (2)');
    expect(first, JSON.stringify(sessions)).toBeDefined();
    expect(second, JSON.stringify(sessions)).toBeDefined();
    const { frames } = await exported(q.panel);
    for (const chosen of [first!, second!]) {
      await chooseSession(q.panel, chosen.id);
      const indexes = await rowIndexes(q.panel);
      const connections = new Set(indexes.map((i) => frames.find((f) => f.index === i)!.connectionId));
      expect(connections.size).toBe(1);
      const own = frames.filter((f) => f.connectionId === [...connections][0]);
      expect(indexes.sort((a, b) => a - b)).toEqual(own.map((f) => f.index));
      expect(Number(await q.panel.locator('[data-testid="match-count"]').getAttribute('data-count'))).toBe(own.length);
      // Its rendering is its own turn.
      const text = await q.panel.locator('[data-testid="rendering"]').textContent();
      expect(text).toContain(`Socket ${chosen === first ? 1 : 2} says hello.`);
      expect(text).not.toContain(`Socket ${chosen === first ? 2 : 1} says hello.`);
    }
    await q.panel.locator('[data-testid="session-button"]').click();
    await q.panel.locator('[data-testid="session"]').first().click();
    await expect.poll(() => q.panel.locator('[data-testid="session-button"]').getAttribute('data-scope')).toBe('');
    await expect.poll(async () => Number(await q.panel.locator('[data-testid="match-count"]').getAttribute('data-count'))).toBe(frames.length);
  });

  it("3. shows the prompt from the request body as the user's turn, and the request itself", async () => {
    await chooseSession(q.panel, chatSession);
    await q.panel.locator('[data-tab="rendering"]').click();
    await expect.poll(() => q.panel.locator('[data-testid="rendering"] .user-message').first().textContent()).toBe(PROMPT);
    // The system message is not the user's turn.
    expect(await q.panel.locator('[data-testid="rendering"] .user-message').count()).toBe(1);
    expect(await q.panel.locator('[data-testid="rendering"]').textContent()).toContain(DELTAS.join(''));

    await q.panel.locator('[data-tab="request"]').click();
    const view = q.panel.locator('[data-testid="request-view"]');
    const row = (name: string) => view.locator('.kv-row', { has: q.panel.locator(`dt:text-is("${name}")`) }).first().locator('dd');
    expect(await row('Request URL').textContent()).toBe(`${server.origin}/v1/chat/completions`);
    expect(await row('Method').textContent()).toBe('POST');
    expect(await row('Status').textContent()).toBe('200');
    expect(await row('x-client').textContent()).toBe('panel-questions');
    expect(await row('x-request-id').textContent()).toBe('req-q1');
    expect(await view.locator('.prompt-text').textContent()).toBe(PROMPT);
    expect(await view.textContent()).toContain('You are a weather assistant.');
  });

  it('4. names each OpenAI Chat frame, sizes it in bytes and numbers frames from 1', async () => {
    await chooseSession(q.panel, chatSession);
    const { frames } = await exported(q.panel);
    const messages = frames.filter((f) => f.connectionId === chatConnection && f.kind === 'message');
    const cells = async (index: number) => {
      const row = q.panel.locator(`[data-testid="frame-row"][data-index="${index}"]`);
      return { event: await row.locator('.col-type').textContent(), size: await row.locator('.col-size').textContent(), num: await row.locator('.col-num').textContent() };
    };
    const shown = [];
    for (const f of messages) shown.push(await cells(f.index));
    // The short labels (the full event names are the cells' tooltips).
    expect(shown.map((c) => c.event)).toEqual(['role: assistant', 'Δ text', 'Δ text', 'finish: stop', '[DONE]']);
    for (const [i, f] of messages.entries()) {
      expect(shown[i]!.size).toBe(`${utf8Length(f.data)} B`);
      expect(shown[i]!.num).toBe(String(f.index + 1));
    }
    // A delta with non-ASCII text: bytes, not characters.
    expect(utf8Length(messages[1]!.data)).toBeGreaterThan(messages[1]!.data.length);
    // No row of any session says only "(json)".
    await q.panel.locator('[data-testid="session-button"]').click();
    await q.panel.locator('[data-testid="session"]').first().click();
    const events = await q.panel.locator('[data-testid="frame-row"] .col-type').allTextContents();
    expect(events.length).toBeGreaterThan(0);
    expect(events).not.toContain('(json)');
    // The tab's first frame is #1.
    const firstRow = q.panel.locator('[data-testid="frame-row"]').first();
    expect(await firstRow.getAttribute('data-index')).toBe('0');
    expect(await firstRow.locator('.col-num').textContent()).toBe('1');
  });

  it('6a. has no todo column for a protocol without todos', async () => {
    await chooseSession(q.panel, chatSession);
    await q.panel.locator('[data-tab="rendering"]').click();
    await q.panel.locator('[data-testid="rendering"]').waitFor();
    expect(await q.panel.locator('.todo-panel').count()).toBe(0);
    expect(await q.panel.locator('.rendering-body.with-todos').count()).toBe(0);
  });

  it("7. Ctrl+F focuses the panel's filter, not DevTools' find bar; Escape closes the export dialog", async () => {
    const { frontend, panel } = q;
    await frontend.bringToFront();
    // Focus inside the panel, on a timeline row.
    await panel.locator('[data-testid="frame-row"]').first().click();
    expect(await panel.evaluate(() => document.activeElement?.matches('input.filter-text'))).toBe(false);
    await frontend.keyboard.press('Control+f');
    await expect.poll(() => panel.evaluate(() => document.activeElement?.matches('input.filter-text') ?? false)).toBe(true);
    expect(await devtoolsSearchBarShown(frontend)).toBe(false);
    // Typing goes to the filter and the match count follows.
    await frontend.keyboard.type('type:finish');
    await expect.poll(() => panel.locator('[data-testid="match-count"]').textContent()).toMatch(/^1 \/ \d+$/);
    await frontend.keyboard.press('Escape');
    expect(await panel.locator('input.filter-text').inputValue()).toBe('');

    // The same key with DevTools' own tab strip focused opens DevTools' find bar: the check above can tell.
    await frontend.locator('.tabbed-pane-header-tab.selected').first().click();
    await frontend.keyboard.press('Control+f');
    await expect.poll(() => devtoolsSearchBarShown(frontend)).toBe(true);
    await frontend.keyboard.press('Escape');
    await expect.poll(() => devtoolsSearchBarShown(frontend)).toBe(false);
    const drawerBefore = await frontend.evaluate<boolean>(DRAWER_SHOWN);

    await panel.locator('button.export').click();
    const dialog = panel.locator('[role=dialog]');
    await dialog.waitFor();
    await frontend.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Escape in the panel is the panel's: DevTools' console drawer stays as it was.
    expect(await frontend.evaluate<boolean>(DRAWER_SHOWN)).toBe(drawerBefore);
  });
});

/** Whether DevTools' own search bar (of the panel shown) is open. */
async function devtoolsSearchBarShown(frontend: Page): Promise<boolean> {
  return frontend.locator('.search-bar:visible').count().then((n) => n > 0);
}
