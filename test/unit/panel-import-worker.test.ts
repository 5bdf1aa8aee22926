// The panel's import through the import worker's code (run in this thread, its messages cloned as a
// worker's are) against the synchronous reading: the same frames, sessions, views and findings as
// `inspect` gives with the checks across requests, and the same waterfall track and time figures as
// the panel computed when it read the whole capture at once.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../src/api/inspect';
import { acrossSessionFindings } from '../../src/analysis/across-sessions';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { createStore, type PanelStore } from '../../src/panel/store/store';
import { applyEvent } from '../../src/panel/store/apply';
import { importFile } from '../../src/panel/import/import-file';
import { sessionMetrics } from '../../src/panel/store/session-metrics';
import { comparisonsOf } from '../../src/panel/components/history-live/comparisons';
import { generateFlatSession } from '../../bench/flat-session';
import { ROOT } from './panel-support';

/**
 * `whole`: parsed whole (files up to WHOLE_BYTES); `pieces`: read by the streaming reader; `first piece`:
 * the first rows from the file's first 100 bytes, then parsed whole (from 1 MB in the panel).
 */
type Reading = 'whole' | 'pieces' | 'first piece';

async function importThroughWorkerCode(text: string, name: string, reading: Reading = 'whole'): Promise<PanelStore> {
  const store = createStore();
  const run = importFile(store, new File([text], name), { worker: false, ...(reading === 'pieces' && { wholeBytes: 0 }), ...(reading === 'first piece' && { firstPieceBytes: 100 }) });
  expect(store.toolbar.importing.value).toBeDefined();
  await run.done;
  return store;
}

function importAtOnce(text: string, name: string): PanelStore {
  const store = createStore();
  applyEvent(store, { type: 'import', text, fileName: name });
  return store;
}

function inputs(): [string, string][] {
  const files = fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => /\.(har|jsonl)$/.test(f)).map((f) => path.join(ROOT, 'examples', f));
  const protocolsDir = path.join(ROOT, 'src/protocols');
  for (const id of fs.readdirSync(protocolsDir)) {
    const dir = path.join(protocolsDir, id, 'testdata');
    if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) files.push(path.join(dir, f));
  }
  return files.map((f) => [path.relative(ROOT, f), fs.readFileSync(f, 'utf8')]);
}

function expectSameImport(text: string, name: string, progressive: PanelStore): void {
  const atOnce = importAtOnce(text, name);
  expect(progressive.toolbar.importError.value).toBe(atOnce.toolbar.importError.value);
  expect(progressive.toolbar.importing.value).toBeUndefined();
  expect(progressive.log.all()).toEqual(atOnce.log.all());
  expect(progressive.untimed.value).toBe(atOnce.untimed.value);
  expect(progressive.status.value).toEqual(atOnce.status.value);
  if (atOnce.toolbar.importError.value !== undefined) return;
  const reference = inspect(text).sessions;
  const across = acrossSessionFindings(reference);
  const got = progressive.sessions.set.list;
  expect(got.map((s) => [s.id, s.key, s.connectionIds, s.pipeline.protocol])).toEqual(
    atOnce.sessions.set.list.map((s) => [s.id, s.key, s.connectionIds, s.pipeline.protocol]),
  );
  expect(got.map((s) => s.pipeline.view())).toEqual(reference.map((s) => s.pipeline.view()));
  // Each session's own findings from the worker; the checks across requests are the panel's, as on a live tab.
  expect(got.map((s) => s.pipeline.findings())).toEqual(reference.map((s) => s.pipeline.findings()));
  expect(got.map((s) => progressive.findings.across.of(s))).toEqual(reference.map((s) => across.get(s) ?? []));
  // The Conversation tab's conversations and the toolbar's counts (findings across requests counted once).
  const joined = (store: PanelStore) => store.findings.across.conversations().list.map((c) => [c.id, c.protocol, c.requests.length]);
  expect(joined(progressive)).toEqual(joined(atOnce));
  expect(progressive.findings.counts.value).toEqual(atOnce.findings.counts.value);
  atOnce.sessions.set.list.forEach((s, i) => {
    const mine = got[i]!;
    expect(mine.pipeline.frames).toEqual(s.pipeline.frames);
    // History against live, as the Rendering tab compares it.
    const compared = (session: typeof s, store: PanelStore) =>
      comparisonsOf(session, store.connections.value).map(({ session: _s, ...c }) => c);
    expect(compared(mine, progressive)).toEqual(compared(s, atOnce));
    expect(Array.from(mine.track.times.subarray(0, mine.track.length))).toEqual(Array.from(s.track.times.subarray(0, s.track.length)));
    expect(Array.from(mine.track.categories.subarray(0, mine.track.length))).toEqual(Array.from(s.track.categories.subarray(0, s.track.length)));
    expect(mine.track.laneIds).toEqual(s.track.laneIds);
    // The metrics snapshot reads the view and findings too: compared on the same ones.
    const figures = mine.metrics.snapshot(s.pipeline.view(), s.pipeline.findings());
    expect(figures).toEqual(s.metrics.snapshot(s.pipeline.view(), s.pipeline.findings()));
    expect(sessionMetrics(mine).frames).toBe(sessionMetrics(s).frames);
    // Scrubbing folds the session's frames here: the same rendering as of a frame in the middle.
    const middle = s.pipeline.frames[Math.floor(s.pipeline.frames.length / 2)];
    if (middle) expect(mine.pipeline.viewAt(middle.index)).toEqual(s.pipeline.viewAt(middle.index));
  });
}

