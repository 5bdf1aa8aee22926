// Decode + validate + fold of every registered protocol against JSON.parse alone of the same payloads:
// each protocol's valid test data file replayed as many fresh sessions (a new pipeline per session, as
// the inspector runs one per agent session) until about 100,000 frames. The median of 7 rounds, each
// interleaving the two loops (see benchOne). Short fixtures mean many sessions, so the per-session cost
// (pipeline, fold, finish) weighs in the ratio.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readInput } from '../src/readers/read-input';
import type { Frame } from '../src/model/frame';
import { SessionPipeline } from '../src/analysis/pipeline';
import { protocols } from '../src/protocols/registry';
import type { ProtocolId } from '../src/protocols/types';

export interface ProtocolBench {
  protocol: string;
  /** Frames processed per round: the fixture's message frames times the sessions replayed. */
  frames: number;
  jsonParseMs: number;
  pipelineMs: number;
  ratio: number;
  /** The same two loops in CPU time (user + system, all threads), which a loaded machine sways less. */
  jsonParseCpuMs: number;
  pipelineCpuMs: number;
  cpuRatio: number;
}

const cpuMs = (since?: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

const PROTOCOLS_DIR = fileURLToPath(new URL('../src/protocols/', import.meta.url));
export function benchProtocols(targetFrames = 100_000, rounds = 7, only?: readonly ProtocolId[]): ProtocolBench[] {
  return protocols.filter((p) => !only || only.includes(p.id)).map((p) => benchOne(p.id, fixtureFrames(p.id), targetFrames, rounds));
}

/** Message frames of the protocol's first valid test data file (alphabetical, so the choice is stable). */
export function fixtureFrames(id: ProtocolId): Frame[] {
  const dir = path.join(PROTOCOLS_DIR, id, 'testdata');
  const file = readdirSync(dir)
    .filter((f) => f.startsWith('valid-') && !f.endsWith('.har'))
    .sort()[0];
  if (!file) throw new Error(`${id} has no valid test data file`);
  return messageFrames(path.join(dir, file));
}

function messageFrames(file: string): Frame[] {
  return readInput(readFileSync(file, 'utf8')).capture.frames.filter((f) => f.kind === 'message');
}

/**
 * A real recording replayed as benchProtocols replays a fixture (fresh sessions to about `targetFrames`
 * frames): real producers send shapes a fixture may not have, such as a `rawEvent` on every delta.
 */
export function benchRecording(id: ProtocolId, file: string, targetFrames = 20_000, rounds = 5): ProtocolBench & { events: number } {
  const frames = messageFrames(file);
  return { ...benchOne(id, frames, targetFrames, rounds), events: frames.length };
}

/**
 * What a client parses at least: the JSON of each payload; for `<code>:<json>` lines the JSON after the
 * first colon; nothing for `[DONE]`.
 */
export function jsonPayload(data: string): string | undefined {
  if (data === '[DONE]') return undefined;
  const first = data.trimStart().charAt(0);
  if (first === '{' || first === '[' || first === '"') return data;
  const colon = data.indexOf(':');
  return colon > 0 ? data.slice(colon + 1) : undefined;
}

/**
 * JSON.parse of every payload, `count` times over: the baseline the pipelines are measured against.
 * Returns a sum of the results for the caller to keep, so the loop is not optimised away.
 */
export function parseAll(payloads: readonly (string | undefined)[], count: number): number {
  let sink = 0;
  for (let s = 0; s < count; s++) {
    for (const payload of payloads) {
      if (payload === undefined) continue;
      try {
        sink += JSON.parse(payload) === null ? 0 : 1;
      } catch {
        sink -= 1;
      }
    }
  }
  return sink;
}

/**
 * The two loops, measured against each other so that what the machine does meanwhile weighs on both: a
 * warm-up pass of each first (the JIT has compiled both, and the fold's code, before anything counts),
 * then `rounds` rounds, each cutting the sessions into SLICES slices and running a slice of JSON.parse
 * then the same slice of pipelines, turn about (the order flips each round). A burst of load from
 * another process then lands on both loops of a slice, or on a few slices out of many, rather than on
 * one side. The times are the medians of the rounds' totals; the ratios, the medians of the slices'.
 */
function benchOne(id: ProtocolId, frames: Frame[], targetFrames: number, rounds: number): ProtocolBench {
  const sessions = Math.max(1, Math.ceil(targetFrames / Math.max(1, frames.length)));
  const payloads = frames.map((f) => jsonPayload(f.data));
  const slices = Math.min(SLICES, sessions);
  let sink = 0;
  const parse = (count: number): void => {
    sink += parseAll(payloads, count);
  };
  const pipelines = (count: number): void => {
    for (let s = 0; s < count; s++) {
      const pipeline = new SessionPipeline(protocols, { protocol: id });
      for (const f of frames) pipeline.append(f);
      pipeline.finish();
      sink += pipeline.findings().length;
    }
  };
  parse(sessions);
  pipelines(sessions);
  const measured: { parse: number; pipeline: number; parseCpu: number; pipelineCpu: number }[] = [];
  // Each slice's pair of loops, run back to back: the ratio is the median over all of them.
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const round = { parse: 0, pipeline: 0, parseCpu: 0, pipelineCpu: 0 };
    for (let i = 0; i < slices; i++) {
      // Sessions split as evenly as they go: every round runs each of them once on each side.
      const count = Math.floor((sessions * (i + 1)) / slices) - Math.floor((sessions * i) / slices);
      const slice = { parse: 0, pipeline: 0, parseCpu: 0, pipelineCpu: 0 };
      for (const side of r % 2 === 0 ? SIDES : SIDES_FLIPPED) {
        const t = performance.now();
        const cpu = process.cpuUsage();
        if (side === 'parse') parse(count);
        else pipelines(count);
        const cpuSpent = cpuMs(cpu);
        const spent = performance.now() - t;
        if (side === 'parse') {
          slice.parse = spent;
          slice.parseCpu = cpuSpent;
        } else {
          slice.pipeline = spent;
          slice.pipelineCpu = cpuSpent;
        }
      }
      round.parse += slice.parse;
      round.pipeline += slice.pipeline;
      round.parseCpu += slice.parseCpu;
      round.pipelineCpu += slice.pipelineCpu;
      ratios.push(slice.pipeline / slice.parse);
      cpuRatios.push(slice.pipelineCpu / slice.parseCpu);
    }
    measured.push(round);
  }
  // Keeps the parse loop from being optimised away.
  if (sink === Number.MIN_SAFE_INTEGER) throw new Error('unreachable');
  return {
    protocol: id,
    frames: frames.length * sessions,
    jsonParseMs: median(measured.map((m) => m.parse)),
    pipelineMs: median(measured.map((m) => m.pipeline)),
    ratio: median(ratios),
    jsonParseCpuMs: median(measured.map((m) => m.parseCpu)),
    pipelineCpuMs: median(measured.map((m) => m.pipelineCpu)),
    cpuRatio: median(cpuRatios),
  };
}

/** Slices per round (see benchOne): each some 10,000 frames at the default size, a few ms of JSON.parse. */
const SLICES = 10;
const SIDES = ['parse', 'pipeline'] as const;
const SIDES_FLIPPED = ['pipeline', 'parse'] as const;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
