// Every protocol session the demo serves (besides flat-block), clean and buggy, through the real
// extension: the panel must list a session of that protocol and render the fixture's text, and the
// exported file must be detected as that protocol and check clean, or break exactly the rules the
// buggy fixture file itself breaks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { protocolSessions, type ProtocolSession } from '../../demo/protocols/index';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { renderText } from '../../src/model/render-text';
import { protocols } from '../../src/protocols/registry';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { openPanel, openSessionList, settledFrames, tabIdOf } from './support/panel-page';

const ROOT = path.resolve(__dirname, '../..');

interface Run {
  name: string;
  session: ProtocolSession;
  buggy: boolean;
  fixture: string;
}
interface CheckedSession {
  file: string;
  protocol: string;
  findings: Array<{ rule: string; severity: string }>;
}

// A session that spans requests (a Gemini long decode) has a test of its own: panel-long-decode.test.ts;
// so has one the page fetches in a worker, out of the capture's reach: panel-network-streams.test.ts.
const runs: Run[] = protocolSessions.filter((session) => session.continued === undefined && !session.worker).flatMap((session) =>
  [false, true].map((buggy) => ({
    name: `${session.key ?? session.id} over ${session.transport}${buggy ? ' (buggy)' : ''}`,
    session,
    buggy,
    fixture: buggy ? session.buggyFixture : session.fixture,
  })),
);

let browser: LaunchedBrowser;
let server: DemoServer;
let outDir: string;
/** `check --json` of each fixture file, by its path relative to the project root. */
const fixtureChecks = new Map<string, CheckedSession[]>();

function check(files: string[]): CheckedSession[] {
  const cli = spawnSync('node', [path.join(ROOT, 'bin/agent-stream-inspector.mjs'), 'check', '--json', ...files], { cwd: ROOT, encoding: 'utf8' });
  if (cli.status === 2 || !cli.stdout.trim().startsWith('[')) throw new Error(`CLI failed (${cli.status}): ${cli.stderr}${cli.stdout}`);
  return JSON.parse(cli.stdout) as CheckedSession[];
}

const problemRules = (sessions: CheckedSession[]): string[] =>
  [...new Set(sessions.flatMap((s) => s.findings).filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.rule))].sort();

/** Rules that read several requests (the tool loop): a fixture file holds one stream and no request. */
const ACROSS_REQUESTS = /\/loop-/;
const streamRules = (sessions: CheckedSession[]) => problemRules(sessions).filter((r) => !ACROSS_REQUESTS.test(r));
/**
 * Demo fixtures whose reply asks the page to run tools (read from each file): Anthropic stop_reason
 * "tool_use", OpenAI Chat finish_reason "tool_calls", a Responses function_call (after the message, or made by a program), Gemini
 * functionCall parts, Cohere finish_reason "TOOL_CALL", Gemini Interactions status "requires_action". The
 * AG-UI and AI SDK fixtures give their tool results in the stream.
 */
const STALLS_WITH_REQUEST = new Map([
  ['src/protocols/anthropic/testdata/valid-thinking-tool.sse', 'anthropic/loop-stalled'],
  ['src/protocols/openai-chat/testdata/valid-reasoning-tools.sse', 'openai-chat/loop-stalled'],
  ['src/protocols/openai-responses/testdata/valid-reasoning-message-tool.sse', 'openai-responses/loop-stalled'],
  // The program's get_weather call, which the page runs (a program waits for its calls' outputs).
  ['src/protocols/openai-responses/testdata/valid-tools-hosted.sse', 'openai-responses/loop-stalled'],
  ['src/protocols/openai-responses/testdata/invalid-tools-hosted.sse', 'openai-responses/loop-stalled'],
  // The sub-agent's web_search call never gets its result.
  ['src/protocols/ag-ui/testdata/invalid-subagents.jsonl', 'agui/loop-stalled'],
  ['src/protocols/gemini/testdata/valid-thought-text-calls.sse', 'gemini/loop-stalled'],
  ['src/protocols/cohere/testdata/valid-thinking-tool-call.sse', 'cohere/loop-stalled'],
  ['src/protocols/gemini-interactions/testdata/valid-thought-text-call.sse', 'gemini-interactions/loop-stalled'],
]);
const loopRules = (sessions: CheckedSession[]) => problemRules(sessions).filter((r) => ACROSS_REQUESTS.test(r));

/**
 * A text the reference rendering of the fixture shows: its first assistant text, else its first
 * reasoning, tool label or raw frame.
 */
