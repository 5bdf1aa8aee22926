// The comparison of the panel's capture (A) with a file (B), turn by turn as `diff` aligns them: each
// turn's two sides next to each other, like the history-against-live view, with what differs outlined:
// words removed from A's answer and added in B's, tool calls whose name or place changed and their
// arguments' JSON Patch, findings gone (A's side) and new (B's side), then the figures with their
// changes. Everything from the page is drawn as text.
import type { Operation } from 'fast-json-patch';
import { formatUsd } from '../../analysis/usage/price';
import type { Figure, UnitDifference, WordPart } from '../../diff/compare';
import type { UnitFinding } from '../../diff/run-units';
import { changeText, differs, msText } from '../../diff/diff-text';
import { safeJson } from '../../model/safe-text';
import type { PanelStore } from '../store/store';
import { closeComparison, comparisonOf } from './compare-state';
import './compare.css';

type Side = 'a' | 'b';

const GLYPH: Record<UnitFinding['severity'], string> = { error: '✕', warning: '⚠', info: 'ℹ' };

/** A's answer keeps what B removed, B's what B added: each side reads as its own text. */
function Answer({ parts, side }: { parts: readonly WordPart[]; side: Side }) {
  const shown = parts.filter((p) => p.op === '=' || p.op === (side === 'a' ? '-' : '+'));
  if (shown.length === 0) return <p class="muted cmp-answer" data-testid={`compare-answer-${side}`}>(no text)</p>;
  return (
    <p class="cmp-answer" data-testid={`compare-answer-${side}`}>
      {shown.map((p, i) =>
        p.op === '=' ? (
          <span key={i} class="cmp-word" data-op="=">
            {p.text}
          </span>
        ) : p.op === '-' ? (
          <del key={i} class="cmp-word cmp-del" data-op="-" title="not in B">
            {p.text}
          </del>
        ) : (
          <ins key={i} class="cmp-word cmp-ins" data-op="+" title="not in A">
            {p.text}
          </ins>
        ),
      )}
    </p>
  );
}

function patchLine(op: Operation): string {
  return `${op.op} ${op.path || '/'}${'value' in op ? ` ${safeJson(op.value, { maxLength: 400 })}` : ''}`;
}

