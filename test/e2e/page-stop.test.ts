// A chat's Stop button aborts the request (AbortController) or cancels the body it reads
// (`reader.cancel()`): the panel shows the turn stopped by the page, with what arrived, and no failure
// and no error; the same turn cut by the network shows as a failed turn. A page that aborts once it read
// the end marker stopped nothing: the turn shows whole, and the timeline names the abort a release,
// not a stop. Real fetches from a page to a server on 127.0.0.1, the built extension, the panel.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { hubFrames, openPanel, settledFrames, tabIdOf } from './support/panel-page';
import { startTestServer, type TestServer } from './support/server';

let browser: LaunchedBrowser;
let server: TestServer;

const EVENTS = [
  { type: 'RUN_STARTED', threadId: 't-1', runId: 'r-1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm-1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-1', delta: 'Hello wor' },
];

const PAGE = `<!doctype html><meta charset="utf-8"><title>Stop</title>
<script>
// Reads a POST's stream, handing the text so far to \`onText\` after each read (which may stop the read
// and end it with a value of its own). Resolves with how the read ended.
async function readStream(path, body, onText) {
  const controller = new AbortController();
  const res = await fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { accept: 'text/event-stream', 'content-type': 'application/json' }, signal: controller.signal });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'done';
      text += decoder.decode(value, { stream: true });
      const ended = await onText(text, controller, reader);
      if (ended) return ended;
    }
  } catch (err) {
    return err.name;
  }
}

// An AG-UI run: once "Hello wor" arrived, stops the way a chat's Stop button does, or has the server
// drop the connection and reads on until the stream fails.
function run(path, stop) {
  return readStream(path, { threadId: 't-1', runId: 'r-1', messages: [] }, (text, controller) => {
    if (text.includes('Hello wor')) stop ? controller.abort() : fetch('/drop');
  });
}

// An OpenAI Chat completion: 'cancel' cancels the body once "Hello wor" arrived, as a Stop button
// wired to the reader does; 'after-done' reads to [DONE], then aborts to free the connection the
// server holds open and reads once more.
function chat(path, mode) {
  return readStream(path, { model: 'gpt-x', stream: true, messages: [{ role: 'user', content: 'Say hello' }] }, async (text, controller, reader) => {
    if (mode === 'cancel' && text.includes('Hello wor')) {
      await reader.cancel();
      return 'cancelled';
    }
    if (mode === 'after-done' && text.includes('[DONE]')) controller.abort();
  });
}

// Two AG-UI runs of one thread, each on its own connection, which the server holds open after the
// run's end: the page keeps reading the second run and, once its first text arrived, aborts the first
// run's request to free that connection (as a client that frees the previous request does), then lets
// the second run finish.
async function twoRuns() {
  let first;
  // The first read goes on after the run's end, waiting on the connection, as an SSE reader loop does.
  let firstEnded;
  const firstRead = new Promise((resolve) => (firstEnded = resolve));
  readStream('/agui-first', { threadId: 't-2', runId: 'r-1', messages: [] }, (text, controller) => {
    first = controller;
    if (text.includes('RUN_FINISHED')) firstEnded();
  });
  await firstRead;
  let freed = false;
  return readStream('/agui-second', { threadId: 't-2', runId: 'r-2', messages: [] }, async (text) => {
    if (!freed && text.includes('Second par')) {
      freed = true;
      first.abort();
      await fetch('/finish-second');
    }
    if (text.includes('RUN_FINISHED')) return 'read';
  });
}
</script><body>stop</body>`;

