// Agreement with Google's official client, `@google/genai` 3.3, run where it runs for chat front ends
// and where this machine can (it declares Node ≥ 22): bundled into a page (esbuild) in Chromium, reading
// each real Gemini recording (../shared/corpus-pending) and the demo's Gemini streams from a loopback
// server on the API's own route. What the client gives (the chunks' text, their thoughts, the function
// calls of the chunks) must be what the Gemini fold shows: the same text and thoughts, the same calls
// by name, and the same arguments for calls the client gets whole (a call whose arguments stream as
// `partialArgs` the client hands over in pieces, which the fold joins). Where the client throws, the
// inspector reports an error naming the client.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { clientPageRoutes } from './support/client-page';
import { startTestServer, type TestServer } from './support/server';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import type { GenaiResult } from './pages/genai-client-page';

const ROOT = path.resolve(__dirname, '../..');
const ROUTE = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';

interface Case {
  id: string;
  /** The SSE body the server streams. */
  body: () => string;
  valid: boolean;
}

const recording = (name: string): Case => ({
  id: name,
  valid: true,
  body: () =>
    fs
      .readFileSync(path.join(PENDING_DIR, 'vercel-ai', `${name}.jsonl`), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => `data: ${l}\n\n`)
      .join(''),
});
const demo = (file: string): Case => ({ id: file, valid: file.startsWith('valid-'), body: () => fs.readFileSync(path.join(ROOT, 'src/protocols/gemini/testdata', file), 'utf8') });

const RECORDINGS = [
  'google_google-text',
  'google_google-reasoning',
  'google_google-reasoning-gemini3',
  'google_google-tool-call',
  'google_google-tool-call-gemini3',
  'google_google-stream-no-args-tool-call',
  'google_google-stream-tool-call-arguments',
  'google_google-stream-tool-call-array-arguments-missing-terminal-function-call',
  'google_google-vertex-stream-tool-call-arguments-nested.1',
].map(recording);
const DEMO = ['valid-thought-text-calls.sse', 'invalid-unfinished-call.sse'].map(demo);
/**
 * The demo's valid stream with one field of the wrong type in every chunk: the client checks nothing, so
 * it reads on. Fields only the API's types describe are a warning and no error; a part's text that is a
 * number the AI SDK's provider rejects (test/unit/gemini-aisdk-agreement.test.ts), and this client skips.
 */
const variant = (id: string, from: RegExp, to: string, valid: boolean): Case => ({ id, valid, body: () => demo('valid-thought-text-calls.sse').body().replace(from, to) });
const VARIANTS = [
  variant('role-a-number', /"role":"model"/g, '"role":5', true),
  variant('model-version-a-number', /"modelVersion":"gemini-2\.5-flash"/g, '"modelVersion":2.5', true),
  variant('index-a-string', /"index":0/g, '"index":"0"', true),
  variant('text-a-number', /\{"text":"Let me check "\}/, '{"text":5}', false),
];
const cases = [...DEMO, ...VARIANTS, ...(HAS_PENDING ? RECORDINGS : [])];

let browser: LaunchedBrowser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      ...(await clientPageRoutes(path.join(__dirname, 'pages/genai-client-page.ts'), 'genai')),
      ...Object.fromEntries(
        cases.map((c) => [
          `/case/${c.id}${ROUTE}`,
          (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
            req.resume();
            res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).end(c.body());
          },
        ]),
      ),
    },
  });
  browser = await launchBrowser({ extension: false });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function throughClient(c: Case): Promise<GenaiResult> {
  const page = await browser.context.newPage();
  try {
    await page.goto(`${server.origin}/?case=${encodeURIComponent(c.id)}`);
    await page.waitForFunction(() => window.__genaiResult !== undefined, null, { timeout: 20_000 });
    return (await page.evaluate(() => window.__genaiResult))!;
  } finally {
    await page.close();
  }
}

function throughInspector(c: Case) {
  const sessions = splitSessions(readInput(c.body()).capture, protocols);
  expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['gemini']);
  const pipeline = sessions[0]!.pipeline;
  const items = pipeline.view().items;
  return {
    text: items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text).join(''),
    thoughts: items.filter((i): i is ReasoningItem => i.kind === 'reasoning').map((i) => i.text).join(''),
    tools: items.filter((i): i is ToolItem => i.kind === 'tool'),
    findings: pipeline.findings(),
  };
}

async function agree(c: Case): Promise<void> {
  const ours = throughInspector(c);
  const client = await throughClient(c);
  if (!client.ok) {
    expect(ours.findings.filter((f) => f.severity === 'error' && /@google\/genai/.test(f.message)), `${c.id}: the client threw ${client.error}`).not.toEqual([]);
    return;
  }
  if (c.valid) expect(ours.findings.filter((f) => f.severity === 'error'), c.id).toEqual([]);
  expect(ours.text).toBe(client.text);
  expect(ours.thoughts).toBe(client.thoughts);
  // Calls by name, in order: the client's named calls (a streamed call names itself in its first piece).
  expect(ours.tools.map((t) => t.name)).toEqual(client.calls.filter((call) => call.name).map((call) => call.name));
  // Calls the client got whole carry the same arguments.
  const whole = client.calls.filter((call) => call.name && !call.partial);
  for (const call of whole) expect(ours.tools.find((t) => t.name === call.name)?.input, `${c.id}: ${call.name}`).toEqual(call.args ?? {});
}

describe('@google/genai 3.3 in a page agrees with the Gemini fold', () => {
  it.each(DEMO)("the demo's stream $id", async (c) => agree(c), 60_000);
  it.each(VARIANTS)("the demo's stream with a field of the wrong type: $id", async (c) => {
    expect(c.body()).not.toBe(demo('valid-thought-text-calls.sse').body());
    await agree(c);
  }, 60_000);
  it.skipIf(!HAS_PENDING).each(RECORDINGS)(needsShared('the real recording $id', HAS_PENDING, 'corpus-pending'), async (c) => agree(c), 60_000);

  it("the client itself reads the demo stream's text and calls, so the comparison compares something", async () => {
    const result = await throughClient(DEMO[0]!);
    expect(result.ok && result.text.length > 0 && result.calls.some((call) => call.name === 'get_weather')).toBe(true);
  }, 60_000);
});
