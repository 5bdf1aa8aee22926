// Agreement with Google's official client, `@google/genai` 3.3, run where it runs for chat front ends
// and where this machine can (it declares Node ≥ 22): bundled into a page (esbuild) in Chromium, reading
// each real Gemini recording (../shared/corpus-pending) and the demo's Gemini streams from a loopback
// server on the API's own route. What the client gives (the chunks' text, their thoughts, the function
// calls of the chunks) must be what the Gemini fold shows: the same text and thoughts, the same calls
// by name, and the same arguments for calls the client gets whole (a call whose arguments stream as
// `partialArgs` the client hands over in pieces, which the fold joins). Where the client throws, the
// inspector reports an error naming the client. On a long decode over several requests, the requests
// the client sends (by itself, or by the page's hand with automaticContinuation off) and the text it
// shows are what the inspector reads of the same requests.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { clientPageRoutes } from './support/client-page';
import { readBody, startTestServer, type TestServer } from './support/server';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import type { GenaiResult } from './pages/genai-client-page';
import { check } from '../../src/api/check';
import type { Frame } from '../../src/model/frame';
import { requestCapture } from '../../src/analysis/tool-loop/test-support';
import { geminiStream } from '../../src/analysis/tool-loop/gemini-support';

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

/**
 * A long decode over several requests (Gemini 4): the first request's response stops at the per-request
 * cap (finishReason CONTINUATION) or is cut, and a request that sends a continuationToken back gets the
 * rest. `first` ends without a finishReason where the connection is cut.
 */
interface LongCase {
  id: string;
  first: object[];
  /** The continuationToken of the second request the client sends, or none (it sends one request). */
  resumesWith?: string;
  /** The page continues by hand (`automaticContinuation: false`, then `config.continuationToken`). */
  manual?: boolean;
}
const hop = (parts: object[], extra: object = {}) => ({ candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion: 'gemini-2.5-flash' });
const UP_TO_CHECKPOINT = [hop([{ text: 'Part one, ' }]), hop([{ text: 'checkpoint. ' }], { continuationToken: 'tok-1' })];
const REST = [hop([{ text: ' and the rest.' }]), hop([{ text: '' }], { finishReason: 'STOP' })];
const LONG: LongCase[] = [
  { id: 'continuation', first: [...UP_TO_CHECKPOINT, hop([{ text: 'end of one' }], { finishReason: 'CONTINUATION', continuationToken: 'tok-2' })], resumesWith: 'tok-2' },
  { id: 'continuation-token-only-at-checkpoint', first: [...UP_TO_CHECKPOINT, hop([{ text: 'end of one' }], { finishReason: 'CONTINUATION' })], resumesWith: 'tok-1' },
  { id: 'continuation-without-any-token', first: [hop([{ text: 'Part one. ' }]), hop([{ text: 'end of one' }], { finishReason: 'CONTINUATION' })] },
  { id: 'cut-after-checkpoint', first: [...UP_TO_CHECKPOINT, hop([{ text: 'end of one' }])], resumesWith: 'tok-1' },
  { id: 'continuation-by-hand', first: [...UP_TO_CHECKPOINT, hop([{ text: 'end of one' }], { finishReason: 'CONTINUATION', continuationToken: 'tok-2' })], resumesWith: 'tok-2', manual: true },
];
/** The request bodies each long case's server received, in order. */
const received = new Map<string, unknown[]>();
const sseOf = (payloads: readonly object[]) => payloads.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('');

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
      ...Object.fromEntries(
        LONG.map((c) => [
          `/case/${c.id}${ROUTE}`,
          (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
            void readBody(req).then((text) => {
              const sent = JSON.parse(text) as { continuationToken?: unknown };
              received.set(c.id, [...(received.get(c.id) ?? []), sent]);
              res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).end(sseOf(sent.continuationToken === undefined ? c.first : REST));
            });
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

async function throughClient(c: { id: string; manual?: boolean }): Promise<GenaiResult> {
  const page = await browser.context.newPage();
  try {
    await page.goto(`${server.origin}/?case=${encodeURIComponent(c.id)}${c.manual ? '&manual=1' : ''}`);
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

describe('@google/genai 3.3 in a page on a long decode over several requests', () => {
  // The capture as the panel would hold it: each request the client sent, with the stream that answered
  // it; a cut first response ends with its connection's close.
  function inspected(c: LongCase, sent: readonly unknown[]) {
    const capture = requestCapture(geminiStream, sent.map((body, i) => ({ body, answer: i === 0 ? c.first : REST })));
    if (c.id.startsWith('cut-')) {
      const last = capture.frames.filter((f) => f.connectionId === 'req-1').at(-1)!;
      const closeFrame: Frame = { index: last.index + 1, connectionId: 'req-1', time: last.time, direction: 'in', kind: 'close', data: '' };
      capture.frames = [...capture.frames.slice(0, last.index + 1), closeFrame, ...capture.frames.slice(last.index + 1).map((f) => ({ ...f, index: f.index + 1 }))];
    }
    const sessions = splitSessions(capture, protocols);
    const text = sessions.flatMap((x) => x.pipeline.view().items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text)).join('');
    return { text, findings: check(capture).flatMap((r) => r.findings) };
  }

  it.each(LONG)('$id: the requests the client sends, and the text it shows, are what the inspector says', async (c) => {
    received.delete(c.id);
    const client = await throughClient(c);
    expect(client.ok, JSON.stringify(client)).toBe(true);
    const sent = received.get(c.id) ?? [];
    // The client resumes with the token the inspector's line or finding names, or sends one request.
    expect(sent.map((b) => (b as { continuationToken?: unknown }).continuationToken)).toEqual(c.resumesWith ? [undefined, c.resumesWith] : [undefined]);
    const ours = inspected(c, sent);
    if (client.ok) expect(ours.text).toBe(client.text);
    const rules = ours.findings.map((f) => `${f.severity} ${f.rule}`);
    if (c.resumesWith === 'tok-2') expect(rules).toEqual([]);
    else if (c.id === 'cut-after-checkpoint') {
      expect(rules).toEqual(['error gemini/stream-cut']);
      expect(ours.findings[0]?.message).toContain('@google/genai 3.3 resumes from the response\'s latest checkpoint');
    } else {
      expect(rules).toEqual(['warning gemini/continuation-without-token']);
      expect(ours.findings[0]?.message).toContain(c.resumesWith ? '@google/genai continues from the response\'s latest checkpoint token' : '@google/genai cannot either');
    }
  }, 60_000);
});
