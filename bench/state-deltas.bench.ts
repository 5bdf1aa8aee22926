// AG-UI state deltas against the size of the state they patch: one session of a STATE_SNAPSHOT and 2,000
// one-operation STATE_DELTAs, on a small state and on a large one. A delta changes one value: the reference
// client copies the whole state for it (10 ms a delta at 600 KB), the fold copies only the objects and
// arrays along the delta's path (json-patch.ts). Medians of 5 rounds, the two sizes alternating.
import { performance } from 'node:perf_hooks';
import type { Frame } from '../src/model/frame';
import { SessionPipeline } from '../src/analysis/pipeline';
import { protocols } from '../src/protocols/registry';
import { median } from './protocols.bench';

export interface StateDeltaBench {
  smallStateBytes: number;
  largeStateBytes: number;
  /** Microseconds per delta, the whole session's pipeline time over its deltas. */
  smallUsPerDelta: number;
  largeUsPerDelta: number;
  ratio: number;
  findings: number;
}

const DELTAS = 2_000;

function session(items: number): { frames: Frame[]; bytes: number } {
  const state = { items: Array.from({ length: items }, (_, i) => ({ id: i, title: `item ${i}`, done: false, tags: ['a', 'b'] })), counter: 0, log: [] as number[] };
  const events: unknown[] = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'STATE_SNAPSHOT', snapshot: state }];
  for (let i = 0; i < DELTAS; i++) {
    // Alternately a value replaced at the top and one appended two levels down.
    events.push({ type: 'STATE_DELTA', delta: [i % 2 === 0 ? { op: 'replace', path: '/counter', value: i } : { op: 'add', path: `/items/${i % items}/tags/-`, value: 'c' }] });
  }
  events.push({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' });
  const frames = events.map((e, index): Frame => ({ index, connectionId: 'c', time: index, direction: 'in', kind: 'message', data: JSON.stringify(e) }));
  return { frames, bytes: JSON.stringify(state).length };
}

function usPerDelta(frames: readonly Frame[]): { us: number; findings: number } {
  const t = performance.now();
  const pipeline = new SessionPipeline(protocols, { protocol: 'ag-ui' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  const us = ((performance.now() - t) * 1000) / DELTAS;
  return { us, findings: pipeline.findings().length };
}

export function benchStateDeltas(rounds = 5): StateDeltaBench {
  const small = session(10);
  const large = session(10_000);
  // Warm-up: the JIT has compiled the fold before anything counts.
  usPerDelta(small.frames);
  usPerDelta(large.frames);
  const times = { small: [] as number[], large: [] as number[] };
  let findings = 0;
  for (let r = 0; r < rounds; r++) {
    for (const size of r % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
      const run = usPerDelta((size === 'small' ? small : large).frames);
      times[size].push(run.us);
      findings += run.findings;
    }
  }
  const smallUs = median(times.small);
  const largeUs = median(times.large);
  return { smallStateBytes: small.bytes, largeStateBytes: large.bytes, smallUsPerDelta: smallUs, largeUsPerDelta: largeUs, ratio: largeUs / smallUs, findings };
}
