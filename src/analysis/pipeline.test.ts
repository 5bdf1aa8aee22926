import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../model/frame';
import { SessionPipeline } from './pipeline';
import { readInput } from '../readers/read-input';
import { protocols } from '../protocols/registry';
import type { ProtocolDefinition } from '../protocols/types';
import type { ViewModel } from '../model/view';
import { FOLD_FAULT_RULE, PIPELINE_RULES } from './pipeline-rules';

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

  it('takes the best guess when a stream ends undecided, reports nothing as the end, and still follows a later decisive frame', () => {
    // An AI SDK UI stream cut after its first part: `start` alone is not decisive.
    const undecided = [frame(0, { type: 'start' })];
    const p = feed(undecided);
    expect(p.protocol).toBe('unknown');
    p.guess();
    expect(p.protocol).toBe('aisdk-ui');
    expect(p.findings()).toEqual([]);
    // finish() would report the missing end; guess() does not, since the session may go on.
    const ended = feed(undecided);
    ended.finish();
    expect(ended.findings().map((f) => f.rule)).toEqual(['aisdk/missing-finish']);
    // The guess is not certain: the next stream's decisive frame decides.
    p.append(frame(1, { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } }));
    expect(p.protocol).toBe('anthropic');
  });

  it('keeps unknown frames unknown when nothing scored', () => {
    const p = feed([frame(0, { hello: 'world' })]);
    p.guess();
    expect(p.protocol).toBe('unknown');
  });

  it('honours an explicit protocol choice', () => {
    const p = new SessionPipeline(protocols, { protocol: 'flat-block' });
    p.append(frame(0, { hello: 'world' }));
    expect(p.protocol).toBe('flat-block');
    expect(p.findings().map((f) => f.rule)).toEqual(['flat/unknown-event']);
  });
});

describe('SessionPipeline fold isolation', () => {
  // A protocol whose fold has a bug: it throws on any frame carrying `boom`.
  const fragile: ProtocolDefinition = {
    id: 'ag-ui',
    title: 'fragile',
    rules: [],
    detectFrame: () => 1,
    createFold() {
      const model: ViewModel = { protocol: 'ag-ui', items: [], todos: null, streaming: true };
      return {
        apply({ frame, json }) {
          if (json && typeof json === 'object' && 'boom' in json) throw new TypeError('Cannot convert object to primitive value');
          model.items.push({ kind: 'text', id: `t${frame.index}`, frames: [frame.index], text: frame.data, part: false, final: false, brand: false });
        },
        finish() {
          throw new Error('finish bug');
        },
        view: () => model,
      };
    },
  };

  it('turns the frame a fold throws on into a fault item with a finding, and folds the frames after it', () => {
    const p = new SessionPipeline([fragile]);
    const frames = [frame(0, { a: 1 }), frame(1, { boom: true }), frame(2, { a: 2 }), frame(3, { boom: 1 }), frame(4, { a: 3 })];
    for (const f of frames) p.append(f);
    p.finish();
    expect(p.view().items.map((i) => `${i.kind}:${i.id}`)).toEqual(['text:t0', 'raw:fault-1', 'text:t2', 'raw:fault-3', 'text:t4']);
    expect(p.view().items[1]).toMatchObject({ text: '{"boom":true}', frames: [1] });
    const faults = p.findings().filter((f) => f.rule === FOLD_FAULT_RULE);
    expect(faults.map((f) => [f.severity, f.frames, f.at])).toEqual([
      ['error', [1], 1],
      ['error', [3], 3],
      ['error', [], 4],
    ]);
    expect(faults[0]?.message).toContain('TypeError: Cannot convert object to primitive value');
    // Scrubbing shows the faults up to the chosen frame only.
    expect(p.viewAt(2).items.map((i) => i.id)).toEqual(['t0', 'fault-1', 't2']);
    expect(p.viewAt(0).items.map((i) => i.id)).toEqual(['t0']);
  });

  it('shows a cut payload it throws on as cut, as every raw item does', () => {
    // A payload the capture cut where it still parses (a real cut seldom does, but the fold may throw on any).
    const data = `{"boom":1,"pad":"${'y'.repeat(10)}"}`;
    const p = new SessionPipeline([fragile]);
    p.append({ ...frame(0, {}), data, truncated: { originalLength: 90_000 } });
    p.finish();
    expect(p.view().items[0]).toMatchObject({ kind: 'raw', id: 'fault-0', text: `${data}… (cut by the capture at ${data.length} of 90000 characters)` });
  });

  it('registers the fault rule at error severity', () => {
    expect(PIPELINE_RULES).toEqual([expect.objectContaining({ id: 'pipeline/fold-fault', severity: 'error' })]);
  });
});