/** Events as SSE records. */
const sse = (events: readonly object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

const chatChunk = (delta: object, finish: string | null = null) => ({ id: 'c-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }] });

/** An OpenAI Chat stream, cut after "Hello wor" or whole up to [DONE]; either way the server holds the connection open. */
function chatStream(res: http.ServerResponse, whole: boolean): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunks = whole ? [chatChunk({ role: 'assistant', content: '' }), chatChunk({ content: 'Hello world' }), chatChunk({}, 'stop')] : [chatChunk({ role: 'assistant', content: '' }), chatChunk({ content: 'Hello wor' })];
  res.write(`${sse(chunks)}${whole ? 'data: [DONE]\n\n' : ''}`);
}

/** The second run of twoRuns, held after its first text until the page asks for the rest. */
let second: http.ServerResponse | undefined;

/** The stream of the run the page reads, held open until the page stops it or asks for the drop. */
let held: http.ServerResponse | undefined;

function stream(res: http.ServerResponse): void {
  held = res;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(sse(EVENTS));
}

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/stop.html': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE),
      '/run': (_req, res) => stream(res),
      '/chat-cut': (_req, res) => chatStream(res, false),
      '/chat-whole': (_req, res) => chatStream(res, true),
      '/agui-first': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(sse([
          { type: 'RUN_STARTED', threadId: 't-2', runId: 'r-1' },
          { type: 'TEXT_MESSAGE_START', messageId: 'm-1', role: 'assistant' },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-1', delta: 'First answer.' },
          { type: 'TEXT_MESSAGE_END', messageId: 'm-1' },
          { type: 'RUN_FINISHED', threadId: 't-2', runId: 'r-1' },
        ]));
      },
      '/agui-second': (_req, res) => {
        second = res;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(sse([{ type: 'RUN_STARTED', threadId: 't-2', runId: 'r-2' }, { type: 'TEXT_MESSAGE_START', messageId: 'm-2', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-2', delta: 'Second par' }]));
      },
      '/finish-second': (_req, res) => {
        second?.write(sse([{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-2', delta: 't, done.' }, { type: 'TEXT_MESSAGE_END', messageId: 'm-2' }, { type: 'RUN_FINISHED', threadId: 't-2', runId: 'r-2' }]));
        res.writeHead(204).end();
      },
      // Asked once the page has read the events: a reset then loses none of them.
      '/drop': (_req, res) => {
        held?.socket?.destroy();
        res.writeHead(204).end();
      },
    },
  });
  browser = await launchBrowser();
});

/** Pages and panels a test opened: closed after it, passed or failed, so one failure does not spill into the next test. */
const opened: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const p of opened.splice(0)) await p.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs the page's read of `path` (its `run`, or its `chat` in `mode`) and opens the panel on everything its tab captured. */
async function captured(path: string, stop: boolean | 'cancel' | 'after-done') {
  const page = await browser.context.newPage();
  opened.push(page);
  await page.goto(`${server.origin}/stop.html`);
  const tabId = await tabIdOf(browser, page);
  type Reads = { run(p: string, s: boolean): Promise<string>; chat(p: string, m: string): Promise<string> };
  const ended = await page.evaluate(([p, s]) => (typeof s === 'boolean' ? (window as unknown as Reads).run(p, s) : (window as unknown as Reads).chat(p, s)), [path, stop] as const);
  // The read's end (a close or an error) reaches the hub with a later batch than the text may.
  for (let i = 0; i < 100 && !(await hubFrames(browser, tabId)).some((f) => f.kind === 'close' || f.kind === 'error'); i++) await new Promise((r) => setTimeout(r, 100));
  const frames = await settledFrames(browser, tabId);
  const panel = await openPanel(browser, tabId, frames.length);
  opened.push(panel);
  return { page, panel, frames, ended };
}

/** The panel shows the page's stop: the Stopped line under the text that arrived, no error, state `stopped`. */
async function expectStopped(panel: Awaited<ReturnType<typeof captured>>['panel']): Promise<void> {
  const rendering = panel.locator('[data-testid="rendering"]');
  await rendering.locator('[data-testid="stopped-item"]').waitFor();
  expect(await rendering.locator('[data-testid="stopped-item"]').textContent()).toBe('Stopped: the page aborted the request, as a Stop button does');
  expect(await rendering.textContent()).toContain('Hello wor');
  expect(await rendering.locator('.error-item').count()).toBe(0);
  expect(await panel.locator('[data-testid="count-error"]').textContent()).toBe('0 errors');
  expect(await panel.locator('.session-state').first().textContent()).toBe('stopped');
}

/** The timeline's row of the page's abort. */
function abortRow(panel: Awaited<ReturnType<typeof captured>>['panel'], frames: readonly { kind: string; data: string; index: number }[]) {
  const abort = frames.find((f) => f.kind === 'error' && f.data.startsWith('AbortError'));
  expect(abort).toBeDefined();
  return panel.locator(`[data-testid="timeline"] [data-testid="frame-row"][data-index="${abort!.index}"]`);
}

/**
 * The timeline and the frame's detail name the abort as the page letting go of the connection, not as
 * a stop, as the rendering shows none.
 */
async function expectReleased(panel: Awaited<ReturnType<typeof captured>>['panel'], frames: readonly { kind: string; data: string; index: number }[]): Promise<void> {
  const row = abortRow(panel, frames);
  expect(await row.textContent()).toContain('released by the page');
  expect(await row.textContent()).not.toContain('stopped by the page');
  await row.click();
  await panel.locator('[data-testid="frame-detail"] [data-testid="released-by-page"]').waitFor();
}

describe('a turn the page stopped', () => {
  it('shows as stopped by the page, with its text, and no error', async () => {
    const { panel, frames, ended } = await captured('/run', true);
    expect(ended).toBe('AbortError');
    expect(frames.some((f) => f.kind === 'error' && f.data.startsWith('AbortError'))).toBe(true);
    await expectStopped(panel);
    expect(await abortRow(panel, frames).textContent()).toContain('stopped by the page');
  });

  it('while the same turn cut by the network shows as a failed turn, with its error', async () => {
    const { panel, frames, ended } = await captured('/run', false);
    expect(ended).toBe('TypeError');
    expect(frames.some((f) => f.kind === 'error' && !f.data.startsWith('AbortError'))).toBe(true);
    const rendering = panel.locator('[data-testid="rendering"]');
    await rendering.locator('.error-item').waitFor();
    expect(await rendering.locator('.error-item').textContent()).toMatch(/^Turn failed: /);
    expect(await rendering.locator('[data-testid="stopped-item"]').count()).toBe(0);
    expect(await panel.locator('[data-testid="count-error"]').textContent()).not.toBe('0 errors');
    expect(await panel.locator('.session-state').first().textContent()).toBe('failed');
  });

  it('a body the page cancels mid-answer (reader.cancel()) shows as stopped by the page too, with its text, and no error', async () => {
    const { panel, frames, ended } = await captured('/chat-cut', 'cancel');
    expect(ended).toBe('cancelled');
    expect(frames.some((f) => f.kind === 'close' && f.data === 'cancelled by the page')).toBe(true);
    await expectStopped(panel);
    // The timeline names the cancel as it names an abort, not as a plain close.
    const last = panel.locator('[data-testid="timeline"] [data-testid="frame-row"]').last();
    expect(await last.textContent()).toContain('stopped by the page');
  });
});

describe('a turn the page let go of after it ended', () => {
  it('an abort after [DONE], the server holding the connection open, shows the whole answer: no stop, done, no error', async () => {
    const { panel, frames, ended } = await captured('/chat-whole', 'after-done');
    expect(ended).toBe('AbortError');
    expect(frames.some((f) => f.kind === 'message' && f.data.trim() === '[DONE]')).toBe(true);
    expect(frames.some((f) => f.kind === 'error' && f.data.startsWith('AbortError'))).toBe(true);
    const rendering = panel.locator('[data-testid="rendering"]');
    await rendering.getByText('Hello world').waitFor();
    expect(await panel.locator('.session-state').first().textContent()).toBe('done');
    expect(await rendering.locator('[data-testid="stopped-item"]').count()).toBe(0);
    expect(await rendering.locator('.error-item').count()).toBe(0);
    expect(await panel.locator('[data-testid="count-error"]').textContent()).toBe('0 errors');
    await expectReleased(panel, frames);
  });
});

describe('the page letting go of an earlier run\'s connection while the next run streams', () => {
  it('shows both answers whole: no stop inside the streaming run, done, no error', async () => {
    const page = await browser.context.newPage();
    opened.push(page);
    await page.goto(`${server.origin}/stop.html`);
    const tabId = await tabIdOf(browser, page);
    expect(await page.evaluate(() => (window as unknown as { twoRuns(): Promise<string> }).twoRuns())).toBe('read');
    // The first connection's abort and the second run's end, both captured.
    for (let i = 0; i < 100; i++) {
      const frames = await hubFrames(browser, tabId);
      if (frames.some((f) => f.kind === 'error' && f.data.startsWith('AbortError')) && frames.filter((f) => f.kind === 'message' && f.data.includes('RUN_FINISHED')).length === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const frames = await settledFrames(browser, tabId);
    // The abort came between the second run's first text and its end.
    const abortAt = frames.findIndex((f) => f.kind === 'error' && f.data.startsWith('AbortError'));
    expect(abortAt).toBeGreaterThan(frames.findIndex((f) => f.data.includes('Second par')));
    expect(abortAt).toBeLessThan(frames.findIndex((f) => f.data.includes('t, done.')));
    const panel = await openPanel(browser, tabId, frames.length);
    opened.push(panel);
    const rendering = panel.locator('[data-testid="rendering"]');
    await rendering.getByText('Second part, done.').waitFor();
    expect(await rendering.textContent()).toContain('First answer.');
    expect(await rendering.locator('[data-testid="stopped-item"]').count()).toBe(0);
    expect(await rendering.locator('.error-item').count()).toBe(0);
    expect(await panel.locator('[data-testid="count-error"]').textContent()).toBe('0 errors');
    expect(await panel.locator('.session-state').first().textContent()).toBe('done');
    await expectReleased(panel, frames);
  });
});
