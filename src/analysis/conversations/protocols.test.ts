// Joining requests into conversations, protocol by protocol: what ties a follow-up to the request it
// continues (a messages prefix, `previous_response_id`, the chat id, the thread id) and what keeps
// requests apart.
import { describe, expect, it } from 'vitest';
import { inspect } from '../../api/inspect';
import { conversations } from '../conversations';
import { requestCapture, weather, type RequestExchange, type StreamOptions } from '../tool-loop/test-support';
import { anthropicExchange, anthropicStream, anthropicUser, endTurnAnswer, toolResults, toolUseAnswer, toolUseMessage } from '../tool-loop/anthropic-support';
import { callsResponse, functionCallItem, functionOutput, inputUser, responsesExchange, responsesStream, textResponse } from '../tool-loop/responses-support';
import { toolPart, uiAssistant, uiCallsAnswer, uiExchange, uiStream, uiTextAnswer, uiUser } from '../tool-loop/aisdk-ui-support';

function joined(stream: StreamOptions, exchanges: RequestExchange[]) {
  return conversations(inspect(requestCapture(stream, exchanges)).sessions).map((c) => ({
    protocol: c.protocol,
    requests: c.requests.map((r) => [r.connectionId, r.continues, r.repeats, r.newFrom]),
  }));
}

const call = weather('c1', 'Paris');

describe('conversations of other protocols', () => {
  it('Anthropic: a follow-up repeating the messages continues its request', () => {
    const asked = [anthropicUser('Weather in Paris?')];
    expect(joined(anthropicStream, [anthropicExchange(asked, toolUseAnswer([call])), anthropicExchange([...asked, toolUseMessage([call]), toolResults('c1')], endTurnAnswer('Warm.'))])).toEqual([
      { protocol: 'anthropic', requests: [['req-1', undefined, undefined, 0], ['req-2', 0, undefined, 1]] },
    ]);
  });

  it('OpenAI Responses: previous_response_id names the response continued; a resent conversation joins by its prefix', () => {
    const asked = [inputUser('Weather in Paris?')];
    expect(
      joined(responsesStream, [
        responsesExchange(asked, callsResponse('resp_1', [call])),
        responsesExchange([functionOutput('c1')], textResponse('resp_2', 'Warm.'), 'resp_1'),
        responsesExchange([inputUser('And Rome?')], textResponse('resp_3', 'Warmer.'), 'resp_2'),
      ]),
    ).toEqual([{ protocol: 'openai-responses', requests: [['req-1', undefined, undefined, 0], ['req-2', 0, undefined, 0], ['req-3', 1, undefined, 0]] }]);
    expect(joined(responsesStream, [responsesExchange(asked, callsResponse('resp_1', [call])), responsesExchange([...asked, functionCallItem(call), functionOutput('c1')], textResponse('resp_2', 'Warm.'))])).toEqual([
      { protocol: 'openai-responses', requests: [['req-1', undefined, undefined, 0], ['req-2', 0, undefined, 1]] },
    ]);
  });

  it('AI SDK UI: the follow-up resending the assistant message continues it in place; other chats stay apart; regenerate repeats', () => {
    const asked = [uiUser('u1', 'Weather in Paris?')];
    const first = uiExchange(asked, uiCallsAnswer('a1', [call]));
    const second = uiExchange([...asked, uiAssistant('a1', toolPart(call))], uiCallsAnswer('a1', [weather('c2', 'Rome')]));
    const third = uiExchange([...asked, uiAssistant('a1', toolPart(call), toolPart(weather('c2', 'Rome')))], uiTextAnswer('a1', 'Warm.'));
    expect(joined(uiStream, [first, second, third])).toEqual([
      { protocol: 'aisdk-ui', requests: [['req-1', undefined, undefined, 0], ['req-2', 0, undefined, 1], ['req-3', 1, undefined, 1]] },
    ]);
    expect(joined(uiStream, [first, uiExchange(asked, uiTextAnswer('a2', 'Hi.'), 'chat_2')]).map((c) => c.requests.length)).toEqual([1, 1]);
    const regenerate = { ...first, body: { ...(first.body as object), trigger: 'regenerate-message' } };
    expect(joined(uiStream, [first, regenerate])).toEqual([{ protocol: 'aisdk-ui', requests: [['req-1', undefined, undefined, 0], ['req-2', undefined, 0, 0]] }]);
  });

  it('AG-UI: runs of one threadId join even when a run sends only new messages; other threads stay apart', () => {
    const run = (threadId: string, runId: string, messages: unknown[]): RequestExchange => ({
      body: { threadId, runId, state: {}, messages, tools: [], context: [], forwardedProps: {} },
      answer: [
        { type: 'RUN_STARTED', threadId, runId },
        { type: 'TEXT_MESSAGE_START', messageId: `m-${runId}`, role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${runId}`, delta: 'Hi.' },
        { type: 'TEXT_MESSAGE_END', messageId: `m-${runId}` },
        { type: 'RUN_FINISHED', threadId, runId },
      ],
    });
    const agent: StreamOptions = { url: 'https://agent.example/awp' };
    expect(
      joined(agent, [
        run('t1', 'r1', [{ id: 'u1', role: 'user', content: 'Hello' }]),
        run('t2', 'r2', [{ id: 'u9', role: 'user', content: 'Other' }]),
        run('t1', 'r3', [{ id: 'u2', role: 'user', content: 'Again' }]),
      ]),
    ).toEqual([
      { protocol: 'ag-ui', requests: [['req-1', undefined, undefined, 0], ['req-3', 0, undefined, 0]] },
      { protocol: 'ag-ui', requests: [['req-2', undefined, undefined, 0]] },
    ]);
  });
});
