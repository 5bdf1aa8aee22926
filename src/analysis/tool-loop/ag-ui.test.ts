// Each AG-UI frontend tool-loop rule on a thread that breaks it, and on its near-identical twin that does not.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { requestCapture, weather, type Call, type RequestExchange, type StreamOptions } from './test-support';

const agent: StreamOptions = { url: 'https://agent.example/awp' };
const calls = [weather('call_1', 'Paris'), weather('call_2', 'Rome')];
const asked = [{ id: 'u1', role: 'user', content: 'Weather in Paris and Rome?' }];
let runs = 0;

function run(messages: readonly unknown[], events: object[]): RequestExchange {
  runs += 1;
  const ids = { threadId: 't1', runId: `r${runs}` };
  return { body: { ...ids, state: {}, messages, tools: [], context: [], forwardedProps: {} }, answer: [{ type: 'RUN_STARTED', ...ids }, ...events, { type: 'RUN_FINISHED', ...ids }] };
}

const toolEvents = (list: readonly Call[]) =>
  list.flatMap((c) => [
    { type: 'TOOL_CALL_START', toolCallId: c.id, toolCallName: c.name, parentMessageId: 'a1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: c.id, delta: c.arguments },
    { type: 'TOOL_CALL_END', toolCallId: c.id },
  ]);
const textEvents = [
  { type: 'TEXT_MESSAGE_START', messageId: 'a2', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: '21° in both.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'a2' },
];
const assistantCalls = (list: readonly Call[]) => ({ id: 'a1', role: 'assistant', toolCalls: list.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) });
const toolMessage = (id: string) => ({ id: `tm-${id}`, role: 'tool', toolCallId: id, content: '{"temp":21}' });

const first = () => run(asked, toolEvents(calls));
const followUp = (...tail: unknown[]) => run([...asked, ...tail], textEvents);

function findings(exchanges: RequestExchange[]): string[] {
  return check(requestCapture(agent, exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('AG-UI frontend tool loop', () => {
  it('is silent on a loop the page completed, and on tools the agent ran itself', () => {
    expect(findings([first(), followUp(assistantCalls(calls), toolMessage('call_1'), toolMessage('call_2'))])).toEqual([]);
    const served = [...toolEvents([calls[0]!]), { type: 'TOOL_CALL_RESULT', messageId: 'tm-call_1', toolCallId: 'call_1', content: '{"temp":21}' }];
    expect(findings([run(asked, served)])).toEqual([]);
  });

  it('loop-stalled: frontend calls and no later run of the thread (warning at RUN_FINISHED)', () => {
    // Frames: 1 request, 2 RUN_STARTED, 3-8 the two calls, 9 RUN_FINISHED.
    expect(findings([first()])).toEqual(['9 agui/loop-stalled']);
  });

  it('loop-tool-calls-changed: a call with other arguments', () => {
    // The follow-up is frame 10; the assistant message is messages[1].
    expect(findings([first(), followUp(assistantCalls([calls[0]!, weather('call_2', 'Berlin')]), toolMessage('call_1'), toolMessage('call_2'))])).toEqual(['10:messages[1] agui/loop-tool-calls-changed']);
  });

  it('loop-unknown-tool-call-id and loop-missing-tool-result: a tool message with a wrong id', () => {
    expect(findings([first(), followUp(assistantCalls(calls), toolMessage('call_1'), toolMessage('call_3'))])).toEqual([
      '10:messages[3] agui/loop-unknown-tool-call-id',
      '10:messages[1] agui/loop-missing-tool-result',
    ]);
  });
});
