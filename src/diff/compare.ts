// What changed between two aligned units: the answer's words (jsdiff's word diff), the tool calls
// (names, order, arguments as a JSON Patch from fast-json-patch), findings new and gone, and the
// figures: time to first token, duration, tokens and cost.
import { diffWords } from 'diff';
import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import type { RunUnit, UnitFinding } from './run-units';

/** Longest answer compared word by word; past it, the texts are compared whole (and said to be cut). */
const MAX_DIFF_CHARS = 20_000;

export interface WordPart {
  op: '=' | '+' | '-';
  text: string;
}

export interface Figure {
  a?: number;
  b?: number;
  /** b − a, when both are known. */
  delta?: number;
  /** b ÷ a − 1 (0.2 = 20% more), when both are known and a > 0. */
  change?: number;
}

export interface UnitDifference {
  prompt: string;
  step: number;
  a?: { session: string; protocol: string };
  b?: { session: string; protocol: string };
  text: { changed: boolean; parts: WordPart[]; cut?: true };
  tools: { changed: boolean; a: string[]; b: string[]; order: boolean; args: { index: number; name: string; patch: Operation[] }[] };
  findings: { new: UnitFinding[]; gone: UnitFinding[] };
  firstTokenMs: Figure;
  durationMs: Figure;
  inputTokens: Figure;
  outputTokens: Figure;
  costUsd: Figure;
}

function figure(a: number | undefined, b: number | undefined): Figure {
  const out: Figure = {};
  if (a !== undefined) out.a = a;
  if (b !== undefined) out.b = b;
  if (a !== undefined && b !== undefined) {
    out.delta = b - a;
    if (a > 0) out.change = b / a - 1;
  }
  return out;
}

function wordParts(a: string, b: string): { parts: WordPart[]; cut?: true } {
  if (a === b) return { parts: a === '' ? [] : [{ op: '=', text: a }] };
  if (a.length > MAX_DIFF_CHARS || b.length > MAX_DIFF_CHARS) return { parts: [{ op: '-', text: a }, { op: '+', text: b }], cut: true };
  return { parts: diffWords(a, b).map((c) => ({ op: c.added ? '+' : c.removed ? '-' : '=', text: c.value })) };
}

const findingKey = (f: UnitFinding) => `${f.severity}\u0000${f.rule}\u0000${f.message}`;

function findingChanges(a: readonly UnitFinding[], b: readonly UnitFinding[]): { new: UnitFinding[]; gone: UnitFinding[] } {
  const count = (list: readonly UnitFinding[]) => {
    const m = new Map<string, number>();
    for (const f of list) m.set(findingKey(f), (m.get(findingKey(f)) ?? 0) + 1);
    return m;
  };
  const inA = count(a);
  const inB = count(b);
  // A finding that happens twice in B and once in A is new once.
  const extra = (list: readonly UnitFinding[], mine: Map<string, number>, other: Map<string, number>) => {
    const left = new Map(other);
    return list.filter((f) => {
      const k = findingKey(f);
      const n = left.get(k) ?? 0;
      if (n > 0) {
        left.set(k, n - 1);
        return false;
      }
      return mine.has(k);
    });
  };
  return { new: extra(b, inB, inA), gone: extra(a, inA, inB) };
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}

export function compareUnits(a: RunUnit | undefined, b: RunUnit | undefined): UnitDifference {
  const namesA = a?.toolCalls.map((c) => c.name) ?? [];
  const namesB = b?.toolCalls.map((c) => c.name) ?? [];
  const args: UnitDifference['tools']['args'] = [];
  if (a && b) {
    const n = Math.min(a.toolCalls.length, b.toolCalls.length);
    for (let i = 0; i < n; i++) {
      const x = a.toolCalls[i];
      const y = b.toolCalls[i];
      if (!x || !y || x.name !== y.name) continue;
      const patch = argsPatch(x.args, y.args);
      if (patch.length > 0) args.push({ index: i, name: x.name, patch });
    }
  }
  const namesChanged = namesA.join('\u0000') !== namesB.join('\u0000');
  const text = wordParts(a?.answer ?? '', b?.answer ?? '');
  const unit = (a ?? b) as RunUnit;
  const out: UnitDifference = {
    prompt: unit.prompt,
    step: unit.step,
    text: { changed: (a?.answer ?? '') !== (b?.answer ?? ''), ...text },
    tools: { changed: namesChanged || args.length > 0, a: namesA, b: namesB, order: namesChanged && sameMultiset(namesA, namesB), args },
    findings: findingChanges(a?.findings ?? [], b?.findings ?? []),
    firstTokenMs: figure(a?.metrics.firstTokenMs, b?.metrics.firstTokenMs),
    durationMs: figure(a?.metrics.durationMs, b?.metrics.durationMs),
    inputTokens: figure(a?.metrics.tokens?.input, b?.metrics.tokens?.input),
    outputTokens: figure(a?.metrics.tokens?.output, b?.metrics.tokens?.output),
    costUsd: figure(a?.metrics.cost?.usd, b?.metrics.cost?.usd),
  };
  if (a) out.a = { session: a.session, protocol: a.protocol };
  if (b) out.b = { session: b.session, protocol: b.protocol };
  return out;
}

/** The JSON Patch turning A's arguments into B's; arguments that are not objects are replaced whole. */
function argsPatch(a: unknown, b: unknown): Operation[] {
  const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;
  if (isObject(a) && isObject(b)) return jsonPatch.compare(a, b);
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ op: 'replace', path: '', value: b }];
}
