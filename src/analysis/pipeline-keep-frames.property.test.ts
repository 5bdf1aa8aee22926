// A pipeline that keeps no frames once its protocol is certain (keepFrames: false, the command line's
// one-pass analysis) must show the same view and findings as one that keeps them all, whatever the
// frames: any protocol's fixtures, cut short, thinned out, mixed with noise, detected or chosen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../model/frame';
import { readInput } from '../readers/read-input';
import { protocols } from '../protocols/registry';
import type { ProtocolId } from '../protocols/types';
import { SessionPipeline, type PipelineOptions } from './pipeline';

const PROTOCOLS_DIR = path.resolve(import.meta.dirname, '../protocols');

const fixtures: { name: string; capture: Capture }[] = readdirSync(PROTOCOLS_DIR).flatMap((protocol) => {
  const dir = path.join(PROTOCOLS_DIR, protocol, 'testdata');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    try {
      return [{ name: `${protocol}/${name}`, capture: readInput(readFileSync(path.join(dir, name), 'utf8')).capture }];
    } catch {
      // Fixtures of unreadable inputs have no frames to fold.
      return [];
    }
  });
});

function run(capture: Capture, frames: readonly Frame[], options: PipelineOptions): SessionPipeline {
  const pipeline = new SessionPipeline(protocols, options);
  for (const c of capture.connections) pipeline.addConnection(c);
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return pipeline;
}

const noise = fc.oneof(fc.constant('not json'), fc.json(), fc.constant('{"type":"RUN_STARTED","threadId":"t","runId":"r"}'), fc.constant('data: [DONE]'));

describe('SessionPipeline keepFrames: false', () => {
  it('has fixtures of every protocol to test with', () => {
    expect(new Set(fixtures.map((f) => f.name.split('/')[0])).size).toBe(protocols.length);
  });

  it('gives the same view and findings as keeping every frame', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtures),
        fc.array(fc.boolean(), { maxLength: 400 }),
        fc.array(fc.tuple(fc.nat(400), noise), { maxLength: 4 }),
        fc.option(fc.constantFrom(...protocols.map((p) => p.id as ProtocolId)), { nil: undefined }),
        ({ capture }, skip, extra, protocol) => {
          const kept = capture.frames.filter((_, i) => skip[i] !== true);
          const frames: Frame[] = [...kept];
          for (const [at, data] of extra) frames.splice(Math.min(at, frames.length), 0, { connectionId: capture.connections[0]?.id ?? 'c', time: 0, direction: 'in', kind: 'message', data, index: 0 });
          const indexed = frames.map((f, index) => ({ ...f, index }));
          const chosen = protocol ? { protocol } : {};
          const all = run(capture, indexed, chosen);
          const lean = run(capture, indexed, { ...chosen, keepFrames: false });
          expect(lean.protocol).toBe(all.protocol);
          expect(lean.view()).toEqual(all.view());
          expect(lean.findings()).toEqual(all.findings());
          expect(lean.frameCount).toBe(all.frames.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps no frame after a decisive one, and says scrubbing is unavailable', () => {
    const capture = readInput(readFileSync(path.join(PROTOCOLS_DIR, 'ag-ui/testdata/valid-tool-call.sse'), 'utf8')).capture;
    const lean = run(capture, capture.frames, { keepFrames: false });
    expect(lean.protocol).toBe('ag-ui');
    expect(lean.frameCount).toBe(capture.frames.length);
    expect((lean as unknown as { received: Frame[] }).received).toHaveLength(0);
    expect(() => lean.frames).toThrow(/frames is unavailable: this pipeline was made with keepFrames: false/);
    expect(() => lean.viewAt(0)).toThrow(/viewAt is unavailable/);
    expect(() => lean.findingsAt(0)).toThrow(/findingsAt is unavailable/);
  });
});
