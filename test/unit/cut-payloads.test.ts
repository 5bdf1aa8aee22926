// A payload the capture cut short (at the size bound, or past the page's payload budget) is not the
// server's fault: for every protocol, the frames of its valid fixture cut in half get no "not JSON"
// finding when they are marked cut, and do when they are not; the rendering shows each as cut.
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionPipeline } from '../../src/analysis/pipeline';
import type { Frame } from '../../src/model/frame';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';

const PROTOCOLS_DIR = join(__dirname, '../../src/protocols');
/** Rules that say a payload does not parse (or, for flat-block, "a frame that is not JSON"). */
const PARSE_RULE = /invalid-json$|^flat\/invalid-event$/;

function validFrames(id: string): Frame[] {
  const dir = join(PROTOCOLS_DIR, id, 'testdata');
  const file = readdirSync(dir).filter((f) => f.startsWith('valid-') && !f.endsWith('.har')).sort()[0]!;
  return readInput(readFileSync(join(dir, file), 'utf8')).capture.frames;
}

describe.each(protocols.map((p) => p.id))('%s', (id) => {
  it('reports no parse failure on a payload the capture cut, and does on the same payload unmarked', () => {
    const frames = validFrames(id);
    // Every other message frame long enough to cut loses its second half; the rest stay whole.
    let n = 0;
    const cut = new Set<number>();
    const input = frames.map((f) => {
      if (f.kind !== 'message' || f.data.length < 16 || n++ % 2 === 1) return f;
      cut.add(f.index);
      return { ...f, data: f.data.slice(0, Math.floor(f.data.length / 2)), truncated: { originalLength: f.data.length } };
    });
    expect(cut.size).toBeGreaterThan(0);
    const pipeline = new SessionPipeline(protocols, { protocol: id });
    for (const f of input) pipeline.append(f);
    pipeline.finish();
    const blamed = pipeline.findings().filter((f) => PARSE_RULE.test(f.rule) && f.frames.some((i) => cut.has(i)));
    expect(blamed).toEqual([]);
    // Each cut frame shows, as the start of its payload and where the capture cut it.
    const shown = JSON.stringify(pipeline.view());
    expect(shown.split('cut by the capture').length - 1).toBeGreaterThanOrEqual(1);
    expect(shown).not.toMatch(/cut by the capture at (\d+) of \1 /);
    // The same frames whole do get such a finding when they are not marked cut: the rule is live.
    const unmarked = new SessionPipeline(protocols, { protocol: id });
    for (const f of input) unmarked.append(cut.has(f.index) ? { ...f, truncated: undefined } : f);
    unmarked.finish();
    expect(unmarked.findings().some((f) => PARSE_RULE.test(f.rule))).toBe(true);
  });
});
