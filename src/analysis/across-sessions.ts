// Checks that span several requests of a capture (the tool loop between requests; history read after a
// reload against what was streamed live; A2A tasks continued by later requests). Each finding is reported on the session of the request it
// points at, so `check`, `render` and the panel list it with that session's own findings. Every such
// check is called from here, so they all reach every consumer.
import type { Finding } from '../model/finding';
import { pushAll } from '../model/push-all';
import type { Session } from './sessions';
import { historyLiveFindings } from './history-live';
import { toolLoopFindings, type LoopOptions } from './tool-loop';
import { a2aTaskFindings } from './a2a-tasks';

export type AcrossOptions = LoopOptions;

/** Findings across requests by the session they are reported on; sessions without any are absent. */
export function acrossSessionFindings(sessions: readonly Session[], options: AcrossOptions = {}): Map<Session, Finding[]> {
  const out = new Map<Session, Finding[]>();
  const add = (found: ReadonlyMap<Session, readonly Finding[]>): void => {
    for (const [session, list] of found) {
      const into = out.get(session);
      if (into) pushAll(into, list);
      else out.set(session, [...list]);
    }
  };
  add(toolLoopFindings(sessions, options));
  add(historyLiveFindings(sessions));
  add(a2aTaskFindings(sessions));
  return out;
}
