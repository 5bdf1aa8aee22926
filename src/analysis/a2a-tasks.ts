// A2A task continuation across requests: every A2A request that sends a message for a task, and every
// state the agent reported for a task, in capture order, whatever session each landed in (a message
// rejected for a finished task comes back as an error with no contextId, so it is a session of its
// own). A message for a task already in a terminal state is reported on the request's session; a task
// whose last state asked for input and that no later request answered, on the session that asked.
import type { Finding } from '../model/finding';
import type { Connection, Frame } from '../model/frame';
import { requestJson } from '../protocols/shared/request-prompt';
import { isRecord } from '../protocols/shared/view-helpers';
import { a2aRules, A2A_RULES as R } from '../protocols/a2a/rules';
import { A2A_METHODS, TERMINAL_STATES, type TaskStateName } from '../protocols/a2a/schema';
import { readResult, requestMessage } from '../protocols/a2a/normalize';
import { safeText } from '../model/safe-text';
import type { Session } from './sessions';
import { frameRef } from '../model/frame-ref';

type Entry =
  | { kind: 'request'; frame: number; session: Session; taskId: string; method: string }
  | { kind: 'state'; frame: number; session: Session; taskId: string; state: TaskStateName };

const SEVERITY = new Map(a2aRules.map((r) => [r.id, r.severity]));

/** Task continuation findings by the session they are reported on; sessions without any are absent. */
export function a2aTaskFindings(sessions: readonly Session[]): Map<Session, Finding[]> {
  const entries: Entry[] = [];
  for (const session of sessions) {
    if (session.pipeline.protocol !== 'a2a') continue;
    let frames: readonly Frame[];
    try {
      frames = session.pipeline.frames;
    } catch {
      continue; // a pipeline that keeps no frames has none to read again
    }
    collect(session, frames, entries);
  }
  entries.sort((a, b) => a.frame - b.frame || (a.kind === b.kind ? 0 : a.kind === 'request' ? -1 : 1));
  const out = new Map<Session, Finding[]>();
  const report = (session: Session, rule: string, message: string, frames: number[]): void => {
    let list = out.get(session);
    if (!list) out.set(session, (list = []));
    list.push({ rule, severity: SEVERITY.get(rule) ?? 'warning', message, frames, at: frames.reduce((a, b) => Math.max(a, b), 0) });
  };
  const states = new Map<string, { state: TaskStateName; frame: number }>();
  const asking = new Map<string, { frame: number; session: Session }>();
  for (const e of entries) {
    if (e.kind === 'request') {
      const known = states.get(e.taskId);
      if (known && TERMINAL_STATES.has(known.state)) {
        report(e.session, R.messageToFinalTask, `${e.method} sends a message for task "${safeText(e.taskId, 80)}", which was ${known.state} at frame ${frameRef(known.frame)}; a finished task takes no more messages.`, [e.frame, known.frame]);
      }
      asking.delete(e.taskId);
      continue;
    }
    const before = states.get(e.taskId)?.state;
    // A terminal state stays (the SDK ignores a change out of it); a snapshot repeating a question asks nothing new.
    if (before !== undefined && TERMINAL_STATES.has(before)) continue;
    states.set(e.taskId, { state: e.state, frame: e.frame });
    if (e.state !== 'input-required') asking.delete(e.taskId);
    else if (before !== 'input-required') asking.set(e.taskId, { frame: e.frame, session: e.session });
  }
  for (const [taskId, { frame, session }] of asking) {
    report(session, R.inputNeverAnswered, `task "${safeText(taskId, 80)}" asked for input at frame ${frameRef(frame)}, and no later request sent a message for it; the task waits.`, [frame]);
  }
  return out;
}

function collect(session: Session, frames: readonly Frame[], into: Entry[]): void {
  const first = new Map<string, number>();
  for (const f of frames) {
    if (!first.has(f.connectionId)) first.set(f.connectionId, f.index);
    if (f.kind !== 'message' || f.direction !== 'in' || !f.data.includes('"jsonrpc"')) continue;
    let json: unknown;
    try {
      json = JSON.parse(f.data);
    } catch {
      continue;
    }
    if (!isRecord(json) || !('result' in json)) continue;
    const read = readResult(json.result);
    if (!read.ok) continue;
    const e = read.event;
    if (e.kind === 'task') into.push({ kind: 'state', frame: f.index, session, taskId: e.id, state: e.state });
    else if (e.kind === 'status-update') into.push({ kind: 'state', frame: f.index, session, taskId: e.taskId, state: e.state });
  }
  for (const c of session.connections) {
    const at = first.get(c.id);
    const request = at === undefined ? undefined : messageRequest(c);
    if (request && at !== undefined) into.push({ kind: 'request', frame: at, session, ...request });
  }
}

/** A message request that names a task: its method and the task. */
function messageRequest(connection: Connection): { method: string; taskId: string } | undefined {
  const body = requestJson(connection);
  if (!isRecord(body) || typeof body.method !== 'string') return undefined;
  const kind = A2A_METHODS[body.method];
  if (kind !== 'send' && kind !== 'stream') return undefined;
  const taskId = requestMessage(body.params)?.taskId;
  return taskId === undefined ? undefined : { method: body.method, taskId };
}
