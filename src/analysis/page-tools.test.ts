// The tool calls a stream hands to the page, read across requests by `render` and `stats` as `check`
// reads them, in every protocol whose requests are joined: a result the follow-up request carries is a
// result, a call no request followed waits for the page, a follow-up without the result is said so.
import { describe, expect, it } from 'vitest';
import { check } from '../api/check';
import { render } from '../api/render';
import type { Capture } from '../model/frame';
import type { ToolItem, ViewItem } from '../model/view';
import { stats } from './stats';
import { anthropicExchange, anthropicStream, anthropicUser, endTurnAnswer, toolResults, toolUseAnswer, toolUseMessage } from './tool-loop/anthropic-support';
import { toolPart, uiAssistant, uiCallsAnswer, uiExchange, uiStream, uiTextAnswer, uiUser } from './tool-loop/aisdk-ui-support';
import { cohereAssistant, cohereCallsAnswer, cohereExchange, cohereStream, cohereTextAnswer, cohereToolResult, cohereUser } from './tool-loop/cohere-support';
import { functionResults, interactionCalls, interactionExchange, interactionsStream, interactionText, userInput } from './tool-loop/gemini-interactions-support';
import { callsResponse, functionOutput, inputUser, responsesExchange, responsesStream, textResponse } from './tool-loop/responses-support';
import { assistantCalls, callsAnswer, loopCapture, requestCapture, system, textAnswer, toolResult, user, weather, type Call, type RequestExchange } from './tool-loop/test-support';

const calls = [weather('call_1', 'Paris'), weather('call_2', 'Rome')];

/** Each protocol's loop: the first request (asks for both calls), and a follow-up carrying the results of `answered`. */
interface Loop {
  name: string;
  first(): Capture;
  withFollowUp(answered: readonly string[]): Capture;
}

const chat: Loop = {
  name: 'OpenAI Chat',
  first: () => loopCapture([{ messages: [system, user('Weather?')], answer: callsAnswer(calls) }]),
  withFollowUp: (answered) =>
    loopCapture([
      { messages: [system, user('Weather?')], answer: callsAnswer(calls) },
      { messages: [system, user('Weather?'), assistantCalls(calls), ...answered.map((id) => toolResult(id))], answer: textAnswer('21° and 24°.') },
    ]),
};

const anthropic: Loop = {
  name: 'Anthropic',
  first: () => requestCapture(anthropicStream, [anthropicExchange([anthropicUser('Weather?')], toolUseAnswer(calls))]),
  withFollowUp: (answered) =>
    requestCapture(anthropicStream, [
      anthropicExchange([anthropicUser('Weather?')], toolUseAnswer(calls)),
      anthropicExchange([anthropicUser('Weather?'), toolUseMessage(calls, 'Let me check.'), toolResults(...answered)], endTurnAnswer('21° and 24°.')),
    ]),
};

const responses: Loop = {
  name: 'OpenAI Responses',
  first: () => requestCapture(responsesStream, [responsesExchange([inputUser('Weather?')], callsResponse('resp_1', calls))]),
  withFollowUp: (answered) =>
    requestCapture(responsesStream, [
      responsesExchange([inputUser('Weather?')], callsResponse('resp_1', calls)),
      responsesExchange(answered.map(functionOutput), textResponse('resp_2', '21° and 24°.'), 'resp_1'),
    ]),
};

const aisdkUi: Loop = {
  name: 'AI SDK UI',
  first: () => requestCapture(uiStream, [uiExchange([uiUser('u1', 'Weather?')], uiCallsAnswer('a1', calls))]),
  withFollowUp: (answered) =>
    requestCapture(uiStream, [
      uiExchange([uiUser('u1', 'Weather?')], uiCallsAnswer('a1', calls)),
      uiExchange([uiUser('u1', 'Weather?'), uiAssistant('a1', ...calls.map((c) => toolPart(c, answered.includes(c.id) ? 'output-available' : 'input-available')))], uiTextAnswer('a1', '21° and 24°.')),
    ]),
};

