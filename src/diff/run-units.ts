// A capture read as the units `diff` aligns: one per agent session (a request and its streamed answer),
// keyed by the user's prompt it answers and its step within that prompt (a tool loop's follow-ups are
// steps 1, 2…). What a unit shows is read from the reference rendering, its findings from `check`'s
// checks (within the session and across requests), its figures from `stats`.
import { acrossRequests, sessionStats } from '../analysis/stats';
import type { MetricsOptions } from '../analysis/metrics';
import type { SessionMetrics } from '../analysis/metrics-types';
import type { Pricer } from '../analysis/usage/price';
import type { Session } from '../analysis/sessions';
import { safeJson } from '../model/safe-text';
import type { ViewItem } from '../model/view';
import { protocols } from '../protocols/registry';

export interface UnitToolCall {
  name: string;
  /** The arguments as the stream gave them (parsed), or their text. */
  args: unknown;
}

export interface UnitFinding {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface RunUnit {
  /** The prompt and step: what aligns a unit with its counterpart in the other capture. */
  key: string;
  prompt: string;
  step: number;
  session: string;
  protocol: string;
  /** The assistant's text as the reference client shows it. */
  answer: string;
  toolCalls: UnitToolCall[];
  findings: UnitFinding[];
  metrics: SessionMetrics;
}

/** Groups hold items one level down; nothing deeper is walked. */
const MAX_DEPTH = 4;

function visit(items: readonly ViewItem[], depth: number, texts: string[], calls: UnitToolCall[]): void {
  for (const item of items) {
    if (item.kind === 'text') texts.push(item.text);
    else if (item.kind === 'tool' && !item.orphanResult) calls.push({ name: item.name, args: item.input ?? item.inputText ?? null });
    else if (item.kind === 'group' && depth < MAX_DEPTH) visit(item.items, depth + 1, texts, calls);
  }
}

function promptOfView(items: readonly ViewItem[]): string | undefined {
  for (const item of items) if (item.kind === 'user' && item.text.trim() !== '') return item.text.trim();
  return undefined;
}

export function runUnits(sessions: readonly Session[], options: MetricsOptions, pricer?: Pricer): RunUnit[] {
  // The figures and findings as `stats` and `check` give them, the checks across requests included.
  const across = acrossRequests(sessions);
  const units: RunUnit[] = [];
  let prompt = '';
  let step = 0;
  for (const session of sessions) {
    const view = session.pipeline.view();
    const own = promptOfView(view.items);
    if (own !== undefined) {
      prompt = own;
      step = 0;
    } else if (units.length > 0) step++;
    const texts: string[] = [];
    const toolCalls: UnitToolCall[] = [];
    visit(view.items, 0, texts, toolCalls);
    units.push({
      key: `${prompt}\u0000${step}`,
      prompt,
      step,
      session: session.key,
      protocol: session.pipeline.protocol ?? 'unknown',
      answer: texts.join('\n\n'),
      toolCalls: toolCalls.map((c) => ({ name: c.name, args: plainJson(c.args) })),
      findings: across.findings(session).map((f) => ({ rule: f.rule, severity: f.severity, message: f.message })),
      metrics: sessionStats(session, protocols, options, across, pricer).metrics,
    });
  }
  return units;
}

/** Page data made plain JSON (bounded, no cycles, no getters) so it can be compared and printed. */
function plainJson(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      return JSON.parse(safeJson(JSON.parse(value))) as unknown;
    } catch {
      return value;
    }
  }
  try {
    return JSON.parse(safeJson(value)) as unknown;
  } catch {
    return null;
  }
}