function expectedText(fixture: string): string {
  const capture = readInput(fs.readFileSync(path.join(ROOT, fixture), 'utf8')).capture;
  const lines = splitSessions(capture, protocols).flatMap((s) => renderText(s.pipeline.view()).split('\n').map((l) => l.trim()));
  const pick = (re: RegExp) => lines.map((l) => re.exec(l)?.[1]?.trim()).find((t) => t !== undefined && t !== '');
  const text = pick(/^assistant[^:]*: (.+)$/) ?? pick(/^thinking: (.+)$/) ?? pick(/^● \w+ — (.+?)(?: \([^)]*\))?$/) ?? pick(/^raw: (.+)$/);
  if (text === undefined) throw new Error(`${fixture}: nothing to look for in its rendering`);
  // One line of it is enough (the text renderer joins lines with ⏎).
  return text.split('⏎')[0]!;
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Plays the run on the demo page until the page's reader reports the end of the stream. */
async function play(run: Run): Promise<{ page: Page; tabId: number }> {
  const page = await browser.context.newPage();
  const key = run.session.key ?? `${run.session.id}/${run.session.transport}`;
  await page.goto(`${server.url}?protocol=${encodeURIComponent(key)}${run.buggy ? '&buggy=1' : ''}`);
  await page.click('#start');
  // SSE and line streams end with "stream ended"; the page closes a socket after 3 s of quiet.
  await page.waitForFunction(() => /stream ended|WebSocket closed|HTTP \d|failed:/.test(document.querySelector('#protocol-output > .muted')?.textContent ?? ''), null, {
    timeout: 15_000,
  });
  const status = (await page.locator('#protocol-output > .muted').textContent()) ?? '';
  if (/HTTP \d|failed:/.test(status)) throw new Error(`${run.name}: the page says ${status}`);
  return { page, tabId: await tabIdOf(browser, page) };
}

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-protocols-'));
  server = await startDemoServer({ port: 0, delayScale: 0 });
  browser = await launchBrowser();
  const fixtures = [...new Set(runs.map((r) => r.fixture))];
  // The CLI's reading of each fixture as the demo serves it: the demo ends every response (and the page
  // closes every socket), so the capture ends with the connection's close, which the file lacks. One run
  // of the CLI for them all (it checks each file on its own), rather than a Node start per fixture.
  const copies = new Map(fixtures.map((f) => [f, withClose(f)]));
  const checked = check([...copies.values()]);
  for (const [f, copy] of copies) fixtureChecks.set(f, checked.filter((s) => s.file === copy));
});

let copies = 0;
/** A copy of the fixture as a capture file whose connections end with a close frame. */
function withClose(fixture: string): string {
  const capture = readInput(fs.readFileSync(path.join(ROOT, fixture), 'utf8')).capture;
  const last = capture.frames.at(-1);
  for (const c of capture.connections) {
    capture.frames.push({ index: capture.frames.length, connectionId: c.id, time: (last?.time ?? 0) + 1, direction: 'in', kind: 'close', data: '' });
  }
  // Numbered: fixtures of two protocols can share a file name.
  const file = path.join(outDir, `fixture-${++copies}-${path.basename(fixture)}.asi.json`);
  fs.writeFileSync(file, JSON.stringify(toCaptureFile(capture, { redact: false })));
  return file;
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir && !process.env.KEEP_EXPORTS) fs.rmSync(outDir, { recursive: true, force: true });
});

describe.each(runs)('$name', (run) => {
  it('is captured, listed and rendered by the panel, and its export checks like its fixture', async () => {
    const { page, tabId } = await play(run);
    const frames = await settledFrames(browser, tabId);
    const panel = await openPanel(browser, tabId, frames.length);

    await openSessionList(panel);
    const session = panel.locator(`[data-testid="session"][data-protocol="${run.session.id}"]`);
    expect(await session.count()).toBe(1);
    await session.click();
    await expect.poll(() => panel.locator('[data-testid="rendering"] .protocol').textContent()).toBe(run.session.id);
    // Finished groups are drawn collapsed; the text may be a step inside one.
    // (Opening one re-renders the list, so always open the first one still closed.)
    const closed = panel.locator('[data-testid="rendering"] .group-header[aria-expanded="false"]');
    for (let n = await closed.count(); n > 0; n--) await closed.first().click();
    const text = normalise(expectedText(run.fixture));
    await expect.poll(async () => normalise((await panel.locator('[data-testid="rendering"]').textContent()) ?? '')).toContain(text);

    const file = path.join(outDir, `${run.session.id}-${run.session.transport}${run.buggy ? '-buggy' : ''}.asi.json`);
    fs.writeFileSync(file, await panel.evaluate(() => window.__asiExport!()));
    await panel.close();
    await page.close();

    const exported = check([file]);
    const ofProtocol = exported.filter((s) => s.protocol === run.session.id);
    expect(ofProtocol.length, `sessions of ${file}: ${exported.map((s) => s.protocol).join(', ')}`).toBe(1);
    const fixture = fixtureChecks.get(run.fixture)!;
    expect(fixture.map((s) => s.protocol)).toEqual([run.session.id]);
    if (run.buggy) {
      expect(streamRules(fixture).length).toBeGreaterThan(0);
      expect(streamRules(exported)).toEqual(streamRules(fixture));
    } else {
      expect(streamRules(exported)).toEqual([]);
    }
    // The capture also holds the page's request. Where the demo page shows a reply that asks for tools and
    // sends no follow-up — the stalled loop a real chat UI must not leave — its capture, unlike the bare
    // fixture, reports it. Over WebSocket the request is a socket frame, not a request body, so no
    // conversation is read from it.
    const stalls = run.session.transport === 'websocket' ? undefined : STALLS_WITH_REQUEST.get(run.fixture);
    expect(loopRules(exported)).toEqual(stalls ? [stalls] : []);
  }, 30_000);
});
