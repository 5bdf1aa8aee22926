import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../model/frame';
import { SessionPipeline } from './pipeline';
import { readInput } from '../readers/read-input';
import { protocols } from '../protocols/registry';

function framesOf(file: string): Frame[] {
  return readInput(readFileSync(file, 'utf8')).capture.frames;
}

function feed(frames: Frame[]): SessionPipeline {
  const p = new SessionPipeline(protocols);
  for (const f of frames) p.append(f);
  return p;
}

function frame(index: number, event: unknown, direction: 'in' | 'out' = 'in'): Frame {
  return { index, connectionId: 'ws', time: index, direction, kind: 'message', data: typeof event === 'string' ? event : JSON.stringify(event) };
}

describe('SessionPipeline scrubbing', () => {
  it('viewAt(n) and findingsAt(n) equal a pipeline that only ever saw frames 0..n', () => {
    for (const file of ['examples/flat-block-reload.har', 'examples/flat-block-broken.jsonl']) {
      const frames = framesOf(file);
      const full = feed(frames);
      // Scrub backwards and forwards, as a user dragging the selection does.
      const order = [...frames.keys()].reverse().concat([...frames.keys()]);
      for (const n of order) {
        const prefix = feed(frames.slice(0, n + 1));
        expect(full.viewAt(n), `${file} view at ${n}`).toEqual(prefix.view());
        expect(full.findingsAt(n), `${file} findings at ${n}`).toEqual(prefix.findings());
      }
      // Scrubbing never disturbs the live state.
      expect(full.view()).toEqual(feed(frames).view());
    }
  });
});

describe('SessionPipeline detection', () => {
  it('settles on flat-block at the first decisive frame and replays what came before', () => {
    const p = new SessionPipeline(protocols);
    p.append(frame(0, { type: 'content_block_delta', index: 0, delta: { text: 'orphan delta' } }));
    expect(p.protocol).toBe('unknown');
    expect(p.view().items).toHaveLength(1);
    p.append(frame(1, { type: 'group_start', index: 1 }));
    expect(p.protocol).toBe('flat-block');
    // The finding for frame 0 was made when its frame was replayed, and points at it.
    expect(p.findings()).toEqual([expect.objectContaining({ rule: 'flat/block-delta-without-start', frames: [0], at: 0 })]);
  });

  it('keeps unrecognised frames as raw items and makes no findings', () => {
    const p = feed([frame(0, { hello: 'world' }), frame(1, 'not json at all'), frame(2, [1, 2, 3])]);
    p.finish();
    expect(p.protocol).toBe('unknown');
    expect(p.view().items.map((i) => i.kind)).toEqual(['raw', 'raw', 'raw']);
    expect(p.findings()).toEqual([]);
  });

  it('settles on the best plausible protocol at the end of input', () => {
    const p = feed([frame(0, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'hi' } }), frame(1, { type: 'content_block_stop', index: 0 })]);
    expect(p.protocol).toBe('unknown');
    p.finish();
    expect(p.protocol).toBe('flat-block');
    expect(p.view().items).toEqual([expect.objectContaining({ kind: 'text', text: 'hi' })]);
  });

  it('honours an explicit protocol choice', () => {
    const p = new SessionPipeline(protocols, { protocol: 'flat-block' });
    p.append(frame(0, { hello: 'world' }));
    expect(p.protocol).toBe('flat-block');
    expect(p.findings().map((f) => f.rule)).toEqual(['flat/unknown-event']);
  });
});
