import { describe, expect, it } from 'vitest';
import type { Frame } from '../model/frame';
import { inspect } from '../api/inspect';
import { conversations } from './conversations';
import { conversationTurns, renderConversations } from './conversation-turns';
import { assistantCalls, callsAnswer, loopCapture, system, textAnswer, toolResult, user, weather } from './tool-loop/test-support';

const paris = weather('call_1', 'Paris');
const rome = weather('call_2', 'Rome');

function turnsOf(capture: ReturnType<typeof loopCapture>) {
  const [conversation] = conversations(inspect(capture).sessions);
  return conversationTurns(conversation!).map((t) => [t.kind, t.request, t.frame, t.lines]);
}

describe('conversation turns across requests', () => {
  it('reads user, tool calls, tool results and the final answer, each at its request and frame', () => {
    const capture = loopCapture([
      { messages: [system, user('Paris and Rome?')], answer: callsAnswer([paris, rome]) },
      { messages: [system, user('Paris and Rome?'), assistantCalls([paris, rome]), toolResult('call_1'), toolResult('call_2', '{"temp":24}')], answer: textAnswer('21 °C and 24 °C.') },
    ]);
    // Request 1: body frame 0, six chunks, finish_reason at frame 6, [DONE] 7; request 2: body frame 8, text at 9, finish at 10.
    expect(turnsOf(capture)).toEqual([
      ['user', 0, 0, ['Paris and Rome?']],
      ['tool-calls', 0, 6, ['get_weather({"city":"Paris"}) · call_1', 'get_weather({"city":"Rome"}) · call_2']],
      ['tool-result', 1, 8, ['call_1 → {"temp":21}', 'call_2 → {"temp":24}']],
      ['answer', 1, 10, ['21 °C and 24 °C.']],
    ]);
  });

  it('marks a loop that stopped after the tool calls, and shows a retry only by its answer', () => {
    const capture = loopCapture([
      { messages: [user('Paris?')], answer: textAnswer('One moment.') },
      { messages: [user('Paris?')], answer: callsAnswer([paris]) },
    ]);
    expect(turnsOf(capture).map(([kind, request]) => [kind, request])).toEqual([
      ['user', 0],
      ['answer', 0],
      ['tool-calls', 1],
      ['waiting', 1],
    ]);
  });

  it('says where a request’s stream was cut off, with the finding’s words, and the retry’s answer after it', () => {
    const capture = loopCapture([
      { messages: [user('Paris?')], answer: textAnswer('Sunny and') },
      { messages: [user('Paris?')], answer: textAnswer('Sunny.') },
    ]);
    // The first stream closes after its text chunk: no finish_reason, no [DONE] (frames 0 body, 1 text, then the close).
    const first = capture.frames.filter((f) => f.connectionId === 'req-1').slice(0, 2);
    const rest = capture.frames.filter((f) => f.connectionId !== 'req-1');
    const close: Frame = { index: 2, connectionId: 'req-1', time: 2, direction: 'in', kind: 'close', data: '' };
    capture.frames = [...first, close, ...rest].map((f, index) => ({ ...f, index, time: index }));
    const turns = turnsOf(capture);
    expect(turns.map(([kind, request, frame]) => [kind, request, frame])).toEqual([
      ['user', 0, 0],
      ['answer', 0, 0],
      ['cut-off', 0, 2],
      ['answer', 1, 5],
    ]);
    expect((turns[2]![3] as string[])[0]).toMatch(/^the connection closed mid-answer/);
  });

  it('prints conversations of several requests for render, page text on one line', () => {
    const capture = loopCapture([
      { messages: [user('Paris?\nand more')], answer: callsAnswer([paris]) },
      { messages: [user('Paris?\nand more'), assistantCalls([paris]), toolResult('call_1')], answer: textAnswer('Sunny.') },
    ]);
    expect(renderConversations(conversations(inspect(capture).sessions))).toBe(
      [
        '== conversation req-1 (openai-chat, 2 requests) ==',
        'user [request 1 #1]: Paris? and more',
        'tool calls [request 1 #5]: get_weather({"city":"Paris"}) · call_1',
        'tool results [request 2 #7]: call_1 → {"temp":21}',
        'assistant [request 2 #9]: Sunny.',
        '',
      ].join('\n'),
    );
    // A lone request is not a conversation worth a block.
    expect(renderConversations(conversations(inspect(loopCapture([{ messages: [user('Hi')], answer: textAnswer('Hello') }])).sessions))).toBe('');
  });
});
