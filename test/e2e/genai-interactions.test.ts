// Agreement with Google's official client for the Gemini Interactions API, `@google/genai` 3.3's
// `ai.interactions.create({ stream: true })`, run where it runs for chat front ends and where this machine
// can (it declares Node ≥ 22): bundled into a page in Chromium with the extension loaded, reading each
// real Interactions recording (../shared/corpus-pending) and the demo's streams from a loopback server
// on the API's own route. What the page reads from the client's events (the text, the tool steps with
// their arguments, the final status) must be what the panel shows for the same stream: the same text,
// the same tools in the same state (the arguments as the panel's capture folds them),
// `missing-completed` exactly where no final status came, and no error where the client accepts the
// stream. Where the client throws (the connection dropped), the panel shows the turn failing; where the
// stream is broken, an error finding.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { clientPageRoutes } from './support/client-page';
import { panelFor, shownCutOffs, shownFailures, shownFindings, shownText, shownTools } from './support/client-panel';
import { readBody, startTestServer, type TestServer } from './support/server';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { splitSessions } from '../../src/analysis/sessions';
import type { ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { INTERACTIONS_RULES } from '../../src/protocols/gemini-interactions/rules';
import type { InteractionsResult } from './pages/genai-interactions-page';
import { requestCapture } from '../../src/analysis/tool-loop/test-support';
import { check as checkCapture } from '../../src/api/check';
import type { TextItem } from '../../src/model/view';

const ROOT = path.resolve(__dirname, '../..');
const ROUTE = '/v1beta/interactions';

interface Case {
  id: string;
  /** The SSE body the server streams. */
  body: () => string;
  valid: boolean;
  /** Drop the connection after the body instead of ending the response. */
  cut?: boolean;
}

/** A recording (one event per line) as the API streams it: each event named by its `event_type`. */
const recording = (name: string): Case => ({
  id: name,
  valid: true,
  body: () =>
    fs
      .readFileSync(path.join(PENDING_DIR, 'vercel-ai', `google_interactions_${name}.jsonl`), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => `event: ${(JSON.parse(l) as { event_type: string }).event_type}\ndata: ${l}\n\n`)
      .join(''),
});
const demo = (file: string): Case => ({
  id: file,
  valid: file.startsWith('valid-'),
  body: () => fs.readFileSync(path.join(ROOT, 'src/protocols/gemini-interactions/testdata', file), 'utf8'),
});

const RECORDINGS = ['basic', 'google-search', 'multi-turn-stateful-turn1', 'multi-turn-stateful-turn2', 'multi-turn-stateless-turn1', 'multi-turn-stateless-turn2', 'tool-call-step1', 'tool-call-step2'].map(recording);
const DEMO = ['valid-thought-text-call.sse', 'invalid-cut-short.sse'].map(demo);
// The demo's stream with the connection dropped in the middle of its text: the client throws.
const validDemo = DEMO[0]!.body();
const CUT: Case = { id: 'connection-dropped', valid: false, cut: true, body: () => validDemo.slice(0, validDemo.indexOf('event: step.stop', validDemo.indexOf('"model_output"'))) };
const cases = [...DEMO, CUT, ...(HAS_PENDING ? RECORDINGS : [])];

/**
 * A long decode over several requests: the first interaction completes with status
 * `requires_continuation`, with or without its continuation_token; a request sending a token back gets
 * the rest.
 */
const lifecycle = (status: string, token?: string) => ({ event_type: 'interaction.completed', interaction: { id: 'v1_long', status, object: 'interaction', model: 'gemini-2.5-flash', ...(token ? { continuation_token: token } : {}) } });
const outputEvents = (text: string) => [
  { event_type: 'step.start', index: 0, step: { type: 'model_output' } },
  { event_type: 'step.delta', index: 0, delta: { type: 'text', text } },
  { event_type: 'step.stop', index: 0 },
];
const started = { event_type: 'interaction.created', interaction: { id: 'v1_long', status: 'in_progress', object: 'interaction', model: 'gemini-2.5-flash' } };
const LONG = [
  { id: 'long-decode', first: [started, ...outputEvents('Part one'), lifecycle('requires_continuation', 'tok-1')], resumesWith: 'tok-1' },
  { id: 'long-decode-without-token', first: [started, ...outputEvents('Part one'), lifecycle('requires_continuation')] },
];
const LONG_REST = [started, ...outputEvents(' and two.'), lifecycle('completed')];
const longReceived = new Map<string, unknown[]>();
const eventsSse = (events: readonly object[]) => events.map((e) => `event: ${(e as { event_type: string }).event_type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

let browser: LaunchedBrowser;
let server: TestServer;
/** Responses held open until the page says it read them. */
const dropping = new Map<string, ServerResponse>();

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      ...(await clientPageRoutes(path.join(__dirname, 'pages/genai-interactions-page.ts'), 'interactions')),
      ...Object.fromEntries(
        cases.map((c) => [
          `/case/${c.id}${ROUTE}`,
          (req: IncomingMessage, res: ServerResponse) => {
            // Answered once the request is read whole: a socket destroyed with request bytes unread is
            // reset, and a reset can take the answer's bytes with it before the page reads them.
            req.resume().on('end', () => {
              res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
              if (!c.cut) return void res.end(c.body());
              // Destroyed once the page has read a delta of it: the response never ends, as when the
              // network drops.
              res.write(c.body());
              dropping.set(c.id, res);
            });
          },
        ]),
      ),
      ...Object.fromEntries(
        LONG.map((c) => [
          `/case/${c.id}${ROUTE}`,
          (req: IncomingMessage, res: ServerResponse) => {
            void readBody(req).then((text) => {
              const sent = JSON.parse(text) as { continuation_token?: unknown };
              longReceived.set(c.id, [...(longReceived.get(c.id) ?? []), sent]);
              res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).end(eventsSse(sent.continuation_token === undefined ? c.first : LONG_REST));
            });
          },
        ]),
      ),
      [`/case/${CUT.id}/seen`]: (_req, res) => {
        dropping.get(CUT.id)?.destroy();
        res.writeHead(204).end();
      },
    },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The tool calls of the session in the panel's own export, folded as the panel folds them. */
function exportedTools(exported: string): ToolItem[] {
  const sessions = splitSessions(readInput(exported).capture, protocols);
  expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['gemini-interactions']);
  return sessions[0]!.pipeline.view().items.filter((i): i is ToolItem => i.kind === 'tool');
}

/** Runs the client on `c`, holds the panel to it, and gives back what the client read. */
async function check(c: Case): Promise<InteractionsResult> {
  const page = await browser.context.newPage();
  await page.goto(`${server.origin}/?case=${encodeURIComponent(c.id)}${c.cut ? '&tell' : ''}`);
  await page.waitForFunction(() => window.__interactionsResult !== undefined, null, { timeout: 20_000 });
  const client = (await page.evaluate(() => window.__interactionsResult))!;
  const panel = await panelFor(browser, page, 'gemini-interactions');
  // The rendering first: the findings are another tab of the same pane.
  const text = await shownText(panel);
  const tools = await shownTools(panel);
  const failures = await shownFailures(panel);
  const cutOffs = await shownCutOffs(panel);
  const findings = await shownFindings(panel);
  const exported = await panel.evaluate(() => window.__asiExport!());
  await panel.close();
  await page.close();
  const errors = findings.filter((f) => f.severity === 'error');
  if (!client.ok) {
    // An error finding, or the turn shown failing where the connection itself failed (every protocol
    // shows a connection error so, with the cut stream's warnings beside it).
    expect([...errors.map((f) => f.rule), ...failures], `${c.id}: the client threw ${client.error}`).not.toEqual([]);
    return client;
  }
  expect(failures, c.id).toEqual([]);
  // No final status for the client is where the rendering ends cut off, without calling the turn failed
  // (the client read it quietly).
  expect(cutOffs, c.id).toEqual(client.completedStatus === undefined ? [INTERACTIONS_RULES.missingCompleted] : []);
  if (!c.valid) {
    // The client hands over a broken stream's events as they are; the panel names what is wrong.
    expect(errors, c.id).not.toEqual([]);
    return client;
  }
  expect(errors, c.id).toEqual([]);
  expect(text).toBe(client.text);
  // Each tool step is a tool the panel shows, in order: a function call by its name, a server tool by its
  // step type without `_call`; running until answered (the page answers function calls), then a success.
  expect(tools).toEqual(client.tools.map((t) => ({ name: t.name ?? t.type.replace(/_call$/, ''), status: t.answered ? 'success' : 'running' })));
  expect(exportedTools(exported).map((t) => t.input ?? {})).toEqual(client.tools.map((t) => t.arguments ?? {}));
  // No final status for the client is exactly where the panel says the stream was cut short.
  expect(findings.some((f) => f.rule === INTERACTIONS_RULES.missingCompleted), `${c.id}: final status ${client.completedStatus}`).toBe(client.completedStatus === undefined);
  return client;
}

const expectOk = (result: InteractionsResult) => {
  expect(result.ok).toBe(true);
  return result as Extract<InteractionsResult, { ok: true }>;
};

describe('@google/genai 3.3 Interactions in a page agree with the panel', () => {
  it.each(DEMO)("the demo's stream $id", async (c) => void (await check(c)), 60_000);
  it('the connection dropped in the middle of an answer: the client throws, the panel shows the turn failing', async () => {
    expect(await check(CUT)).toMatchObject({ ok: false, error: expect.stringMatching(/^APIConnectionError/) });
  }, 60_000);
  it.skipIf(!HAS_PENDING).each(RECORDINGS)(needsShared('the real recording $id', HAS_PENDING, 'corpus-pending'), async (c) => void (await check(c)), 60_000);

  it("the client itself reads the demo stream's text, call and status, so the comparison compares something", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/?case=${encodeURIComponent(DEMO[0]!.id)}`);
    await page.waitForFunction(() => window.__interactionsResult !== undefined, null, { timeout: 20_000 });
    const result = expectOk((await page.evaluate(() => window.__interactionsResult))!);
    await page.close();
    expect(result.text).toBe("I'll look up the weather.");
    expect(result.tools).toEqual([{ type: 'function_call', name: 'getWeather', arguments: { location: 'Paris' }, answered: false }]);
    expect(result.completedStatus).toBe('requires_action');
  }, 60_000);
});

