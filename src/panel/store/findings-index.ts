// Which frames have findings, and the worst severity on each: the timeline's markers. Kept up to date
// incrementally: a pipeline's findings only grow, except when it switches protocol or is rebuilt,
// which replaces its findings array and makes the index start over.
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

  /** Folds in what the sessions reported since the last call; returns whether anything changed. */
  update(sessions: readonly PanelSession[], rebuilt: boolean): boolean {
    const replaced = rebuilt || sessions.some((s) => s.seenFindingsOf !== undefined && s.seenFindingsOf !== s.pipeline.findings());
    if (replaced) {
      this.worst.clear();
      for (const s of sessions) s.seenFindings = 0;
    }
    let changed = replaced;
    for (const s of sessions) {
      const all = s.pipeline.findings();
      if (s.seenFindingsOf !== all) s.seenFindings = 0;
      for (let i = s.seenFindings; i < all.length; i++) {
        this.add(all[i] as Finding);
        changed = true;
      }
      s.seenFindings = all.length;
      s.seenFindingsOf = all;
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
