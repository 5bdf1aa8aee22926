// The findings the panel lists, in one scope with the toolbar's counts: with one session chosen, that
// session's findings; with "All sessions", every session's findings grouped by session (in the
// sessions' order), so the Findings tab lists exactly as many findings as the toolbar counts.
import type { Finding, Severity } from '../../model/finding';
import type { PanelSession } from './session-set';
import { sortFindings } from './finding-order';
import { withAcross } from './across-merge';

export interface FindingGroup {
  session: PanelSession;
  /** In frame order, those across requests merged in. */
  findings: readonly Finding[];
  /** Position of the group's first finding in the flat list. */
  offset: number;
}

export interface ListedFindings {
  /** Every session's group when unscoped; only the scoped session's when scoped (even when empty). */
  groups: readonly FindingGroup[];
  /** The groups' findings one after another: what next/previous steps through. */
  flat: readonly Finding[];
  /** Whether the list covers every session ("All sessions"). */
  all: boolean;
}

/** A session's findings in frame order, with the findings across requests reported on it. */
export function sessionFindings(session: PanelSession, across: (s: PanelSession) => readonly Finding[]): readonly Finding[] {
  return withAcross(sortFindings(session.pipeline.findings()), across(session));
}

export function listFindings(sessions: readonly PanelSession[], scoped: PanelSession | undefined, across: (s: PanelSession) => readonly Finding[]): ListedFindings {
  if (scoped) {
    const findings = sessionFindings(scoped, across);
    return { groups: [{ session: scoped, findings, offset: 0 }], flat: findings, all: false };
  }
  const groups: FindingGroup[] = [];
  let offset = 0;
  for (const session of sessions) {
    const findings = sessionFindings(session, across);
    if (findings.length === 0) continue;
    groups.push({ session, findings, offset });
    offset += findings.length;
  }
  // One group needs no copy: the flat list is that group's own (extended in place as frames arrive).
  const flat = groups.length === 1 ? (groups[0] as FindingGroup).findings : groups.flatMap((g) => g.findings);
  return { groups, flat, all: true };
}

/** The first error in frame order (the one the error banner shows), if any. */
export function firstError(findings: readonly Finding[]): Finding | undefined {
  return findings.find((f) => f.severity === 'error');
}

/** The glyph beside a severity, so it reads without colour (✕ error, ⚠ warning, ℹ info). */
export const SEVERITY_GLYPH: Record<Severity, string> = { error: '✕', warning: '⚠', info: 'ℹ' };
