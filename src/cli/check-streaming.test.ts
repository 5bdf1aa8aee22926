// `check` analyses a file as it reads it (frames are not kept); its output must be byte for byte what
// reading the whole file into a Capture first gives. The collected path is forced by making the
// streaming analysis decline, as it does for inputs whose frames need sorting.
// @vitest-environment node
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli, tempFile } from './test-support';

const mode = vi.hoisted(() => ({ collect: false, streamed: 0 }));

vi.mock('../api/inspect-stream', async (importOriginal) => {
  const real = await importOriginal<typeof import('../api/inspect-stream')>();
  return {
    ...real,
    inspectStream: async (...args: Parameters<typeof real.inspectStream>) => {
      if (mode.collect) return undefined;
      const result = await real.inspectStream(...args);
      if (result) mode.streamed++;
      return result;
    },
  };
});

async function both(file: string): Promise<{ streamed: string; collected: string; streamedCount: number }> {
  mode.collect = false;
  mode.streamed = 0;
  const streamed = await runCli(['check', '--format', 'json', '--allow-unknown', file]);
  const streamedCount = mode.streamed;
  mode.collect = true;
  const collected = await runCli(['check', '--format', 'json', '--allow-unknown', file]);
  mode.collect = false;
  expect(streamed.code).toBe(collected.code);
  return { streamed: streamed.stdout, collected: collected.stdout, streamedCount };
}

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples');
const examples = readdirSync(EXAMPLES).filter((f) => /\.(jsonl|har|json|txt|sse)$/.test(f));

describe('check streams: the same output as collecting the whole capture first', () => {
  it.each(examples)('examples/%s', async (name) => {
    const { streamed, collected } = await both(path.join(EXAMPLES, name));
    expect(streamed).toBe(collected);
    expect(JSON.parse(collected).length).toBeGreaterThan(0);
  });

  it('JSON Lines are analysed as read, not collected', async () => {
    const { streamedCount } = await both(path.join(EXAMPLES, 'flat-block-broken.jsonl'));
    expect(streamedCount).toBe(1);
  });

  it('an input whose frames need sorting by time is read again and collected', async () => {
    const lines = [
      { time: 5, direction: 'in', event: { type: 'RUN_STARTED', threadId: 't', runId: 'r' } },
      { time: 1, direction: 'in', event: { type: 'RUN_FINISHED', threadId: 't', runId: 'r' } },
    ];
    const file = await tempFile('unsorted.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'));
    const { streamed, collected, streamedCount } = await both(file);
    expect(streamedCount).toBe(0);
    expect(streamed).toBe(collected);
  });

  it('made-up times corrected when a recorded time turns up later are analysed collected', async () => {
    const lines = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { time: 9, direction: 'in', event: { type: 'RUN_FINISHED', threadId: 't', runId: 'r' } }];
    const file = await tempFile('clock-later.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'));
    const { streamed, collected, streamedCount } = await both(file);
    expect(streamedCount).toBe(0);
    expect(streamed).toBe(collected);
  });
});

/** An AG-UI run streaming one answer of 30,000 characters in 300 deltas, then the history read `snapshot` gives. */
function longAnswer(snapshot: 'none' | 'same' | 'different'): string {
  const events: object[] = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }];
  let text = '';
  for (let i = 0; i < 300; i++) {
    const delta = `part ${i} `.padEnd(100, '.');
    text += delta;
    events.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta });
  }
  events.push({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' });
  // The texts differ only past the head a cut-short text keeps.
  if (snapshot !== 'none') events.push({ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'assistant', content: snapshot === 'same' ? text : `${text.slice(0, 20_000)}X` }] });
  return events.map((e) => JSON.stringify(e)).join('\n');
}

describe('check keeps a long streamed answer cut short, and reads the input again when a comparison needs it whole', () => {
  it('with no history read, in one pass', async () => {
    const { streamed, collected, streamedCount } = await both(await tempFile('long.jsonl', longAnswer('none')));
    expect(streamedCount).toBe(1);
    expect(streamed).toBe(collected);
  });

  it.each(['same', 'different'] as const)('with a history read giving the %s text, in a second pass with whole texts', async (snapshot) => {
    const { streamed, collected, streamedCount } = await both(await tempFile(`long-${snapshot}.jsonl`, longAnswer(snapshot)));
    expect(streamedCount).toBe(2);
    expect(streamed).toBe(collected);
    const rules = (JSON.parse(streamed) as Array<{ findings: Array<{ rule: string }> }>).flatMap((r) => r.findings.map((f) => f.rule));
    expect(rules.includes('agui/history-differs-from-live')).toBe(snapshot === 'different');
  });
});

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus');

function corpusFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return corpusFiles(full);
    return name.endsWith('.md') ? [] : [full];
  });
}

describe.skipIf(!existsSync(CORPUS))('check streams the corpus recordings like it collects them (skipped when ../shared/corpus is absent)', () => {
  it.each(corpusFiles(CORPUS).map((f) => path.relative(CORPUS, f)))('%s', async (name) => {
    const { streamed, collected } = await both(path.join(CORPUS, name));
    expect(streamed).toBe(collected);
  });
});