let runs = 0;
function agUiRun(messages: readonly unknown[], events: object[]): RequestExchange {
  runs += 1;
  const ids = { threadId: 't1', runId: `r${runs}` };
  return { body: { ...ids, state: {}, messages, tools: [], context: [], forwardedProps: {} }, answer: [{ type: 'RUN_STARTED', ...ids }, ...events, { type: 'RUN_FINISHED', ...ids }] };
}
const agUiCalls = (list: readonly Call[]) =>
  list.flatMap((c) => [
    { type: 'TOOL_CALL_START', toolCallId: c.id, toolCallName: c.name, parentMessageId: 'a1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: c.id, delta: c.arguments },
    { type: 'TOOL_CALL_END', toolCallId: c.id },
  ]);
const agUiAsked = [{ id: 'u1', role: 'user', content: 'Weather?' }];
const agUiText = [
  { type: 'TEXT_MESSAGE_START', messageId: 'a2', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: '21° and 24°.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'a2' },
];
const agUiAssistant = { id: 'a1', role: 'assistant', toolCalls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) };
const agent = { url: 'https://agent.example/awp' };

const agUi: Loop = {
  name: 'AG-UI',
  first: () => requestCapture(agent, [agUiRun(agUiAsked, agUiCalls(calls))]),
  withFollowUp: (answered) =>
    requestCapture(agent, [
      agUiRun(agUiAsked, agUiCalls(calls)),
      agUiRun([...agUiAsked, agUiAssistant, ...answered.map((id) => ({ id: `tm-${id}`, role: 'tool', toolCallId: id, content: '{"temp":21}' }))], agUiText),
    ]),
};

const cohere: Loop = {
  name: 'Cohere',
  first: () => requestCapture(cohereStream, [cohereExchange([cohereUser('Weather?')], cohereCallsAnswer(calls))]),
  withFollowUp: (answered) =>
    requestCapture(cohereStream, [
      cohereExchange([cohereUser('Weather?')], cohereCallsAnswer(calls)),
      cohereExchange([cohereUser('Weather?'), cohereAssistant(calls), ...answered.map((id) => cohereToolResult(id))], cohereTextAnswer('21° and 24°.')),
    ]),
};

const interactions: Loop = {
  name: 'Gemini Interactions',
  first: () => requestCapture(interactionsStream, [interactionExchange([userInput('Weather?')], interactionCalls('v1_a', calls))]),
  withFollowUp: (answered) =>
    requestCapture(interactionsStream, [
      interactionExchange([userInput('Weather?')], interactionCalls('v1_a', calls)),
      interactionExchange([functionResults(...answered)], interactionText('v1_b', '21° and 24°.'), 'v1_a'),
    ]),
};

/** The rendered lines of tool calls (`● … — Get weather (get_weather)`). */
function toolLines(capture: Capture): string[] {
  return render(capture)
    .split('\n')
    .filter((l) => l.includes('(get_weather)'))
    .map((l) => l.trim());
}

function firstTools(capture: Capture): ToolItem[] {
  const tools: ToolItem[] = [];
  const visit = (items: readonly ViewItem[]) => {
    for (const item of items) {
      if (item.kind === 'tool') tools.push(item);
      else if (item.kind === 'group') visit(item.items);
    }
  };
  visit(render(capture, { format: 'view' }).items);
  return tools;
}

const toolStats = (capture: Capture) => stats(capture).flatMap((s) => s.metrics.tools.map((t) => ({ id: t.id, resultFrame: t.resultFrame, page: t.page })));

describe.each([chat, anthropic, responses, aisdkUi, agUi, cohere, interactions])('$name: calls the page runs', (loop) => {
  it('are done once the follow-up request carries their results, as check (no finding) says', () => {
    const capture = loop.withFollowUp(['call_1', 'call_2']);
    expect(check(capture).flatMap((r) => r.findings)).toEqual([]);
    expect(toolLines(capture)).toEqual(['● done — Get weather (get_weather)', '● done — Get weather (get_weather)']);
    const followUp = capture.frames.find((f) => f.connectionId === 'req-2')?.index;
    expect(firstTools(capture).map((t) => [t.toolId, t.status, t.frames.at(-1)])).toEqual([
      ['call_1', 'success', followUp],
      ['call_2', 'success', followUp],
    ]);
    expect(toolStats(capture)).toEqual([
      { id: 'call_1', resultFrame: followUp, page: undefined },
      { id: 'call_2', resultFrame: followUp, page: undefined },
    ]);
  });

  it('wait for the page when no request followed the stream that asked for them (check: loop-stalled)', () => {
    const capture = loop.first();
    expect(check(capture).flatMap((r) => r.findings.map((f) => f.rule.split('/')[1]))).toEqual(['loop-stalled']);
    expect(toolLines(capture)).toEqual(['● waiting for the page — Get weather (get_weather)', '● waiting for the page — Get weather (get_weather)']);
    expect(toolStats(capture)).toEqual([
      { id: 'call_1', resultFrame: undefined, page: 'waiting' },
      { id: 'call_2', resultFrame: undefined, page: 'waiting' },
    ]);
  });

  it('have no result when the follow-up came without it (check: loop-missing-tool-result)', () => {
    const capture = loop.withFollowUp(['call_1']);
    expect(check(capture).flatMap((r) => r.findings.map((f) => f.rule.split('/')[1]))).toEqual(['loop-missing-tool-result']);
    expect(toolLines(capture)).toEqual(['● done — Get weather (get_weather)', '● no result sent back — Get weather (get_weather)']);
    expect(toolStats(capture).map((t) => t.page)).toEqual([undefined, 'no-result']);
  });
});

describe('a result the follow-up carries', () => {
  it('is timed from the call to the follow-up request, and an error result makes the call failed', () => {
    const capture = requestCapture(uiStream, [
      uiExchange([uiUser('u1', 'Weather?')], uiCallsAnswer('a1', calls)),
      uiExchange([uiUser('u1', 'Weather?'), uiAssistant('a1', toolPart(calls[0]!), toolPart(calls[1]!, 'output-error'))], uiTextAnswer('a1', 'Paris: 21°.')),
    ]);
    // requestCapture times each frame by its index: the calls start at frames 3 and 6, the follow-up's body is frame 12.
    const spans = stats(capture).flatMap((s) => s.metrics.tools);
    expect(spans.map((t) => [t.id, t.callFrame, t.resultFrame, t.latencyMs])).toEqual([
      ['call_1', 3, 12, 9],
      ['call_2', 6, 12, 6],
    ]);
    expect(toolLines(capture)).toEqual(['● done — Get weather (get_weather)', '● failed — Get weather (get_weather)']);
  });

  it('counts the findings across requests with the session they are reported on, as check does', () => {
    const capture = chat.withFollowUp(['call_1']);
    const counted = stats(capture).map((s) => s.metrics.findings.error);
    expect(counted).toEqual(check(capture).map((r) => r.errorCount));
    expect(counted).toEqual([0, 1]);
  });
});
