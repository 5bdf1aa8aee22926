// The frame markers follow the sessions that changed, without visiting the others.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../model/finding';
import type { PanelSession } from './session-set';
import { FindingsIndex } from './findings-index';

const finding = (frames: number[], severity: Finding['severity'] = 'warning'): Finding => ({ rule: 'r', severity, message: 'm', frames, at: frames[0] ?? 0 }) as Finding;

/** A session whose findings are whatever `findings` holds, counting how often they were read. */
function session(findings: Finding[]) {
  const s = { findings, reads: 0, seenFindings: 0, seenFindingsOf: undefined as readonly Finding[] | undefined };
  const pipeline = {
    findings: () => {
      s.reads++;
      return s.findings;
    },
  };
  return Object.assign(s, { pipeline }) as unknown as typeof s & PanelSession;
}

describe('FindingsIndex', () => {
  it('visits only the sessions touched since the last update', () => {
    const a = session([finding([1])]);
    const b = session([finding([2], 'error')]);
    const index = new FindingsIndex();
    expect(index.update([a, b], [a, b], false)).toBe(true);
    expect([index.severityOf(1), index.severityOf(2)]).toEqual(['warning', 'error']);
    const readsOfB = b.reads;
    a.findings.push(finding([3], 'info'));
    expect(index.update([a], [a, b], false)).toBe(true);
    expect(b.reads).toBe(readsOfB);
    expect(index.severityOf(3)).toBe('info');
    expect(index.update([a], [a, b], false)).toBe(false);
  });

  it('takes back the markers of a session whose findings were replaced', () => {
    const a = session([finding([1], 'error'), finding([2])]);
    const b = session([finding([5])]);
    const index = new FindingsIndex();
    index.update([a, b], [a, b], false);
    a.findings = [finding([2], 'info')];
    expect(index.update([a], [a, b], false)).toBe(true);
    expect([index.severityOf(1), index.severityOf(2), index.severityOf(5)]).toEqual([undefined, 'info', 'warning']);
  });

  it('starts over from every session after a regroup, and forgets dropped frames', () => {
    const a = session([finding([1])]);
    const b = session([finding([2])]);
    const index = new FindingsIndex();
    index.update([a, b], [a, b], false);
    expect(index.update([], [b], true)).toBe(true);
    expect([index.severityOf(1), index.severityOf(2)]).toEqual([undefined, 'warning']);
    expect(index.forgetBelow(2)).toBe(false);
    expect(index.forgetBelow(10)).toBe(true);
    expect(index.size).toBe(0);
    expect(index.forgetBelow(3)).toBe(false);
  });
});
