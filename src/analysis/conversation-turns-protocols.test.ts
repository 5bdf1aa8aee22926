// Conversation turns of every joined protocol besides OpenAI Chat: the tool results the follow-up
// carries, the answer's text and the stalled mark. Frame numbers: each request's body is its first
// frame, then one frame per streamed event (counted by hand in each comment).
import { describe, expect, it } from 'vitest';
import { inspect } from '../api/inspect';
import { runCli } from '../cli/test-support';
import type { Capture } from '../model/frame';
import { conversations } from './conversations';
import { conversationTurns } from './conversation-turns';
import { anthropicExchange, anthropicStream, anthropicUser, endTurnAnswer, toolResults, toolUseAnswer, toolUseMessage } from './tool-loop/anthropic-support';
import { toolPart, uiAssistant, uiCallsAnswer, uiExchange, uiStream, uiTextAnswer, uiUser } from './tool-loop/aisdk-ui-support';
import { cohereAssistant, cohereCallsAnswer, cohereExchange, cohereStream, cohereTextAnswer, cohereToolResult, cohereUser } from './tool-loop/cohere-support';
import { functionCallSteps, functionResults, interactionCalls, interactionExchange, interactionsStream, interactionText, userInput } from './tool-loop/gemini-interactions-support';
import { callsResponse, functionOutput, inputUser, responsesExchange, responsesStream, textResponse } from './tool-loop/responses-support';
import { requestCapture, weather, type RequestExchange } from './tool-loop/test-support';

const paris = weather('call_1', 'Paris');

function turnsOf(capture: Capture) {
  const list = conversations(inspect(capture).sessions);
  expect(list).toHaveLength(1);
  return conversationTurns(list[0]!).map((t) => [t.kind, t.request, t.frame, t.lines]);
}

describe('Anthropic turns', () => {
  it('reads the tool_result blocks of the follow-up and the text blocks of each answer', () => {
    // Request 1: body 0, message_start 1, text block 2-4, tool_use block 5-8, message_delta 9, message_stop 10.
    // Request 2: body 11, message_start 12, text block 13-15, message_delta 16, message_stop 17.
    const capture = requestCapture(anthropicStream, [
      anthropicExchange([anthropicUser('Paris?')], toolUseAnswer([paris])),
      anthropicExchange([anthropicUser('Paris?'), toolUseMessage([paris], 'Let me check.'), toolResults('call_1')], endTurnAnswer('21 °C in Paris.')),
    ]);
    expect(turnsOf(capture)).toEqual([
      ['user', 0, 0, ['Paris?']],
      ['answer', 0, 9, ['Let me check.']],
      ['tool-calls', 0, 9, ['get_weather({"city":"Paris"}) · call_1']],
      ['tool-result', 1, 11, ['call_1 → {"temp":21}']],
      ['answer', 1, 16, ['21 °C in Paris.']],
    ]);
  });

  it('marks the stream that ended with stop_reason "tool_use" and was not followed up', () => {
    const capture = requestCapture(anthropicStream, [anthropicExchange([anthropicUser('Paris?')], toolUseAnswer([paris], 'Checking.'))]);
    expect(turnsOf(capture)).toEqual([
      ['user', 0, 0, ['Paris?']],
      ['answer', 0, 9, ['Checking.']],
      ['tool-calls', 0, 9, ['get_weather({"city":"Paris"}) · call_1']],
      ['waiting', 0, 9, ['no request carried the tool results']],
    ]);
  });

  it('marks an error result', () => {
    const failed = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', is_error: true, content: [{ type: 'text', text: 'offline' }] }] };
    const capture = requestCapture(anthropicStream, [
      anthropicExchange([anthropicUser('Paris?')], toolUseAnswer([paris])),
      anthropicExchange([anthropicUser('Paris?'), toolUseMessage([paris], 'Let me check.'), failed], endTurnAnswer('No weather now.')),
    ]);
    expect(turnsOf(capture)[3]).toEqual(['tool-result', 1, 11, ['call_1 → offline (is_error)']]);
  });
});

describe('OpenAI Responses turns', () => {
  it('reads function_call_output items and output_text deltas, and the stall after function_call items', () => {
    // Request 1: body 0, created 1, item added 2, two argument deltas 3-4, arguments done 5, item done 6, completed 7.
    // Request 2: body 8, created 9, item added 10, part added 11, text delta 12, text done 13, part done 14, item done 15, completed 16.
    const capture = requestCapture(responsesStream, [
      responsesExchange([inputUser('Paris?')], callsResponse('resp_1', [paris])),
      responsesExchange([functionOutput('call_1')], textResponse('resp_2', 'Sunny in Paris.'), 'resp_1'),
    ]);
    expect(turnsOf(capture)).toEqual([
      ['user', 0, 0, ['Paris?']],
      ['tool-calls', 0, 7, ['get_weather({"city":"Paris"}) · call_1']],
      ['tool-result', 1, 8, ['call_1 → {"temp":21}']],
      ['answer', 1, 16, ['Sunny in Paris.']],
    ]);
    const stalled = requestCapture(responsesStream, [responsesExchange([inputUser('Paris?')], callsResponse('resp_1', [paris]))]);
    expect(turnsOf(stalled).map(([kind, , frame]) => [kind, frame])).toEqual([
      ['user', 0],
      ['tool-calls', 7],
      ['waiting', 7],
    ]);
  });
});

