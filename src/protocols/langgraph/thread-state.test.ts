// LangGraph thread state against live: a state read after a run of the same thread is compared with
// what the run streamed (one triggering and one near-identical clean capture).
import { describe, expect, it } from 'vitest';
import type { Capture, Connection, Frame } from '../../model/frame';
import { protocols } from '../registry';
import { splitSessions } from '../../analysis/sessions';
import { acrossSessionFindings } from '../../analysis/across-sessions';
import { historyLiveComparisons } from '../../analysis/history-live';
import { aiMessage, answer, eventFrames, human } from './test-helpers';

const THREAD = '01a221bf-dcfb-741c-9197-2a6452c91ded';
const base = 'http://127.0.0.1:2024';

function capture(stateMessages: object[], ids = { run: 'run', state: 'state' }): Capture {
  const run: Connection = { id: ids.run, transport: 'sse', method: 'POST', url: `${base}/threads/${THREAD}/runs/stream` };
  const read: Connection = { id: ids.state, transport: 'http-json', method: 'GET', url: `${base}/threads/${THREAD}/state` };
  const frames: Frame[] = eventFrames(answer, ids.run);
  const state = { values: { messages: stateMessages }, next: [], tasks: [], metadata: {}, checkpoint: { thread_id: THREAD }, created_at: null, parent_checkpoint: null };
  frames.push({ index: frames.length, connectionId: ids.state, time: frames.length, direction: 'in', kind: 'message', data: JSON.stringify(state) });
  return { connections: [run, read], frames };
}

function findings(c: Capture) {
  const sessions = splitSessions(c, protocols);
  return { sessions, found: [...acrossSessionFindings(sessions).values()].flat() };
}

describe('langgraph thread state against live', () => {
  it('the run and the state read are one session of the thread', () => {
    const { sessions } = findings(capture([human, aiMessage('It is sunny.')]));
    expect(sessions.map((s) => [s.pipeline.definition?.id, s.agentKey, s.connections.length])).toEqual([['langgraph', THREAD, 2]]);
  });

  it('langgraph/thread-state-differs-from-live: the state holds another text for the streamed message', () => {
    const { found } = findings(capture([human, aiMessage('It is rainy.')]));
    expect(found.map((f) => [f.rule, f.severity, f.frames[0], f.path])).toEqual([['langgraph/thread-state-differs-from-live', 'error', 6, 'values.messages[1]']]);
    expect(found[0]?.message).toContain('It is rainy.');
  });

  it('is silent when the state holds what was streamed, and earlier turns besides', () => {
    const earlier = [{ type: 'human', content: 'Hi', id: 'h0' }, { type: 'ai', content: 'Hello!', id: 'ai0' }];
    expect(findings(capture([human, aiMessage('It is sunny.')])).found).toEqual([]);
    expect(findings(capture([...earlier, human, aiMessage('It is sunny.')])).found).toEqual([]);
  });

  it('tells a state read by the same page from one after a reload, by the document in the extension\'s connection ids', () => {
    const pageLoad = (ids: { run: string; state: string }) => splitSessions(capture([human, aiMessage('It is sunny.')], ids), protocols).flatMap(historyLiveComparisons).map((c) => c.pageLoad);
    // useStream reads the thread's state when the run ends: the same document.
    expect(pageLoad({ run: '1.k3j9a0zq-1', state: '1.k3j9a0zq-2' })).toEqual(['same']);
    // A reload with preserve log on: the read comes from the next document.
    expect(pageLoad({ run: '1.k3j9a0zq-1', state: '2.p0x1m7aa-1' })).toEqual(['reloaded']);
    // Ids of another kind cannot tell.
    expect(pageLoad({ run: 'run', state: 'state' })).toEqual([undefined]);
  });
});
