// Hostile frames for the fuzz test and the fuzz bench: random bytes and text, every protocol's
// fixtures mutated (values swapped for hostile ones, cut, spliced), JSON nested 100,000 levels deep,
// objects whose `toString` is not a function, odd numbers, lone surrogates and huge strings.
// A seeded generator, so a failing frame can be made again from its seed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Capture, Connection, Frame, Transport } from '../src/model/frame';
import { readInput } from '../src/readers/read-input';

/** mulberry32: small, fast and good enough to pick mutations. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const int = (r: Random, max: number): number => Math.floor(r() * max);

const protocolsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/protocols');

export interface Seed {
  protocol: string;
  file: string;
  capture: Capture;
  /** The capture's message frames. */
  frames: Frame[];
}

/** Every protocol's testdata files, read into captures: the seeds the mutations start from. */
export function loadSeeds(): Seed[] {
  const seeds: Seed[] = [];
  for (const protocol of readdirSync(protocolsDir)) {
    const dir = path.join(protocolsDir, protocol, 'testdata');
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      try {
        const { capture } = readInput(readFileSync(path.join(dir, file), 'utf8'));
        const frames = capture.frames.filter((f) => f.kind === 'message');
        if (frames.length > 0) seeds.push({ protocol, file, capture, frames });
      } catch {
        // A testdata file that is not an input (e.g. a fixture table) seeds nothing.
      }
    }
  }
  return seeds;
}

const DEEP_LEVELS = 100_000;
const deepArray = (open: string, close: string, levels: number) => open.repeat(levels) + close.repeat(levels);

/** JSON texts of values that have broken code before; used whole and spliced into fixtures. */
export const HOSTILE_JSON: readonly string[] = [
  '{"toString":0}',
  '{"valueOf":0,"toString":0}',
  '{"toString":{},"valueOf":{}}',
  '{"__proto__":{"toString":0}}',
  '{"__proto__":null}',
  '{"constructor":0,"hasOwnProperty":0,"length":1e400}',
  '{"type":{"toString":0},"text":{"toString":0}}',
  '[{"toString":0}]',
  '1e400',
  '-1e400',
  '-0',
  '1e-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '"\\ud800"',
  '"\\udfff\\ud800x"',
  '"a\\u0000b"',
  '"\\u2028\\u2029"',
  'null',
  'true',
  '[]',
  '{}',
  '""',
  '{"length":-1}',
  '{"0":1,"length":2}',
  '[' + '1,'.repeat(1000) + '1]',
];

/** Hostile values too big to list: deep nesting and huge strings (made once per depth, shared). */
const bigValues = new Map<number, string[]>();
function big(levels = DEEP_LEVELS): string[] {
  let values = bigValues.get(levels);
  if (!values) {
    values = [
      deepArray('[', ']', levels),
      deepArray('{"a":', '}', levels),
      '{"a":'.repeat(levels / 2) + '[' + '1'.repeat(10) + ']' + '}'.repeat(levels / 2),
      JSON.stringify('x'.repeat(300_000)),
      JSON.stringify('\n'.repeat(100_000)),
      JSON.stringify('\ud800'.repeat(50_000)),
    ];
    bigValues.set(levels, values);
  }
  return values;
}

function randomText(r: Random, max: number): string {
  const n = int(r, max);
  let s = '';
  for (let i = 0; i < n; i++) {
    const roll = r();
    if (roll < 0.6) s += String.fromCharCode(32 + int(r, 95));
    else if (roll < 0.8) s += pick(r, ['{', '}', '[', ']', '"', ':', ',', '\\', '\n', 'data: ', 'event: ']);
    else s += String.fromCharCode(int(r, 0x10000)); // includes lone surrogates
  }
  return s;
}