describe('import through the worker', () => {
  describe.each<Reading>(['whole', 'pieces', 'first piece'])('read %s', (reading) => {
    it.each(inputs())('%s: the same frames, sessions, views, findings and figures as reading it at once', async (name, text) => {
      expectSameImport(text, name, await importThroughWorkerCode(text, path.basename(name), reading));
    });
  });

  it('a 20,000-frame capture arrives in batches, in order, and ends equal', async () => {
    const frames = generateFlatSession(20_000).slice(0, 20_000);
    // A broken event in the middle, so there is a finding to carry.
    frames[10_000] = { ...frames[10_000]!, data: '{"type":"content_block_delta","index":99,"delta":{"text":"x"}}' };
    const text = JSON.stringify(toCaptureFile({ connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws' }], frames }, { redact: false }));
    const store = createStore();
    const counts: number[] = [];
    const run = importFile(store, new File([text], 'big.asi.json'), { worker: false, wholeBytes: 0 });
    // Every batch the store takes: how many frames were in when it was drawn.
    const stopWatching = store.framesVersion.subscribe(() => counts.push(store.log.length));
    await run.done;
    stopWatching();
    // At most two batches ahead of the panel and at most 10,000 frames a batch: the panel holds part of the file at some point.
    expect(counts.some((n) => n > 0 && n < 20_000)).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expectSameImport(text, 'big.asi.json', store);
    expect(store.sessions.set.list[0]!.pipeline.findings().length).toBeGreaterThan(0);
  });

  it.each<Reading>(['whole', 'pieces', 'first piece'])('a file that is not an input says why, with its name (read %s)', async (reading) => {
    for (const text of ['{"not":"a capture"', '{"format":"agent-stream-inspector.capture","version":1,"frames":[{"index":"x"}]}', '   ']) {
      const store = await importThroughWorkerCode(text, 'broken.json', reading);
      expect(store.toolbar.importError.value).toBe(`broken.json: ${importAtOnce(text, 'broken.json').toolbar.importError.value?.replace(/^broken\.json: /, '')}`);
      expect(store.toolbar.importError.value).toMatch(/^broken\.json: ./);
      expect(store.toolbar.importing.value).toBeUndefined();
    }
  });

  it('another file opened during an import replaces it', async () => {
    const text = JSON.stringify(toCaptureFile({ connections: [{ id: 'ws', transport: 'websocket' }], frames: generateFlatSession(6000).slice(0, 6000) }, { redact: false }));
    const store = createStore();
    const first = importFile(store, new File([text], 'first.json'), { worker: false });
    const second = importFile(store, new File([fs.readFileSync(path.join(ROOT, 'examples/flat-block-turn.jsonl'), 'utf8')], 'flat-block-turn.jsonl'), { worker: false });
    await Promise.all([first.done, second.done]);
    expect(store.toolbar.fileName.value).toBe('flat-block-turn.jsonl');
    expectSameImport(fs.readFileSync(path.join(ROOT, 'examples/flat-block-turn.jsonl'), 'utf8'), 'flat-block-turn.jsonl', store);
  });

  it('the Conversation tab of an imported tool loop is there, with every request, also when it was drawn while the file was read', async () => {
    const text = fs.readFileSync(path.join(ROOT, 'examples/openai-tool-loop.har'), 'utf8');
    const store = createStore();
    const run = importFile(store, new File([text], 'openai-tool-loop.har'), { worker: false, wholeBytes: 0 });
    // The panel draws after each batch: the conversations read while the file was still coming in.
    const stopWatching = store.framesVersion.subscribe(() => store.findings.across.conversations());
    await run.done;
    stopWatching();
    const list = store.findings.across.conversations().list;
    expect(list.map((c) => [c.protocol, c.requests.length])).toEqual([['openai-chat', store.connections.value.size]]);
    expect(store.connections.value.size).toBeGreaterThan(1);
  });

  it.each<Reading>(['whole', 'pieces', 'first piece'])('an exported capture keeps its frame numbers, from 40 and with gaps (read %s)', async (reading) => {
    const frames = generateFlatSession(300)
      .slice(0, 300)
      .map((f, i) => ({ ...f, index: 40 + 2 * i }));
    const text = JSON.stringify(toCaptureFile({ connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws' }], frames }, { redact: false }));
    const store = await importThroughWorkerCode(text, 'session.asi.json', reading);
    expect(store.log.all().map((f) => f.index)).toEqual(frames.map((f) => f.index));
    expectSameImport(text, 'session.asi.json', store);
  });

  it('an imported reload has its history against live, as the panel compares it', async () => {
    // A flat-block turn streamed live, then the History API read after a reload that shows another text.
    const events: object[] = [
      { type: 'message_start', message: { message_type: 'chat' } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', is_final: true } },
      { type: 'content_block_delta', index: 0, delta: { text: 'Streamed live.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
      { messages: [{ role: 'assistant', message_type: 'chat', content: [{ type: 'text', text: 'Read back otherwise.', is_final: true }], display_type: 'content' }], agent_status: 'idle' },
    ];
    const text = events.map((e) => JSON.stringify(e)).join('\n');
    const store = await importThroughWorkerCode(text, 'reload.jsonl');
    expectSameImport(text, 'reload.jsonl', store);
    const comparisons = store.sessions.set.list.flatMap((s) => comparisonsOf(s, store.connections.value));
    expect(comparisons.filter((c) => c.difference)).toHaveLength(1);
    expect(store.sessions.set.list.flatMap((s) => store.findings.across.of(s).map((f) => f.rule))).toEqual(['flat/history-differs-from-live']);
  });

  it('a HAR import shows each session its time to first byte: from the request to the response headers', async () => {
    const text = fs.readFileSync(path.join(ROOT, 'examples/openai-tool-loop.har'), 'utf8');
    const store = await importThroughWorkerCode(text, 'openai-tool-loop.har');
    expect(store.sessions.set.list.length).toBeGreaterThan(0);
    for (const session of store.sessions.set.list) {
      const connection = store.connections.value.get(session.connectionIds[0]!)!;
      expect(connection.responseAt).toBeGreaterThan(connection.startedAt!);
      expect(sessionMetrics(session).firstByteMs).toBe(connection.responseAt! - connection.startedAt!);
    }
  });
});
