// What the waterfall's tooltip says about what is under the pointer: a request lane (its tokens and
// cost as reported), a sub-agent's lane, a tool call or approval span, a frame, a gap.
import { formatDuration } from '../../store/session-time';
import { frameNumber } from '../../store/frame-row';
import type { CategoryName } from '../../store/session-track';
import type { SubagentLane } from '../../store/subagent-lanes';
import { tokensText } from '../../../analysis/usage/tokens-text';
import { costText } from '../../../analysis/usage/cost-text';
import type { SessionMetrics } from '../../../analysis/metrics-types';
import { CATEGORY_LABELS, spanOutcomeText, type PlacedSpan } from './layout';

/** A request lane's tooltip: what it is and its tokens and cost as the stream reported them. */
export function requestTip(connectionId: string, nameOf: (id: string) => string, connections: number, m: SessionMetrics): string[] {
  // Tokens are the session's: with one connection they are this request's; with several, say so.
  const whose = connections === 1 ? '' : ` (the session's ${connections} connections)`;
  if (!m.tokens) return [`request ${nameOf(connectionId)}`, `tokens${whose}: not reported by the stream`];
  return [`request ${nameOf(connectionId)}`, `tokens${whose}: ${tokensText(m.tokens)}`, `cost: ${costText(m)}`];
}

export function subagentTip(sub: SubagentLane, bars: number, calls: number): string[] {
  const status = sub.status === 'failed' ? 'failed (SUBAGENT_ERROR)' : sub.status;
  return [`sub-agent ${sub.name} · ${status}`, `${sub.frames.length} frame${sub.frames.length === 1 ? '' : 's'} · ${bars} text bar${bars === 1 ? '' : 's'} · ${calls} call${calls === 1 ? '' : 's'}`];
}

/** A span: its kind, name and how it ended; a click goes to the frame that started it. */
export function spanTip(span: PlacedSpan): { frame: number; lines: string[] } {
  const where = (span.outcome === 'follow-up' || span.outcome === 'cut-off') && span.endFrame !== undefined ? ` (#${frameNumber(span.endFrame)})` : '';
  return { frame: span.startFrame, lines: [`${span.kind} ${span.label} · ${spanOutcomeText(span, formatDuration).long}${where}`] };
}

/** A frame: its number, kind and time from the session's start, and the sub-agent it belongs to. */
export function frameTip(index: number, category: CategoryName, sinceStart: number, subagent: string | undefined): string {
  return `#${frameNumber(index)} · ${CATEGORY_LABELS[category]} · ${formatDuration(sinceStart)}${subagent !== undefined ? ` · sub-agent ${subagent}` : ''}`;
}

export function gapTip(gap: { ms: number; afterFrame: number; beforeFrame: number }): string {
  return `gap of ${formatDuration(gap.ms)} between #${frameNumber(gap.afterFrame)} and #${frameNumber(gap.beforeFrame)}`;
}
