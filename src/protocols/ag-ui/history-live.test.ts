// History against live for AG-UI: a run streams a text and two tool calls with results; after a reload
// the page starts a later run of the same thread whose MESSAGES_SNAPSHOT rebuilds the conversation.
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../../model/frame';
import { splitSessions } from '../../analysis/sessions';
import { acrossSessionFindings } from '../../analysis/across-sessions';
import { historyLiveComparisons } from '../../analysis/history-live';
import { location } from '../../api/check';
import { protocols } from '../registry';

const RULE = 'agui/history-differs-from-live';
const THREAD = 'thread-7';
const user = { id: 'u1', role: 'user', content: 'Thời tiết Hà Nội và TP.HCM?' };

const live = [
  { type: 'RUN_STARTED', threadId: THREAD, runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Mình tra cứu ' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'hai thành phố.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
  { type: 'TOOL_CALL_START', toolCallId: 'call-hn', toolCallName: 'get_weather', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'call-hn', delta: '{"city":"Hà Nội"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'call-hn' },
  { type: 'TOOL_CALL_START', toolCallId: 'call-hcm', toolCallName: 'get_weather', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'call-hcm', delta: '{"city":"TP.HCM"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'call-hcm' },
  { type: 'TOOL_CALL_RESULT', messageId: 't-hn', toolCallId: 'call-hn', content: '24°C' },
  { type: 'TOOL_CALL_RESULT', messageId: 't-hcm', toolCallId: 'call-hcm', content: '33°C' },
  { type: 'RUN_FINISHED', threadId: THREAD, runId: 'r1' },
];

const call = (id: string, city: string) => ({ id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } });
const assistant = (calls: object[], content = 'Mình tra cứu hai thành phố.') => ({ id: 'a1', role: 'assistant', content, toolCalls: calls });
const fullHistory = [user, assistant([call('call-hn', 'Hà Nội'), call('call-hcm', 'TP.HCM')]), { id: 't-hn', role: 'tool', toolCallId: 'call-hn', content: '24°C' }, { id: 't-hcm', role: 'tool', toolCallId: 'call-hcm', content: '33°C' }];

function capture(snapshot: object[], streamed: readonly object[] = live): Capture {
  const later = [{ type: 'RUN_STARTED', threadId: THREAD, runId: 'r2' }, { type: 'MESSAGES_SNAPSHOT', messages: snapshot }, { type: 'RUN_FINISHED', threadId: THREAD, runId: 'r2' }];
  const frames: Frame[] = [
    ...streamed.map((e, i): Frame => ({ index: i, connectionId: 'run1', time: 1_000 + i, direction: 'in', kind: 'message', data: JSON.stringify(e) })),
    ...later.map((e, i): Frame => ({ index: streamed.length + i, connectionId: 'run2', time: 5_000 + i, direction: 'in', kind: 'message', data: JSON.stringify(e) })),
  ];
  const request = (runId: string, messages: object[]) => JSON.stringify({ threadId: THREAD, runId, messages, tools: [], context: [], state: {}, forwardedProps: {} });
  return {
    connections: [
      { id: 'run1', transport: 'sse', url: 'http://127.0.0.1/agent', method: 'POST', requestBody: request('r1', [user]) },
      { id: 'run2', transport: 'sse', url: 'http://127.0.0.1/agent', method: 'POST', requestBody: request('r2', []) },
    ],
    frames,
  };
}

function check(snapshot: object[], streamed?: readonly object[]) {
  const sessions = splitSessions(capture(snapshot, streamed), protocols);
  const across = acrossSessionFindings(sessions);
  return { sessions, findings: sessions.flatMap((s) => across.get(s) ?? []) };
}

describe('agui/history-differs-from-live', () => {
  it('reports a later run whose snapshot drops a tool call the run streamed', () => {
    const dropped = [user, assistant([call('call-hn', 'Hà Nội')]), { id: 't-hn', role: 'tool', toolCallId: 'call-hn', content: '24°C' }];
    const { findings, sessions } = check(dropped);
    expect(sessions).toHaveLength(1);
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([[RULE, 'error']]);
    expect(findings[0]?.frames).toEqual([live.length + 1]);
    expect(findings[0]?.message).toContain('history lacks the tool "get_weather" (call-hcm)');
  });

  it('is silent when the snapshot holds what was streamed, and compared it', () => {
    const { findings, sessions } = check(fullHistory);
    expect(findings).toEqual([]);
    expect(historyLiveComparisons(sessions[0]!).map((c) => [c.historyFrame, c.difference])).toEqual([[live.length + 1, undefined]]);
  });

  it('reports a tool result the snapshot lost, at the tool call in the snapshot', () => {
    const { findings } = check(fullHistory.slice(0, 3));
    expect(findings.map((f) => location(f))).toEqual([`${live.length + 2}:messages[1].toolCalls[1]`]);
    expect(findings[0]?.message).toContain('as pending');
  });

  it('reports changed text, and allows a snapshot with earlier messages the run did not show', () => {
    expect(check([user, assistant([call('call-hn', 'Hà Nội'), call('call-hcm', 'TP.HCM')], 'Khác hẳn.'), ...fullHistory.slice(2)]).findings.map((f) => f.path)).toEqual(['messages[1]']);
    const earlier = [{ id: 'u0', role: 'user', content: 'Chào' }, { id: 'a0', role: 'assistant', content: 'Chào bạn!' }];
    expect(check([...earlier, ...fullHistory]).findings).toEqual([]);
  });

  it('is silent when the snapshot omits a message the run streamed: a snapshot reconciles by id and drops it', () => {
    const retracted = [
      ...live.slice(0, -1),
      { type: 'TEXT_MESSAGE_START', messageId: 'b1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'b1', delta: 'Bản nháp, sẽ rút lại.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'b1' },
      live[live.length - 1]!,
    ];
    const { findings, sessions } = check(fullHistory, retracted);
    expect(findings).toEqual([]);
    expect(historyLiveComparisons(sessions[0]!)).toHaveLength(1);
    // A message the snapshot does carry is still held to what was streamed.
    const changed = [user, assistant([call('call-hn', 'Hà Nội'), call('call-hcm', 'TP.HCM')], 'Khác hẳn.'), ...fullHistory.slice(2)];
    expect(check(changed, retracted).findings.map((f) => f.rule)).toEqual([RULE]);
  });
});
