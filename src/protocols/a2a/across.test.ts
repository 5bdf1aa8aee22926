// The A2A checks across requests (src/analysis/a2a-tasks.ts), through acrossSessionFindings as every
// consumer calls them: one triggering and one near-identical clean capture per rule.
import { describe, expect, it } from 'vitest';
import { acrossSessionFindings } from '../../analysis/across-sessions';
import { splitSessions } from '../../analysis/sessions';
import { protocols } from '../registry';
import { a2aRules } from './rules';
import { artifact03, cleanTurns03, exchangeCapture, msg03, send03, status03, T, task03, type Exchange } from './testing';

function across(exchanges: Exchange[]) {
  const sessions = splitSessions(exchangeCapture(exchanges), protocols);
  const found = acrossSessionFindings(sessions);
  return { sessions, findings: [...found.values()].flat() };
}

const completed: Exchange = { method: 'message/stream', params: send03('Weather?'), events: [task03(), artifact03('Sunny', { lastChunk: true }), status03('completed', true)] };
const rejected: Exchange = { method: 'message/send', params: send03('And tomorrow?', T), events: [{ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Task is in a terminal state' } }] };

describe('a2a across requests', () => {
  it('a2a/message-to-final-task: a message for a completed task, not one for a task that asked', () => {
    const bad = across([completed, rejected]);
    const hit = bad.findings.find((f) => f.rule === 'a2a/message-to-final-task');
    expect(hit).toMatchObject({ severity: a2aRules.find((r) => r.id === 'a2a/message-to-final-task')?.severity, frames: [4, 2] });
    expect(hit?.message).toContain('completed at frame');
    // The request names the task's context, so it joins that session; without one it is a session of its own.
    expect(bad.sessions.length).toBe(1);
    const bare: Exchange = { ...rejected, params: { message: msg03('user', 'And tomorrow?', 'u-2', { taskId: T }) } };
    const apart = across([completed, bare]);
    expect(apart.sessions.length).toBe(2);
    expect(apart.findings.map((f) => f.rule)).toEqual(['a2a/message-to-final-task']);
    expect([...acrossSessionFindings(apart.sessions).keys()]).toEqual([apart.sessions[1]]);
    const good = across(cleanTurns03());
    expect(good.findings).toEqual([]);
  });

  it('a2a/input-required-unanswered: a question no later request answered', () => {
    const [ask] = cleanTurns03();
    const bad = across([ask!]);
    expect(bad.findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['a2a/input-required-unanswered', 'warning', [2]]]);
    const answeredElsewhere = across([ask!, { method: 'message/send', params: send03('Oslo', T), events: [msg03('agent', 'Noted')] }]);
    expect(answeredElsewhere.findings).toEqual([]);
  });

  it('reads v1.0 the same: a task the agent moves past input-required by itself waits for nothing', () => {
    const v1 = across([{ method: 'SendStreamingMessage', params: {}, events: [{ task: { id: T, contextId: 'c', status: { state: 'TASK_STATE_INPUT_REQUIRED' } } }, { statusUpdate: { taskId: T, contextId: 'c', status: { state: 'TASK_STATE_CANCELED' } } }] }]);
    expect(v1.findings).toEqual([]);
    expect(across([{ method: 'SendStreamingMessage', params: {}, events: [status03('working', false)] }]).findings).toEqual([]);
  });
});