function Tools({ t, side }: { t: UnitDifference; side: Side }) {
  const names = t.tools[side];
  const other = t.tools[side === 'a' ? 'b' : 'a'];
  if (names.length === 0) return t.tools.changed ? <p class="muted cmp-tools-none">no tool calls</p> : null;
  return (
    <ol class="cmp-tools" data-testid={`compare-tools-${side}`}>
      {names.map((name, i) => {
        const args = side === 'b' ? t.tools.args.find((a) => a.index === i) : undefined;
        const moved = other[i] !== name;
        return (
          <li key={i} class={`cmp-tool${moved || args ? ' cmp-changed' : ''}`} data-name={name}>
            <span class="cmp-tool-name">{name}</span>
            {moved && <span class="cmp-note">{other.includes(name) ? ' (moved)' : side === 'a' ? ' (not in B)' : ' (not in A)'}</span>}
            {args && (
              <ul class="cmp-args" data-testid="compare-args" data-index={i}>
                {args.patch.map((op, j) => (
                  <li key={j} class="cmp-arg">
                    {patchLine(op)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Findings({ list, kind }: { list: readonly UnitFinding[]; kind: 'gone' | 'new' }) {
  if (list.length === 0) return null;
  return (
    <ul class="cmp-findings" data-testid={`compare-findings-${kind}`}>
      {list.map((f, i) => (
        <li key={i} class={`cmp-finding cmp-changed sev-${f.severity}`} data-rule={f.rule} data-severity={f.severity}>
          {GLYPH[f.severity]} {kind} {f.rule}: <span class="finding-message">{f.message}</span>
        </li>
      ))}
    </ul>
  );
}

function SideView({ t, side }: { t: UnitDifference; side: Side }) {
  const unit = t[side];
  const label = side === 'a' ? 'A · this capture' : 'B · the file';
  if (!unit) {
    return (
      <section class={`cmp-side cmp-side-${side} cmp-missing`} data-testid={`compare-side-${side}`}>
        <h5 class="cmp-side-title">{label}</h5>
        <p class="muted">Not in {side === 'a' ? 'this capture' : 'the file'}.</p>
      </section>
    );
  }
  return (
    <section class={`cmp-side cmp-side-${side}`} data-testid={`compare-side-${side}`} data-session={unit.session}>
      <h5 class="cmp-side-title">
        {label} <span class="muted">{unit.protocol}</span>
      </h5>
      <Answer parts={t.text.parts} side={side} />
      <Tools t={t} side={side} />
      <Findings list={side === 'a' ? t.findings.gone : t.findings.new} kind={side === 'a' ? 'gone' : 'new'} />
    </section>
  );
}

const FIGURES: { key: 'firstTokenMs' | 'durationMs' | 'inputTokens' | 'outputTokens' | 'costUsd'; label: string; text(v: number | undefined): string }[] = [
  { key: 'firstTokenMs', label: 'TTFT', text: msText },
  { key: 'durationMs', label: 'duration', text: msText },
  { key: 'inputTokens', label: 'tokens in', text: (v) => (v === undefined ? '-' : String(v)) },
  { key: 'outputTokens', label: 'tokens out', text: (v) => (v === undefined ? '-' : String(v)) },
  { key: 'costUsd', label: 'cost', text: (v) => (v === undefined ? '-' : formatUsd(v)) },
];

function Figures({ t }: { t: UnitDifference }) {
  const shown = FIGURES.filter((f) => t[f.key].a !== undefined || t[f.key].b !== undefined);
  if (shown.length === 0) return null;
  const moved = (f: Figure) => f.a !== f.b;
  return (
    <p class="cmp-figures">
      {shown.map((f) => (
        <span key={f.key} class={`cmp-figure${moved(t[f.key]) ? ' cmp-moved' : ''}`} data-figure={f.key} data-a={t[f.key].a ?? ''} data-b={t[f.key].b ?? ''}>
          {/* An unchanged figure is given once; a changed one as A → B with its change. */}
          {moved(t[f.key]) ? `${f.label} ${f.text(t[f.key].a)} → ${f.text(t[f.key].b)}${changeText(t[f.key])}` : `${f.label} ${f.text(t[f.key].a)}`}
        </span>
      ))}
    </p>
  );
}

function turnTitle(t: UnitDifference): string {
  const line = t.prompt.split('\n', 1)[0] ?? '';
  return `${line === '' ? '(no prompt)' : `“${line}”`} · step ${t.step}`;
}

function Badges({ t }: { t: UnitDifference }) {
  const badges: string[] = [];
  if (!t.b) badges.push('only in A');
  else if (!t.a) badges.push('only in B');
  else {
    if (t.text.changed) badges.push('text');
    if (t.tools.changed) badges.push(t.tools.order ? 'tool order' : 'tools');
    if (t.findings.new.length > 0) badges.push(`${t.findings.new.length} new`);
    if (t.findings.gone.length > 0) badges.push(`${t.findings.gone.length} gone`);
  }
  if (badges.length === 0) return <span class="cmp-badge cmp-badge-same">same</span>;
  return (
    <>
      {badges.map((b) => (
        <span key={b} class="cmp-badge">
          {b}
        </span>
      ))}
    </>
  );
}

function Turn({ t }: { t: UnitDifference }) {
  const differing = differs(t);
  return (
    <details class={`cmp-turn${differing ? ' cmp-differs' : ''}`} open={differing} data-testid="compare-turn" data-prompt={t.prompt} data-step={t.step} data-differs={String(differing)}>
      <summary class="cmp-turn-head">
        <span class="cmp-turn-title">{turnTitle(t)}</span> <Badges t={t} />
      </summary>
      <div class="cmp-sides">
        <SideView t={t} side="a" />
        <SideView t={t} side="b" />
      </div>
      <Figures t={t} />
    </details>
  );
}

export function CompareView({ store }: { store: PanelStore }) {
  const comparison = comparisonOf(store).value;
  if (!comparison) return null;
  const diff = comparison.state === 'done' ? comparison.diff : undefined;
  const s = diff?.summary;
  const differing = diff?.turns.filter(differs).length ?? 0;
  return (
    <div class="cmp-view" data-testid="compare-view" data-state={comparison.state} data-thread={comparison.state === 'reading' ? undefined : comparison.thread}>
      <div class="cmp-head">
        <button type="button" class="cmp-close" onClick={() => closeComparison(store)}>
          ← Back to the capture
        </button>{' '}
        <strong>Compare</strong> <span class="cmp-files">A: this capture ↔ B: {comparison.fileName}</span>
      </div>
      {comparison.state === 'reading' && (
        <p class="cmp-status" role="status">
          Reading {comparison.fileName}…
        </p>
      )}
      {comparison.state === 'failed' && (
        <p class="cmp-error import-error" role="alert" data-testid="compare-error">
          {comparison.fileName}: {comparison.error}
        </p>
      )}
      {diff && s && (
        <>
          <p class={`cmp-summary${differing > 0 ? ' cmp-summary-differs' : ''}`} data-testid="compare-summary" data-differing={differing}>
            {differing === 0 ? (
              <span data-testid="compare-same">No differences: {s.aligned} turn(s) with the same answers, tool calls and findings.</span>
            ) : (
              <>
                {differing} of {diff.turns.length} turn(s) differ: {s.aligned} aligned, {s.onlyA} only in A, {s.onlyB} only in B; text changed in {s.text}, tools in{' '}
                {s.tools}; findings {s.findingsNew} new, {s.findingsGone} gone
              </>
            )}
            {s.worstSlowdown !== undefined && s.worstSlowdown > 0 ? `; largest slowdown ${Math.round(s.worstSlowdown * 100)}%` : ''}
          </p>
          <div class="cmp-turns">
            {diff.turns.map((t, i) => (
              <Turn key={i} t={t} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