function randomBase64(r: Random, max: number): string {
  const bytes = new Uint8Array(int(r, max));
  for (let i = 0; i < bytes.length; i++) bytes[i] = int(r, 256);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Replaces one value in the JSON text (at a random string, number, object or array start) with a hostile one. */
function spliceHostile(r: Random, text: string, hostile: string): string {
  try {
    return replaceRandomValue(r, JSON.parse(text) as unknown, hostile);
  } catch {
    // Not JSON (an SSE line, a cut frame): insert the hostile text after a random separator.
    const starts: number[] = [];
    for (let i = 0; i < text.length && starts.length < 512; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x3a /* : */ || c === 0x5b /* [ */ || c === 0x2c /* , */) starts.push(i + 1);
    }
    const at = starts.length > 0 ? pick(r, starts) : 0;
    return text.slice(0, at) + hostile + text.slice(at);
  }
}

const MARK = '\u0000hostile\u0000';

/** Puts a marker in place of one value (any position, picked evenly), then swaps it for the hostile JSON text. */
function replaceRandomValue(r: Random, value: unknown, hostile: string): string {
  const slots: { parent: Record<string | number, unknown>; key: string | number; depth: number }[] = [];
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0 && slots.length < 4096) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== 'object') continue;
    const parent = node as Record<string | number, unknown>;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      slots.push({ parent, key, depth });
      stack.push({ node: parent[key], depth: depth + 1 });
    }
  }
  // Half the time a field of the event itself or one level down (text, snapshot, input, content…).
  const shallow = slots.filter((s) => s.depth <= 1);
  let root: unknown = value;
  if (slots.length === 0 || r() < 0.05) root = MARK;
  else {
    const slot = pick(r, shallow.length > 0 && r() < 0.5 ? shallow : slots);
    slot.parent[slot.key] = MARK;
  }
  return JSON.stringify(root).replace(JSON.stringify(MARK), () => hostile);
}

function mutateFixture(r: Random, data: string, options: FuzzOptions): string {
  const roll = r();
  if (roll < 0.5) return spliceHostile(r, data, hostileValue(r, options));
  if (roll < 0.65) return data.slice(0, int(r, data.length + 1));
  if (roll < 0.75) {
    const at = int(r, data.length + 1);
    return data.slice(0, at) + randomText(r, 8) + data.slice(at);
  }
  if (roll < 0.85) return data.replace(/-?\d+(\.\d+)?/, pick(r, ['1e400', '-0', '-1', '99999999999999999999', '0.5', '4294967296']));
  return data.replace(/"[^"\\]*"/, pick(r, ['"\\ud800"', '"__proto__"', '"toString"', '"constructor"', '""', '"\\u0000"']));
}

const TRANSPORTS: readonly Transport[] = ['websocket', 'sse', 'eventsource', 'fetch-stream', 'xhr', 'http-json', 'file'];

export interface FuzzCase {
  seed: number;
  capture: Capture;
}

export interface FuzzOptions {
  /** How often a hostile value is one of the deep or huge ones (0 to 1; default 0): they cost milliseconds each. */
  bigRate?: number;
  /** Nesting of the deep values (default 100,000). */
  deepLevels?: number;
}

function hostileValue(r: Random, options: FuzzOptions): string {
  return r() < (options.bigRate ?? 0) ? pick(r, big(options.deepLevels)) : pick(r, HOSTILE_JSON);
}

/**
 * One small capture (one to three connections, up to ~60 frames): a mutated fixture of one protocol
 * with hostile frames mixed in, or pure noise.
 */
/**
 * A fixture kept whole (connections, directions, event names) but for one value in some of its
 * frames, so the fold is deep in valid state when it meets the hostile one.
 */
function targetedCase(r: Random, seed: Seed, options: FuzzOptions): Capture {
  const frames = seed.capture.frames.map((f) => ({ ...f }));
  for (const frame of frames) {
    if (frame.kind !== 'message' || r() < 0.5) continue;
    frame.data = spliceHostile(r, frame.data, hostileValue(r, options));
  }
  return { connections: seed.capture.connections.map((c) => ({ ...c })), frames };
}

