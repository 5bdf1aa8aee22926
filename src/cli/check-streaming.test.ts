// `check` analyses a file as it reads it (frames are not kept); its output must be byte for byte what
// reading the whole file into a Capture first gives. The collected path is forced by making the
// streaming analysis decline, as it does for inputs whose frames need sorting.
// @vitest-environment node
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli, tempFile } from './test-support';

const mode = vi.hoisted(() => ({ collect: false, streamed: 0 }));
/** The kinds of the items whose text `check` kept cut short in the latest run (see model/text-digest.ts). */
const cut = vi.hoisted(() => ({ items: new Set<object>() }));

vi.mock('../model/text-digest', async (importOriginal) => {
  const real = await importOriginal<typeof import('../model/text-digest')>();
  return {
    ...real,
    digests: (holder: object, current: string) => {
      const digested = real.digests(holder, current);
      if (digested) cut.items.add(holder);
      return digested;
    },
  };
});

function cutKinds(): string[] {
  return [...new Set([...cut.items].map((item) => (item as { kind: string }).kind))].sort();
}

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
  cut.items.clear();
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
    expect(cutKinds()).toEqual(['text']);
  });

  it.each(['same', 'different'] as const)('with a history read giving the %s text, in a second pass with whole texts', async (snapshot) => {
    const { streamed, collected, streamedCount } = await both(await tempFile(`long-${snapshot}.jsonl`, longAnswer(snapshot)));
    expect(streamedCount).toBe(2);
    expect(streamed).toBe(collected);
    const rules = (JSON.parse(streamed) as Array<{ findings: Array<{ rule: string }> }>).flatMap((r) => r.findings.map((f) => f.rule));
    expect(rules.includes('agui/history-differs-from-live')).toBe(snapshot === 'different');
  });
});

const TESTDATA = path.resolve(import.meta.dirname, '../protocols');

/**
 * A protocol's valid fixture with each event carrying one of `deltas` streamed instead as 300 deltas of
 * 100 characters (30,000 in all, past the head a cut-short text keeps). `separator` parts the events.
 */
function lengthened(fixture: string, deltas: readonly string[], separator: string): string {
  let events = readFileSync(path.join(TESTDATA, fixture), 'utf8').split(separator);
  for (const delta of deltas) {
    const quoted = JSON.stringify(delta);
    const at = events.findIndex((e) => e.includes(quoted));
    if (at < 0) throw new Error(`${fixture} has no event carrying ${quoted}`);
    const event = events[at] as string;
    const many = Array.from({ length: 300 }, (_, i) => event.replace(quoted, JSON.stringify(`part ${i} `.padEnd(100, '.'))));
    events = [...events.slice(0, at), ...many, ...events.slice(at + 1)];
  }
  return events.join(separator);
}

/** Each protocol that opted in: a realistic session of it whose answer (and reasoning, where it has one) is long. */
const LONG_SESSIONS = [
  { protocol: 'flat-block', file: 'long.jsonl', text: () => lengthened('flat-block/testdata/valid-turn.jsonl', ['tăng 2.69%.'], '\n'), kinds: ['text'] },
  { protocol: 'anthropic', file: 'long.sse', text: () => lengthened('anthropic/testdata/valid-thinking-tool.sse', ['call get_weather.', 'the weather.'], '\n\n'), kinds: ['reasoning', 'text'] },
  { protocol: 'openai-chat', file: 'long.sse', text: () => lengthened('openai-chat/testdata/valid-reasoning-tools.sse', ['I should call get_weather.', 'that for you.'], '\n\n'), kinds: ['reasoning', 'text'] },
  { protocol: 'aisdk-ui', file: 'long.sse', text: () => lengthened('aisdk-ui/testdata/valid-weather-tool.sse', ['I should call the tool.', 'It is 31 °C and sunny in Hanoi.'], '\n\n'), kinds: ['reasoning', 'text'] },
  { protocol: 'aisdk-data', file: 'long.txt', text: () => lengthened('aisdk-data/testdata/valid-reasoning-sources.txt', ['think.', 'Answer.'], '\n'), kinds: ['reasoning', 'text'] },
];

describe('check keeps a long streamed answer of every protocol that opted in cut short, with the same output', () => {
  it.each(LONG_SESSIONS)('$protocol', async ({ protocol, file, text, kinds }) => {
    const { streamed, collected, streamedCount } = await both(await tempFile(file, text()));
    expect(streamedCount).toBe(1);
    expect(streamed).toBe(collected);
    const results = JSON.parse(streamed) as Array<{ protocol: string }>;
    expect(results.map((r) => r.protocol)).toEqual([protocol]);
    // Fails if the fold stops opting in: its long texts would then be kept whole.
    expect(cutKinds()).toEqual(kinds);
  });
});

/** A flat-block turn streaming one answer of 30,000 characters in 300 deltas, then the History API response `history` gives. */
function longFlatBlockAnswer(history: 'same' | 'different'): string {
  const events: object[] = [{ type: 'message_start', message: { message_type: 'chat' } }, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', is_final: true } }];
  let text = '';
  for (let i = 0; i < 300; i++) {
    const delta = `part ${i} `.padEnd(100, '.');
    text += delta;
    events.push({ type: 'content_block_delta', index: 0, delta: { text: delta } });
  }
  events.push({ type: 'content_block_stop', index: 0 }, { type: 'message_stop' });
  // The texts differ only past the head a cut-short text keeps.
  const answer = history === 'same' ? text : `${text.slice(0, 20_000)}X`;
  events.push({ messages: [{ role: 'assistant', message_type: 'chat', content: [{ type: 'text', text: answer, is_final: true }], display_type: 'content' }], agent_status: 'idle' });
  return events.map((e) => JSON.stringify(e)).join('\n');
}

describe('check of a long flat-block answer read back from the History API', () => {
  it.each(['same', 'different'] as const)('giving the %s text: a second pass with whole texts', async (history) => {
    const { streamed, collected, streamedCount } = await both(await tempFile(`long-flat-${history}.jsonl`, longFlatBlockAnswer(history)));
    expect(streamedCount).toBe(2);
    expect(streamed).toBe(collected);
    const rules = (JSON.parse(streamed) as Array<{ findings: Array<{ rule: string }> }>).flatMap((r) => r.findings.map((f) => f.rule));
    expect(rules.includes('flat/history-differs-from-live')).toBe(history === 'different');
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
