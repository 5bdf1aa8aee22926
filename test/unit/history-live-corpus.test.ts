// History against live over every real recording in the shared corpus: none is a reload whose history
// differs from what was streamed, so none may get a history-differs-from-live finding (a false alarm on
// a real stream is a bug). The Dart SDK's MESSAGES_SNAPSHOT scenarios send the snapshot before any
// streamed content, so there is nothing live to compare it with: the check must leave them alone.
// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { historyLiveComparisons, historyLiveFindings } from '../../src/analysis/history-live';
import { protocols } from '../../src/protocols/registry';
import { CORPUS_DIR, HAS_CORPUS, needsShared } from '../support/shared-dir';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name === 'README.md' ? [] : [full];
  });
}

describe.skipIf(!HAS_CORPUS)(needsShared('history against live raises no false alarm on the real corpus'), () => {
  const all = HAS_CORPUS ? files(CORPUS_DIR).sort() : [];

  it('finds no difference in any recording', () => {
    const alarms: string[] = [];
    for (const file of all) {
      const sessions = splitSessions(readInput(readFileSync(file, 'utf8')).capture, protocols);
      for (const [, list] of historyLiveFindings(sessions)) alarms.push(...list.map((f) => `${path.relative(CORPUS_DIR, file)}: ${f.message}`));
    }
    expect(all.length).toBeGreaterThan(100);
    expect(alarms).toEqual([]);
  });

  it('compares no snapshot that comes before the streamed content it would be compared with', () => {
    const file = path.join(CORPUS_DIR, 'ag-ui/dart/events.json');
    const sessions = splitSessions(readInput(readFileSync(file, 'utf8')).capture, protocols);
    expect(sessions.flatMap(historyLiveComparisons)).toEqual([]);
  });
});
