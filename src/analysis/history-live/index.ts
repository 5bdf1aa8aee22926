// History against live, across the sessions of a capture: every history read after a reload (a
// flat-block History API response, an AG-UI MESSAGES_SNAPSHOT) that follows live frames of the same
// session is compared with what those frames showed. A difference is one finding on that session,
// pointing at the history frame and the item inside it.
import type { Finding, Severity } from '../../model/finding';
import type { Session } from '../sessions';
import type { DecodedFrame } from '../../model/frame';
import type { HistoryLiveComparison } from './comparison';
import { readerOf } from './readers';
import { recordedReads } from './recorder';
import { compareAtHistory, compared } from './segments';
import { aguiHistoryLiveRules, flatBlockHistoryLiveRules, langgraphHistoryLiveRules } from './rules';

export type { HistoryLiveComparison } from './comparison';
export type { Difference, ItemPath } from './compare';
export { historyRecorder } from './recorder';

const SEVERITY = new Map<string, Severity>([...flatBlockHistoryLiveRules, ...aguiHistoryLiveRules, ...langgraphHistoryLiveRules].map((r) => [r.id, r.severity]));

/** Every comparison of a session's history with its live rendering, in capture order. */
export function historyLiveComparisons(session: Session): HistoryLiveComparison[] {
  const reader = readerOf(session.pipeline.definition?.id);
  if (!reader) return [];
  const recorded = recordedReads(session.pipeline);
  if (recorded) return recorded.map((r) => compared(session, reader, r.history, r.live, r.stretch));
  return compareAtHistory(session, reader);
}

/** Whether a frame of a session of this protocol is a history read that a comparison starts from. */
export function isHistoryFrame(protocol: string, frame: DecodedFrame): boolean {
  const reader = readerOf(protocol);
  return reader !== undefined && reader.isHistory(frame);
}

export function comparisonFinding(c: HistoryLiveComparison): Finding | undefined {
  if (!c.difference) return undefined;
  const finding: Finding = { rule: c.rule, severity: SEVERITY.get(c.rule) ?? 'error', message: c.difference.message, frames: [c.historyFrame], at: c.historyFrame };
  if (c.path !== undefined) finding.path = c.path;
  return finding;
}

/** History-against-live findings by the session they are reported on; sessions without any are absent. */
export function historyLiveFindings(sessions: readonly Session[]): Map<Session, Finding[]> {
  const out = new Map<Session, Finding[]>();
  for (const session of sessions) {
    const found = historyLiveComparisons(session).map(comparisonFinding).filter((f): f is Finding => f !== undefined);
    if (found.length > 0) out.set(session, found);
  }
  return out;
}