export function fuzzCase(seed: number, seeds: readonly Seed[], options: FuzzOptions = {}): FuzzCase {
  const r = createRandom(seed);
  if (seeds.length > 0 && r() < 0.4) return { seed, capture: targetedCase(r, pick(r, seeds), options) };
  const connections: Connection[] = [];
  const nConnections = 1 + int(r, 3);
  for (let i = 0; i < nConnections; i++) {
    const c: Connection = { id: `c${i}`, transport: pick(r, TRANSPORTS) };
    if (r() < 0.5) c.url = r() < 0.5 ? `https://x.test/api?session_id=${randomText(r, 6)}&token=sk-abc` : randomText(r, 20);
    if (r() < 0.3) c.requestBody = r() < 0.5 ? pick(r, HOSTILE_JSON) : randomText(r, 40);
    if (r() < 0.3) c.responseHeaders = { 'content-type': pick(r, ['text/event-stream', 'application/json', randomText(r, 10)]) };
    connections.push(c);
  }
  const seedFrames = r() < 0.85 && seeds.length > 0 ? pick(r, seeds).frames : [];
  const n = seedFrames.length > 0 ? seedFrames.length + int(r, 8) : 1 + int(r, 40);
  const frames: Frame[] = [];
  for (let i = 0; i < n; i++) {
    const base = seedFrames[i % Math.max(1, seedFrames.length)];
    const roll = r();
    let data: string;
    let encoding: Frame['encoding'];
    if (base && roll < 0.55) data = base.data;
    else if (base && roll < 0.85) data = mutateFixture(r, base.data, options);
    else if (roll < 0.9) data = hostileValue(r, options);
    else if (roll < 0.95) data = randomText(r, 200);
    else {
      data = randomBase64(r, 64);
      encoding = 'base64';
    }
    const kindRoll = r();
    const frame: Frame = {
      index: i,
      connectionId: pick(r, connections).id,
      time: i,
      direction: r() < 0.9 ? 'in' : 'out',
      kind: kindRoll < 0.92 ? 'message' : kindRoll < 0.95 ? 'open' : kindRoll < 0.98 ? 'close' : 'error',
      data,
    };
    if (encoding) frame.encoding = encoding;
    if (base?.eventName !== undefined && r() < 0.9) frame.eventName = r() < 0.9 ? base.eventName : randomText(r, 10);
    if (r() < 0.02) frame.truncated = { originalLength: data.length + int(r, 1000) };
    frames.push(frame);
  }
  return { seed, capture: { connections, frames } };
}

/** Each place (its path of keys) where a field of a JSON object sits, down to `maxDepth` levels. */
function fieldPaths(value: unknown, maxDepth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || prefix.length > maxDepth) return [];
  const out: (string | number)[][] = [];
  const keys = Array.isArray(value) ? value.map((_, i) => i).slice(0, 4) : Object.keys(value);
  for (const key of keys) {
    out.push([...prefix, key]);
    out.push(...fieldPaths((value as Record<string | number, unknown>)[key], maxDepth, [...prefix, key]));
  }
  return out;
}

function withValueAt(value: unknown, at: readonly (string | number)[], hostile: string): string {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1] as string | number] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => hostile);
}

/**
 * Every fixture frame with each hostile value put at each of its fields (`fieldDepth` + 1 levels down), each as
 * its own capture: the fixture's frames up to that one and `after` frames past it, so the fold meets
 * the value in the state the real stream puts it in. Deterministic: the same list every run.
 */
export function* sweepCases(seeds: readonly Seed[], hostile: readonly string[], options: { after?: number; fieldDepth?: number } = {}): Generator<Capture> {
  const after = options.after ?? 3;
  for (const seed of seeds) {
    const all = seed.capture.frames;
    for (let i = 0; i < all.length; i++) {
      const target = all[i] as Frame;
      if (target.kind !== 'message') continue;
      let value: unknown;
      try {
        value = JSON.parse(target.data);
      } catch {
        continue;
      }
      for (const at of fieldPaths(value, options.fieldDepth ?? 1)) {
        for (const h of hostile) {
          const frames = all.slice(0, i + 1 + after).map((f) => ({ ...f }));
          (frames[i] as Frame).data = withValueAt(value, at, h);
          yield { connections: seed.capture.connections.map((c) => ({ ...c })), frames };
        }
      }
    }
  }
}

/** JSON nested `levels` deep (arrays, objects, both); 5,000 levels already overflow JSON.stringify. */
export function deepValues(levels = DEEP_LEVELS): string[] {
  return big(levels).slice(0, 3);
}
