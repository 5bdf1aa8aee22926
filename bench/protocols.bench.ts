// Decode + validate + fold of every registered protocol against JSON.parse alone of the same payloads:
// each protocol's valid test data file replayed as many fresh sessions (a new pipeline per session, as
// the inspector runs one per agent session) until about 100,000 frames. Best of 3, in one run. Short
// fixtures mean many sessions, so the per-session cost (pipeline, fold, finish) weighs in the ratio.
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
export function benchProtocols(targetFrames = 100_000, rounds = 3, only?: readonly ProtocolId[]): ProtocolBench[] {
  return protocols.filter((p) => !only || only.includes(p.id)).map((p) => benchOne(p.id, fixtureFrames(p.id), targetFrames, rounds));
}

/** Message frames of the protocol's first valid test data file (alphabetical, so the choice is stable). */
function fixtureFrames(id: ProtocolId): Frame[] {
  const dir = path.join(PROTOCOLS_DIR, id, 'testdata');
  const file = readdirSync(dir)
    .filter((f) => f.startsWith('valid-') && !f.endsWith('.har'))
    .sort()[0];
  if (!file) throw new Error(`${id} has no valid test data file`);
  return readInput(readFileSync(path.join(dir, file), 'utf8')).capture.frames.filter((f) => f.kind === 'message');
}

/**
 * What a client parses at least: the JSON of each payload; for `<code>:<json>` lines the JSON after the
 * first colon; nothing for `[DONE]`.
 */
function jsonPayload(data: string): string | undefined {
  if (data === '[DONE]') return undefined;
  const first = data.trimStart().charAt(0);
  if (first === '{' || first === '[' || first === '"') return data;
  const colon = data.indexOf(':');
  return colon > 0 ? data.slice(colon + 1) : undefined;
}

function benchOne(id: ProtocolId, frames: Frame[], targetFrames: number, rounds: number): ProtocolBench {
  const sessions = Math.max(1, Math.ceil(targetFrames / Math.max(1, frames.length)));
  const payloads = frames.map((f) => jsonPayload(f.data));
  let jsonParseMs = Infinity;
  let pipelineMs = Infinity;
  let jsonParseCpuMs = Infinity;
  let pipelineCpuMs = Infinity;
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    let cpu = process.cpuUsage();
    for (let s = 0; s < sessions; s++) {
      for (const payload of payloads) {
        if (payload === undefined) continue;
        try {
          sink += JSON.parse(payload) === null ? 0 : 1;
        } catch {
          sink -= 1;
        }
      }
    }
    jsonParseMs = Math.min(jsonParseMs, performance.now() - t);
    jsonParseCpuMs = Math.min(jsonParseCpuMs, cpuMs(cpu));

    t = performance.now();
    cpu = process.cpuUsage();
    for (let s = 0; s < sessions; s++) {
      const pipeline = new SessionPipeline(protocols, { protocol: id });
      for (const f of frames) pipeline.append(f);
      pipeline.finish();
      sink += pipeline.findings().length;
    }
    pipelineMs = Math.min(pipelineMs, performance.now() - t);
    pipelineCpuMs = Math.min(pipelineCpuMs, cpuMs(cpu));
  }
  // Keeps the parse loop from being optimised away.
  if (sink === Number.MIN_SAFE_INTEGER) throw new Error('unreachable');
  return {
    protocol: id,
    frames: frames.length * sessions,
    jsonParseMs,
    pipelineMs,
    ratio: pipelineMs / jsonParseMs,
    jsonParseCpuMs,
    pipelineCpuMs,
    cpuRatio: pipelineCpuMs / jsonParseCpuMs,
  };
}