describe('SessionPipeline folding frames in batches', () => {
  const snapshot = (p: SessionPipeline) => JSON.stringify({ view: p.view(), findings: p.findings() });
  const inputs = ['examples/flat-block-reload.har', 'examples/flat-block-broken.jsonl', 'src/protocols/flat-block/testdata/valid-question-turn.json'];

  it('reads the same whether it is read after every frame or only at the end', () => {
    for (const file of inputs) {
      const frames = framesOf(file);
      const eager = new SessionPipeline(protocols, { protocol: 'flat-block' });
      const seen: string[] = [];
      for (const f of frames) {
        eager.append(f);
        seen.push(snapshot(eager));
      }
      const lazy = new SessionPipeline(protocols, { protocol: 'flat-block' });
      frames.forEach((f, i) => {
        lazy.append(f);
        // Every third frame read: the frames waiting since the last read are folded first.
        if (i % 3 === 2) expect(snapshot(lazy), `${file} at ${i}`).toBe(seen[i]);
      });
      expect(snapshot(lazy), file).toBe(seen[seen.length - 1]);
    }
  });

  it('folds a session\'s waiting frames when another session appends, and in order', () => {
    const frames = framesOf('src/protocols/flat-block/testdata/valid-question-turn.json');
    const alone = new SessionPipeline(protocols, { protocol: 'flat-block' });
    for (const f of frames) alone.append(f);
    const [a, b] = [new SessionPipeline(protocols, { protocol: 'flat-block' }), new SessionPipeline(protocols, { protocol: 'flat-block' })];
    // The two sessions take turns, a few frames each, as connections of a capture do.
    for (let i = 0; i < frames.length; i += 4) {
      for (const f of frames.slice(i, i + 4)) a.append(f);
      for (const f of frames.slice(i, i + 4)) b.append(f);
    }
    expect(snapshot(a)).toBe(snapshot(alone));
    expect(snapshot(b)).toBe(snapshot(alone));
  });

  it('lets an observer read the view as of the frame before the one it is given', () => {
    const frames = framesOf('src/protocols/flat-block/testdata/valid-question-turn.json');
    const before: string[] = [];
    const p = new SessionPipeline(protocols, { protocol: 'flat-block', observe: (_decoded, pipeline) => before.push(JSON.stringify(pipeline.view())) });
    const eager = new SessionPipeline(protocols, { protocol: 'flat-block' });
    const expected: string[] = [];
    for (const f of frames) {
      expected.push(JSON.stringify(eager.view()));
      eager.append(f);
      p.append(f);
    }
    expect(before).toStrictEqual(expected);
  });
});

describe('frames the capture did not keep', () => {
  const run = (gap: boolean) => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nowhere', delta: 'x' },
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'save' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"a":' },
      // A TOOL_CALL_ARGS with the rest of the arguments came here; the capture's budget did not keep it.
      { type: 'TOOL_CALL_END', toolCallId: 'c' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const p = new SessionPipeline(protocols, { protocol: 'ag-ui' });
    events.forEach((e, i) => p.append({ ...frame(i, e), ...(gap && i === 4 && { notKeptBefore: 3 }) }));
    p.finish();
    return p.findings();
  };

  it('say so on the findings reported from the gap on, not before it', () => {
    const plain = run(false);
    const marked = run(true);
    // The same findings, at the same severities: the capture's hole is told, not judged.
    expect(marked.map((f) => [f.rule, f.severity, f.frames])).toEqual(plain.map((f) => [f.rule, f.severity, f.frames]));
    const before = marked.find((f) => f.at === 1)!;
    const after = marked.find((f) => f.rule === 'agui/tool-args-invalid-json')!;
    expect(before.message).toBe(plain.find((f) => f.at === 1)!.message);
    expect(after.at).toBe(4);
    expect(after.message).toBe(`${plain.find((f) => f.rule === 'agui/tool-args-invalid-json')!.message} (The capture did not keep 3 frames of this session, the last ones before frame 5: this may come from them.)`);
  });
});