describe('AI SDK UI turns', () => {
  // Request 1: body 0, start 1, start-step 2, tool input start/delta/available 3-5, finish-step 6, finish 7, [DONE] 8.
  // Request 2: body 9, start 10, start-step 11, text start/delta/end 12-14, finish-step 15, finish 16, [DONE] 17.
  const exchanges = (state: 'output-available' | 'output-error'): RequestExchange[] => [
    uiExchange([uiUser('u1', 'Paris?')], uiCallsAnswer('a1', [paris])),
    uiExchange([uiUser('u1', 'Paris?'), uiAssistant('a1', toolPart(paris, state))], uiTextAnswer('a1', 'Sunny.')),
  ];

  it('reads the tool part that reached output-available in the message continued in place, and text-delta chunks', () => {
    expect(turnsOf(requestCapture(uiStream, exchanges('output-available')))).toEqual([
      ['user', 0, 0, ['Paris?']],
      ['tool-calls', 0, 7, ['get_weather({"city":"Paris"}) · call_1']],
      ['tool-result', 1, 9, ['call_1 → {"temp":21}']],
      ['answer', 1, 16, ['Sunny.']],
    ]);
  });

  it('reads output-error with its errorText, and marks a call no request answered', () => {
    expect(turnsOf(requestCapture(uiStream, exchanges('output-error')))[2]).toEqual(['tool-result', 1, 9, ['call_1 → offline (output-error)']]);
    const stalled = requestCapture(uiStream, [uiExchange([uiUser('u1', 'Paris?')], uiCallsAnswer('a1', [paris]))]);
    expect(turnsOf(stalled).map(([kind, , frame]) => [kind, frame])).toEqual([
      ['user', 0],
      ['tool-calls', 7],
      ['waiting', 7],
    ]);
  });
});

describe('AG-UI turns', () => {
  const agent = { url: 'https://agent.example/awp' };
  const asked = { id: 'u1', role: 'user', content: 'Weather in Paris?' };
  const run = (runId: string, messages: unknown[], events: object[]): RequestExchange => ({
    body: { threadId: 't1', runId, state: {}, messages, tools: [], context: [], forwardedProps: {} },
    answer: [{ type: 'RUN_STARTED', threadId: 't1', runId }, ...events, { type: 'RUN_FINISHED', threadId: 't1', runId }],
  });
  const toolEvents = [
    { type: 'TOOL_CALL_START', toolCallId: 'call_1', toolCallName: 'get_weather', parentMessageId: 'a1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call_1', delta: '{"city":"Paris"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call_1' },
  ];
  const carried = { id: 'a1', role: 'assistant', toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] };

  it('reads the tool messages of the next run and TEXT_MESSAGE_CONTENT', () => {
    // Run 1: body 0, RUN_STARTED 1, tool call 2-4, RUN_FINISHED 5. Run 2: body 6, RUN_STARTED 7, text message 8-11, RUN_FINISHED 12.
    const capture = requestCapture(agent, [
      run('r1', [asked], toolEvents),
      run('r2', [asked, carried, { id: 'tm1', role: 'tool', toolCallId: 'call_1', content: '{"temp":21}' }], [
        { type: 'TEXT_MESSAGE_START', messageId: 'a2', role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: '21° in ' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: 'Paris.' },
        { type: 'TEXT_MESSAGE_END', messageId: 'a2' },
      ]),
    ]);
    expect(turnsOf(capture)).toEqual([
      ['user', 0, 0, ['Weather in Paris?']],
      ['tool-calls', 0, 5, ['get_weather({"city":"Paris"}) · call_1']],
      ['tool-result', 1, 6, ['call_1 → {"temp":21}']],
      ['answer', 1, 12, ['21° in Paris.']],
    ]);
  });

  it('marks a finished run whose frontend tool call no later run answered', () => {
    expect(turnsOf(requestCapture(agent, [run('r1', [asked], toolEvents)])).map(([kind, , frame]) => [kind, frame])).toEqual([
      ['user', 0],
      ['tool-calls', 5],
      ['waiting', 5],
    ]);
  });
});

