// Decode + validate + fold of a long flat-block session against JSON.parse alone, and the cost of
// one append at the start versus the end of the session (the pipeline must not slow down as it grows).
import { performance } from 'node:perf_hooks';
import { SessionPipeline } from '../src/analysis/pipeline';
import { protocols } from '../src/protocols/registry';
import { generateFlatSession } from './flat-session';

export interface FlatBench {
  events: number;
  jsonParseMs: number;
  pipelineMs: number;
  ratio: number;
  appendStartUs: number;
  appendEndUs: number;
  appendRatio: number;
  findings: number;
}

const WINDOW = 2000;

export function benchFlatBlock(events = 200_000, rounds = 3): FlatBench {
  const frames = generateFlatSession(events);
  let jsonParseMs = Infinity;
  let pipelineMs = Infinity;
  let appendStartUs = Infinity;
  let appendEndUs = Infinity;
  let findings = 0;
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    // Baseline: what any client does at least, parsing every frame.
    let t = performance.now();
    for (const f of frames) sink += (JSON.parse(f.data) as { index?: number }).index ?? 0;
    jsonParseMs = Math.min(jsonParseMs, performance.now() - t);

    const pipeline = new SessionPipeline(protocols, { protocol: 'flat-block' });
    t = performance.now();
    let startEnd = 0;
    for (let i = 0; i < frames.length; i++) {
      if (i === WINDOW) startEnd = performance.now();
      if (i === frames.length - WINDOW) {
        appendStartUs = Math.min(appendStartUs, ((startEnd - t) * 1000) / WINDOW);
        const endStart = performance.now();
        for (let j = i; j < frames.length; j++) pipeline.append(frames[j]!);
        appendEndUs = Math.min(appendEndUs, ((performance.now() - endStart) * 1000) / WINDOW);
        break;
      }
      pipeline.append(frames[i]!);
    }
    pipeline.finish();
    pipelineMs = Math.min(pipelineMs, performance.now() - t);
    findings = pipeline.findings().length;
  }
  if (sink < 0) throw new Error('unreachable: keeps the baseline loop from being optimised away');
  return {
    events: frames.length,
    jsonParseMs,
    pipelineMs,
    ratio: pipelineMs / jsonParseMs,
    appendStartUs,
    appendEndUs,
    appendRatio: appendEndUs / appendStartUs,
    findings,
  };
}