describe('@google/genai 3.3 Interactions in a page on a long decode over several requests', () => {
  it.each(LONG)('$id: the requests the client sends, and the text it shows, are what the inspector says', async (c) => {
    longReceived.delete(c.id);
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/?case=${encodeURIComponent(c.id)}`);
    await page.waitForFunction(() => window.__interactionsResult !== undefined, null, { timeout: 20_000 });
    const client = expectOk((await page.evaluate(() => window.__interactionsResult))!);
    await page.close();
    const sent = longReceived.get(c.id) ?? [];
    expect(sent.map((b) => (b as { continuation_token?: unknown }).continuation_token)).toEqual(c.resumesWith ? [undefined, c.resumesWith] : [undefined]);
    // The capture as the panel holds it: each request the client sent, with the stream that answered it.
    const capture = requestCapture({ url: `https://generativelanguage.googleapis.com${ROUTE}`, named: true }, sent.map((body, i) => ({ body, answer: i === 0 ? c.first : LONG_REST })));
    const text = splitSessions(capture, protocols)
      .flatMap((x) => x.pipeline.view().items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text))
      .join('');
    expect(text).toBe(client.text);
    const findings = checkCapture(capture).flatMap((r) => r.findings.map((f) => `${f.severity} ${f.rule}`));
    expect(findings).toEqual(c.resumesWith ? [] : ['warning gemini-interactions/continuation-without-token']);
  }, 60_000);
});