describe('render on examples/anthropic-tool-loop.har', () => {
  it('prints the two tool round trips as turns', async () => {
    const r = await runCli(['render', 'examples/anthropic-tool-loop.har']);
    expect(r.code).toBe(0);
    // Entry 1: body #1, 14 events #2-#15 (message_delta #14). Entry 2: body #16, message_delta #21.
    // Entry 3: body #23, message_delta #32. Entry 4: body #34, message_delta #39.
    const block = r.stdout.slice(r.stdout.indexOf('== conversation'));
    expect(block.split('\n').slice(1)).toEqual([
      'user [request 1 #1]: Weather in Paris and Rome?',
      'assistant [request 1 #14]: Let me check.',
      'tool calls [request 1 #14]: get_weather({"city":"Paris"}) · toolu_01',
      '  get_weather({"city":"Rome"}) · toolu_02',
      'tool results [request 2 #16]: toolu_01 → {"temp":21}',
      '  toolu_02 → {"temp":21}',
      'assistant [request 2 #21]: 21° in Paris, 24° in Rome.',
      'user [request 3 #23]: And Oslo?',
      'assistant [request 3 #32]: Let me check.',
      'tool calls [request 3 #32]: get_weather({"city":"Oslo"}) · toolu_03',
      'tool results [request 4 #34]: toolu_03 → {"temp":21}',
      'assistant [request 4 #39]: 8° in Oslo.',
      '',
    ]);
    expect(block.split('\n')[0]).toMatch(/^== conversation \S+ \(anthropic, 4 requests\) ==$/);
  });

  it('marks the stall of examples/anthropic-tool-loop-broken.har', async () => {
    const r = await runCli(['render', 'examples/anthropic-tool-loop-broken.har']);
    // `check` reports anthropic/loop-stalled at line 27 of the same file: the message_delta of the last stream.
    expect(r.stdout).toMatch(/\nstalled \[request \d+ #\d+\]: no request carried the tool results\n/);
  });
});

describe('Cohere turns', () => {
  it('reads the tool messages of the follow-up (document blocks as their data, text as text) and the text of each answer', () => {
    // Request 1: body 0, message-start 1, tool plan 2, two tool calls 3-6 and 7-10, message-end 11.
    // Request 2: body 12, message-start 13, content 14-16, message-end 17.
    const rome = weather('call_2', 'Rome');
    const capture = requestCapture(cohereStream, [
      cohereExchange([cohereUser('Paris and Rome?')], cohereCallsAnswer([paris, rome])),
      cohereExchange(
        [cohereUser('Paris and Rome?'), cohereAssistant([paris, rome]), cohereToolResult('call_1'), cohereToolResult('call_2', [{ type: 'text', text: 'offline' }])],
        cohereTextAnswer('21 °C in Paris.'),
      ),
    ]);
    expect(turnsOf(capture)).toEqual([
      ['user', 0, 0, ['Paris and Rome?']],
      ['tool-calls', 0, 11, ['get_weather({"city":"Paris"}) · call_1', 'get_weather({"city":"Rome"}) · call_2']],
      ['tool-result', 1, 12, ['call_1 → {"temp":21}', 'call_2 → offline']],
      ['answer', 1, 17, ['21 °C in Paris.']],
    ]);
  });

  it('marks the stream that ended with finish_reason "TOOL_CALL" and was not followed up', () => {
    // body 0, message-start 1, tool plan 2, tool call 3-6, message-end 7.
    const capture = requestCapture(cohereStream, [cohereExchange([cohereUser('Paris?')], cohereCallsAnswer([paris]))]);
    expect(turnsOf(capture).slice(-1)).toEqual([['waiting', 0, 7, ['no request carried the tool results']]]);
  });
});

describe('Gemini Interactions turns', () => {
  it('reads the function results of a follow-up that resends the history, and the text of each interaction', () => {
    // Request 1: body 0, created 1, text step 2-4, call step 5-7, completed 8.
    // Request 2: body 9, created 10, text step 11-13, completed 14.
    const capture = requestCapture(interactionsStream, [
      interactionExchange([userInput('Paris?')], interactionCalls('v1_a', [paris])),
      interactionExchange([userInput('Paris?'), { type: 'model_output', content: [{ type: 'text', text: 'Let me check.' }] }, ...functionCallSteps([paris]), functionResults('call_1')], interactionText('v1_b', '21 °C in Paris.')),
    ]);
    expect(turnsOf(capture)).toEqual([
      ['user', 0, 0, ['Paris?']],
      ['answer', 0, 8, ['Let me check.']],
      ['tool-calls', 0, 8, ['get_weather({"city":"Paris"}) · call_1']],
      ['tool-result', 1, 9, ['call_1 → {"temp":21}']],
      ['answer', 1, 14, ['21 °C in Paris.']],
    ]);
  });

  it('marks an interaction that ended with status "requires_action" and was not followed up', () => {
    const capture = requestCapture(interactionsStream, [interactionExchange('Paris?', interactionCalls('v1_a', [paris]))]);
    expect(turnsOf(capture).slice(-1)).toEqual([['waiting', 0, 8, ['no request carried the tool results']]]);
  });
});

