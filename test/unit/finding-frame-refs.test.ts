// A finding's message names other frames by the number the panel (#N) and `check` (FILE:N) show beside
// it, the index plus one (model/frame-ref.ts): every "frame N" in a message is one of the finding's own
// frames. Held on every protocol's test data, the examples and, when present, the corpus of real recordings.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../src/api/inspect';
import { checkedFindings } from '../../src/api/check';
import { CORPUS_DIR, HAS_CORPUS, needsShared } from '../support/shared-dir';

const ROOT = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Each "frame N" a message names, against the frames the finding points at; a line per one that is not among them. */
function strayRefs(file: string): string[] {
  let sessions;
  try {
    ({ sessions } = inspect(readFileSync(file, 'utf8')));
  } catch {
    return []; // not an input `check` reads (a README, a test)
  }
  const findings = checkedFindings(sessions);
  const stray: string[] = [];
  let named = 0;
  for (const s of sessions) {
    for (const f of findings(s)) {
      for (const m of f.message.matchAll(/\bframe (\d+)\b/g)) {
        named++;
        if (!f.frames.includes(Number(m[1]) - 1)) stray.push(`${path.relative(ROOT, file)}: ${f.rule} names frame ${m[1]} but points at ${f.frames.map((i) => `#${i + 1}`).join(', ')}`);
      }
    }
  }
  counted += named;
  return stray;
}
let counted = 0;

const sse = (chunks: readonly unknown[]) => chunks.map((c) => `data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`).join('');

describe('frames named in finding messages', () => {
  it('are numbered as the panel and check number them, in the test data and the examples', () => {
    counted = 0;
    const files = [...readdirSync(path.join(ROOT, 'src/protocols')).flatMap((p) => {
      const dir = path.join(ROOT, 'src/protocols', p, 'testdata');
      try {
        return filesUnder(dir);
      } catch {
        return [];
      }
    }), ...filesUnder(path.join(ROOT, 'examples'))];
    expect(files.flatMap(strayRefs)).toEqual([]);
    expect(counted, 'some message names a frame').toBeGreaterThan(0);
  });

  // Streams that make the messages naming a second frame fire, where the test data has none.
  it.each([
    ['AI SDK UI', 'aisdk-ui', sse([{ type: 'start', messageId: 'm' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'finish-step' }, { type: 'text-delta', id: 't', delta: 'x' }, { type: 'start-step' }, { type: 'start-step' }, { type: 'tool-input-start', toolCallId: 'c', toolName: 'a' }, { type: 'tool-input-available', toolCallId: 'c', toolName: 'b', input: {} }, { type: 'tool-input-start', toolCallId: 'c', toolName: 'b' }, { type: 'finish' }, { type: 'text-end', id: 't' }, '[DONE]', { type: 'finish' }])],
    ['AI SDK v4 data', 'aisdk-data', ['f:{"messageId":"m"}', 'f:{"messageId":"m2"}', 'b:{"toolCallId":"c","toolName":"a"}', 'd:{"finishReason":"stop"}', '0:"late"', ''].join('\n')],
  ] as const)('%s: each message names frames it points at', (_name, protocol, text) => {
    counted = 0;
    const { sessions } = inspect(text, { protocol });
    const findings = checkedFindings(sessions);
    const named = sessions.flatMap((s) => findings(s)).flatMap((f) => [...f.message.matchAll(/\bframe (\d+)\b/g)].map((m) => ({ rule: f.rule, n: Number(m[1]), frames: f.frames })));
    expect(named.length).toBeGreaterThan(2);
    for (const { rule, n, frames } of named) expect(frames, `${rule} names frame ${n}`).toContain(n - 1);
  });

  it.skipIf(!HAS_CORPUS)(needsShared('are numbered as the panel and check number them, in the real recordings'), () => {
    expect(filesUnder(CORPUS_DIR).flatMap(strayRefs)).toEqual([]);
  });
});
