// `npm run bench -- --only fuzz`: one million hostile frames through the whole pipeline (see
// fuzz-frames.ts and fuzz-pipeline.ts). First every fixture field of every protocol gets each hostile
// value and the 100,000-level nesting in turn; then seeded random cases (mutated fixtures, noise,
// binary, deep and huge payloads) fill up to the frame count. Prints frames, throws and time per frame.
import { deepValues, fuzzCase, HOSTILE_JSON, loadSeeds, sweepCases } from './fuzz-frames';
import { runFuzzCapture, type FuzzThrow } from './fuzz-pipeline';
import type { Capture } from '../src/model/frame';
import { figure } from './figures';

export interface FuzzBench {
  frames: number;
  cases: number;
  throws: number;
  /** Throws a fold's or the pipeline's own guard caught (the session went on), by frame type. */
  caught: Map<string, number>;
  usPerFrame: number;
  firstThrows: FuzzThrow[];
}

export function benchFuzz(total = 1_000_000): FuzzBench {
  const seeds = loadSeeds();
  const result: FuzzBench = { frames: 0, cases: 0, throws: 0, caught: new Map(), usPerFrame: 0, firstThrows: [] };
  const take = (capture: Capture) => {
    result.cases++;
    result.frames += capture.frames.length;
    for (const t of runFuzzCapture(capture)) {
      if (t.caught) {
        const key = `${t.frameType ?? '?'}: ${t.error.slice(0, 100)}`;
        result.caught.set(key, (result.caught.get(key) ?? 0) + 1);
        continue;
      }
      result.throws++;
      if (result.firstThrows.length < 10) result.firstThrows.push(t);
    }
  };
  const start = performance.now();
  for (const capture of sweepCases(seeds, [...HOSTILE_JSON, deepValues()[0] as string])) {
    if (result.frames >= total / 2) break;
    take(capture);
  }
  for (let seed = 1; result.frames < total; seed++) take(fuzzCase(seed, seeds, { bigRate: 0.002 }).capture);
  result.usPerFrame = ((performance.now() - start) * 1000) / result.frames;
  return result;
}

export function printFuzz(): void {
  const at = process.argv.indexOf('--fuzz-frames');
  const r = benchFuzz(at >= 0 ? Number(process.argv[at + 1]) : undefined);
  console.log(`\nFuzz: hostile frames through decode, detection, fold, findings, view, rendering, redaction and export:`);
  console.log(`  frames                        ${figure('fuzz.frames', r.frames, 'frames').toLocaleString('en')} in ${r.cases.toLocaleString('en')} captures`);
  console.log(`  throws                        ${figure('fuzz.throws', r.throws, 'throws', { max: 0 })}   (target 0)`);
  console.log(`  time per frame                ${figure('fuzz.per-frame', r.usPerFrame, 'us').toFixed(1)} us`);
  const caught = [...r.caught].map(([k, n]) => `    ${n} × ${k}`);
  console.log(`  caught by a fold's own guard  ${figure('fuzz.caught', [...r.caught.values()].reduce((a, b) => a + b, 0), 'frames')}${caught.length ? `\n${caught.join('\n')}` : ''}`);
  for (const t of r.firstThrows) console.log(`  THROW ${t.stage}: ${t.error.split('\n').slice(0, 3).join(' | ')}`);
}
