// Which frames have findings, and the worst severity on each: the timeline's markers. Kept up to date
// incrementally, visiting only the sessions that changed: a pipeline's findings only grow, except when
// it switches protocol or is folded again, which replaces its findings array and its markers.
import type { Finding, Severity } from '../../model/finding';
import type { PanelSession } from './session-set';

const RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

export class FindingsIndex {
  private readonly worst = new Map<number, Severity>();

  severityOf(index: number): Severity | undefined {
    return this.worst.get(index);
  }

  get size(): number {
    return this.worst.size;
  }

  /**
   * Folds in what the touched sessions reported since the last call; returns whether anything changed.
   * `rebuilt` (sessions regrouped or removed) starts over from every session. Otherwise only the
   * touched sessions are visited: a session whose findings array was replaced (a protocol switch, a
   * refold) has its earlier markers taken back first. Its frames are its own, so no other session's
   * marker is lost.
   */
  update(touched: Iterable<PanelSession>, all: readonly PanelSession[], rebuilt: boolean): boolean {
    let changed = false;
    if (rebuilt) {
      this.worst.clear();
      for (const s of all) {
        s.seenFindings = 0;
        s.seenFindingsOf = undefined;
      }
      changed = true;
    }
    for (const s of rebuilt ? all : touched) {
      const findings = s.pipeline.findings();
      if (s.seenFindingsOf !== findings) {
        if (s.seenFindingsOf) {
          for (const f of s.seenFindingsOf) for (const index of f.frames) this.worst.delete(index);
          changed = true;
        }
        s.seenFindings = 0;
      }
      for (let i = s.seenFindings; i < findings.length; i++) {
        this.add(findings[i] as Finding);
        changed = true;
      }
      s.seenFindings = findings.length;
      s.seenFindingsOf = findings;
    }
    return changed;
  }

  /** The frame log dropped every frame below this capture index: their markers go with them. */
  forgetBelow(below: number): boolean {
    let changed = false;
    for (const index of this.worst.keys()) {
      if (index >= below) continue;
      this.worst.delete(index);
      changed = true;
    }
    return changed;
  }

  clear(): void {
    this.worst.clear();
  }

  private add(finding: Finding): void {
    for (const index of finding.frames) {
      const now = this.worst.get(index);
      if (!now || RANK[finding.severity] > RANK[now]) this.worst.set(index, finding.severity);
    }
  }
}
