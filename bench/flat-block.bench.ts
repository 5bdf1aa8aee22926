// Decode + validate + fold of a long flat-block session against JSON.parse alone, and the cost of
// one append at the start versus the end of the session (the pipeline must not slow down as it grows).
// The two are measured side by side, as the protocols bench does: each round cuts the session into
// SLICES slices and times JSON.parse of a slice and the pipeline's appends of the same slice back to
// back (which goes first flips each round), so a burst of load from another process lands on both
// sides of a slice or on a few slices out of many; the ratio is the median of the slices'. Timing the
// two loops whole at different moments (best of 3 of each) gave 1.25× to 1.84× for the same code on
// a loaded machine.
import { performance } from 'node:perf_hooks';
import type { Frame } from '../src/model/frame';
import { SessionPipeline } from '../src/analysis/pipeline';
import { protocols } from '../src/protocols/registry';
import { generateFlatSession } from './flat-session';
import { median } from './protocols.bench';

export interface FlatBench {
  events: number;
  /** The rounds' median totals of each side. */
  jsonParseMs: number;
  pipelineMs: number;
  /** The median of every slice's pipeline / JSON.parse. */
  ratio: number;
  appendStartUs: number;
  appendEndUs: number;
  appendRatio: number;
  findings: number;
}

const WINDOW = 2000;
const SLICES = 10;

export function benchFlatBlock(events = 200_000, rounds = 5): FlatBench {
  const frames = generateFlatSession(events);
  const bounds = Array.from({ length: SLICES + 1 }, (_, i) => Math.floor((frames.length * i) / SLICES));
  const ratios: number[] = [];
  const parseTotals: number[] = [];
  const pipelineTotals: number[] = [];
  let appendStartUs = Infinity;
  let appendEndUs = Infinity;
  let findings = 0;
  let sink = 0;
  // Baseline: what any client does at least, parsing every frame.
  const parse = (from: number, to: number): void => {
    for (let i = from; i < to; i++) sink += (JSON.parse((frames[i] as Frame).data) as { index?: number }).index ?? 0;
  };
  for (let r = 0; r < rounds; r++) {
    const pipeline = new SessionPipeline(protocols, { protocol: 'flat-block' });
    let parseTotal = 0;
    let pipelineTotal = 0;
    for (let s = 0; s < SLICES; s++) {
      const from = bounds[s] as number;
      const to = bounds[s + 1] as number;
      let parseMs = 0;
      let pipelineMs = 0;
      for (const side of r % 2 === 0 ? (['parse', 'pipeline'] as const) : (['pipeline', 'parse'] as const)) {
        const t = performance.now();
        if (side === 'parse') {
          parse(from, to);
          parseMs = performance.now() - t;
          continue;
        }
        for (let i = from; i < to; i++) {
          // One append at the start and at the end of the session, each over WINDOW frames.
          if (i === WINDOW) appendStartUs = Math.min(appendStartUs, ((performance.now() - t) * 1000) / WINDOW);
          if (i === frames.length - WINDOW) {
            const endStart = performance.now();
            for (let j = i; j < to; j++) pipeline.append(frames[j] as Frame);
            appendEndUs = Math.min(appendEndUs, ((performance.now() - endStart) * 1000) / WINDOW);
            break;
          }
          pipeline.append(frames[i] as Frame);
        }
        if (s === SLICES - 1) pipeline.finish();
        pipelineMs = performance.now() - t;
      }
      parseTotal += parseMs;
      pipelineTotal += pipelineMs;
      ratios.push(pipelineMs / parseMs);
    }
    parseTotals.push(parseTotal);
    pipelineTotals.push(pipelineTotal);
    findings = pipeline.findings().length;
  }
  if (sink < 0) throw new Error('unreachable: keeps the baseline loop from being optimised away');
  return {
    events: frames.length,
    jsonParseMs: median(parseTotals),
    pipelineMs: median(pipelineTotals),
    ratio: median(ratios),
    appendStartUs,
    appendEndUs,
    appendRatio: appendEndUs / appendStartUs,
    findings,
  };
}
