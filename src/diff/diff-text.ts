// `diff`'s text report: a block per turn that differs (or appears in one run only), words removed and
// added in git's `[-…-]{+…+}` notation with unchanged stretches shortened, then a summary line.
import { formatUsd } from '../analysis/usage/price';
import type { Figure, UnitDifference, WordPart } from './compare';
import type { RunsDiff } from './diff-runs';
import { printable } from '../model/printable';

/** Words of unchanged text kept either side of a change. */
const CONTEXT_WORDS = 6;

function shorten(text: string, keepStart: boolean, keepEnd: boolean): string {
  const words = text.split(/(\s+)/);
  const keep = CONTEXT_WORDS * 2;
  if (words.length <= keep * 2 + 1) return text;
  const head = keepStart ? words.slice(0, keep).join('') : '';
  const tail = keepEnd ? words.slice(-keep).join('') : '';
  return `${head}…${tail}`;
}

/** A removed or added stretch longer than this shows its start and end only. */
const MAX_CHANGED = 240;

function clipMiddle(text: string): string {
  if (text.length <= MAX_CHANGED) return text;
  return `${text.slice(0, 160)}… (${text.length - 220} more characters) …${text.slice(-60)}`;
}

export function wordDiffText(parts: readonly WordPart[]): string {
  return parts
    .map((p, i) => {
      if (p.op === '-') return `[-${clipMiddle(p.text)}-]`;
      if (p.op === '+') return `{+${clipMiddle(p.text)}+}`;
      return shorten(p.text, i > 0, i < parts.length - 1);
    })
    .join('')
    .replace(/\n/g, '⏎ ');
}

/** A time as the report prints it: ms below a second, else seconds; `-` when unknown. */
export function msText(v: number | undefined): string {
  if (v === undefined) return '-';
  return v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`;
}

/** A figure's change as ` (+20%)`, or nothing when it has none. */
export function changeText(f: Figure): string {
  return f.change === undefined ? '' : ` (${f.change >= 0 ? '+' : ''}${Math.round(f.change * 100)}%)`;
}

/** Whether a turn differs in what `--fail-on` can name: present in one run only, text, tools, findings. */
export function differs(t: UnitDifference): boolean {
  return !t.a || !t.b || t.text.changed || t.tools.changed || t.findings.new.length > 0 || t.findings.gone.length > 0;
}

/** The turn's name: the first line of its prompt, or where no request carried one, its position. */
function turnName(t: UnitDifference): string {
  const line = t.prompt.split('\n', 1)[0] ?? '';
  return line === '' ? `(no prompt) step ${t.step}` : `"${printable(line)}" step ${t.step}`;
}

function turnBlock(t: UnitDifference): string {
  const head = `== ${turnName(t)}`;
  if (!t.b) return `${head}: only in A (session ${printable(t.a?.session ?? '')}) ==\n`;
  if (!t.a) return `${head}: only in B (session ${printable(t.b.session)}) ==\n`;
  const lines = [`${head} (A ${printable(t.a.session)} ↔ B ${printable(t.b.session)}) ==`];
  if (t.text.changed) lines.push(`  text: ${printable(wordDiffText(t.text.parts))}${t.text.cut ? ' (too long to compare word by word)' : ''}`);
  if (t.tools.changed) {
    const names = (list: readonly string[]) => (list.length === 0 ? '(none)' : list.map(printable).join(', '));
    if (t.tools.a.join('\u0000') !== t.tools.b.join('\u0000')) lines.push(`  tools: ${names(t.tools.a)} → ${names(t.tools.b)}${t.tools.order ? ' (same calls, another order)' : ''}`);
    for (const a of t.tools.args) {
      const ops = a.patch.map((op) => `${op.op} ${op.path || '/'}${'value' in op ? ` ${printable(JSON.stringify(op.value))}` : ''}`);
      lines.push(`  tool ${a.index + 1} ${printable(a.name)} arguments: ${ops.join('; ')}`);
    }
  }
  for (const f of t.findings.new) lines.push(`  new ${f.severity} ${f.rule}: ${printable(f.message)}`);
  for (const f of t.findings.gone) lines.push(`  gone ${f.severity} ${f.rule}: ${printable(f.message)}`);
  return `${lines.join('\n')}\n`;
}

function figuresLine(t: UnitDifference): string | undefined {
  if (!t.a || !t.b) return undefined;
  const parts: string[] = [];
  if (t.firstTokenMs.a !== undefined || t.firstTokenMs.b !== undefined) parts.push(`TTFT ${msText(t.firstTokenMs.a)} → ${msText(t.firstTokenMs.b)}${changeText(t.firstTokenMs)}`);
  if (t.durationMs.a !== undefined || t.durationMs.b !== undefined) parts.push(`duration ${msText(t.durationMs.a)} → ${msText(t.durationMs.b)}${changeText(t.durationMs)}`);
  if (t.inputTokens.a !== undefined || t.inputTokens.b !== undefined) parts.push(`tokens in ${t.inputTokens.a ?? '-'} → ${t.inputTokens.b ?? '-'}`);
  if (t.outputTokens.a !== undefined || t.outputTokens.b !== undefined) parts.push(`tokens out ${t.outputTokens.a ?? '-'} → ${t.outputTokens.b ?? '-'}`);
  if (t.costUsd.a !== undefined || t.costUsd.b !== undefined) {
    const usd = (v: number | undefined) => (v === undefined ? '-' : formatUsd(v));
    parts.push(`cost ${usd(t.costUsd.a)} → ${usd(t.costUsd.b)}`);
  }
  return parts.length > 0 ? `  ${parts.join('   ')}` : undefined;
}

/** Whether any figure differs between the two runs of a turn. */
function figuresMoved(t: UnitDifference): boolean {
  return [t.firstTokenMs, t.durationMs, t.inputTokens, t.outputTokens, t.costUsd].some((f) => f.a !== f.b);
}

export function diffText(result: RunsDiff, files: { a: string; b: string }): string {
  const out = [`A: ${printable(files.a)}`, `B: ${printable(files.b)}`, ''];
  for (const t of result.turns) {
    const figures = figuresLine(t);
    if (differs(t)) out.push(turnBlock(t) + (figures ? `${figures}\n` : ''));
    else if (figures && figuresMoved(t)) out.push(`== ${turnName(t)}: same answer and tools ==\n${figures}\n`);
  }
  const s = result.summary;
  const slow = s.worstSlowdown === undefined ? '' : `; largest slowdown ${Math.round(s.worstSlowdown * 100)}%`;
  out.push(
    `${s.aligned} turn(s) aligned, ${s.onlyA} only in A, ${s.onlyB} only in B; text changed in ${s.text}, tools in ${s.tools}; findings ${s.findingsNew} new, ${s.findingsGone} gone${slow}`,
  );
  if (result.failures.length > 0) out.push(`fails: ${result.failures.map(printable).join('; ')}`);
  return `${out.join('\n')}\n`;
}
