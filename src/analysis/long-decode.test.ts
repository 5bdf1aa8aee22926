// A long decode over several requests, read across requests: the request that sends back the
// continuation token a response left goes on with that response's answer (Gemini `continuationToken`,
// the Interactions API's `continuation_token`). Its calls and the earlier request's are one answer: the
// follow-up carries them all, the loop stalls only after the last request, the page's results reach
// the calls in the session each came from, and the conversation and the trace say which request goes on.
import { describe, expect, it } from 'vitest';
import { check } from '../api/check';
import { inspect } from '../api/inspect';
import { joinedView } from '../api/render';
import type { Capture } from '../model/frame';
import type { ToolItem, ViewItem } from '../model/view';
import { captureSpans } from '../otel/spans';
import { conversations } from './conversations';
import { conversationTurns } from './conversation-turns';
import { requestCapture } from './tool-loop/test-support';
import { geminiBody, geminiStream, geminiUser } from './tool-loop/gemini-support';
import { functionCallSteps, functionResults, interactionsStream, interactionText, userInput } from './tool-loop/gemini-interactions-support';

const chunk = (parts: object[], extra: object = {}) => ({ candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion: 'gemini-2.5-pro' });
const call = (id: string, name: string, args: object) => ({ functionCall: { id, name, args } });
const asked = [geminiUser('Weather in Paris and the time in Rome?')];
/** Request 1 asks for get_weather and stops at the cap; request 2, sending its token back, asks for get_time. */
const hops = [
  { body: geminiBody(asked), answer: [chunk([{ text: 'Checking.' }]), chunk([call('c1', 'get_weather', { city: 'Paris' })], { finishReason: 'CONTINUATION', continuationToken: 'tok-1' })] },
  { body: { ...geminiBody(asked), continuationToken: 'tok-1' }, answer: [chunk([call('c2', 'get_time', { city: 'Rome' })]), chunk([{ text: '' }], { finishReason: 'STOP' })] },
];
const modelCalls = { role: 'model', parts: [call('c1', 'get_weather', { city: 'Paris' }), call('c2', 'get_time', { city: 'Rome' })] };
const responses = (...ids: string[]) => ({ role: 'user', parts: ids.map((id) => ({ functionResponse: { id, name: id === 'c1' ? 'get_weather' : 'get_time', response: { ok: true } } })) });
const followUp = (...ids: string[]) => ({ body: geminiBody([...asked, modelCalls, responses(...ids)]), answer: [chunk([{ text: '21° and noon.' }]), chunk([{ text: '' }], { finishReason: 'STOP' })] });

const findings = (capture: Capture) => check(capture).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));

function toolsOf(items: readonly ViewItem[]): ToolItem[] {
  return items.flatMap((i) => (i.kind === 'tool' ? [i] : i.kind === 'group' ? toolsOf(i.items) : []));
}

describe('a Gemini long decode across requests', () => {
  it('the follow-up carries the calls of both requests: no finding', () => {
    expect(findings(requestCapture(geminiStream, [...hops, followUp('c1', 'c2')]))).toEqual([]);
  });

  it('a result missing for the first request\'s call is reported; no follow-up stalls the loop after the last request only', () => {
    expect(findings(requestCapture(geminiStream, [...hops, followUp('c2')]))).toEqual([expect.stringMatching(/ gemini\/loop-missing-tool-result$/)]);
    // Frames (numbered from 1): 1 request, 2-3 first answer, 4 request, 5-6 second answer: the stall is at the second's finish.
    expect(findings(requestCapture(geminiStream, hops))).toEqual(['6 gemini/loop-stalled']);
  });

  it('joins the second request to the first as the decode going on, not as a retry', () => {
    const [conversation] = conversations(inspect(requestCapture(geminiStream, [...hops, followUp('c1', 'c2')])).sessions);
    expect(conversation!.requests.map((r) => [r.hopOf, r.repeats, r.continues])).toEqual([
      [undefined, undefined, undefined],
      [0, undefined, undefined],
      [undefined, undefined, 1],
    ]);
    expect(conversation!.requests[1]!.wholeAnswer?.toolCalls.map((c) => c.id)).toEqual(['c1', 'c2']);
    // Its first turn (here its call: it has no text) says whose answer it goes on with; its messages are not shown again.
    expect(conversationTurns(conversation!).map((t) => [t.request, t.kind, t.lines[0]])).toEqual([
      [0, 'user', 'Weather in Paris and the time in Rome?'],
      [0, 'answer', 'Checking.'],
      [0, 'tool-calls', 'get_weather({"city":"Paris"}) · c1'],
      [1, 'tool-calls', "(goes on with the answer of request 1: a long decode's next request)"],
      [2, 'tool-result', expect.stringContaining('c1')],
      [2, 'answer', '21° and noon.'],
    ]);
  });

  it("the page's results reach each call in the session it came from", () => {
    const { sessions } = inspect(requestCapture(geminiStream, [...hops, followUp('c1', 'c2')]));
    expect(sessions.slice(0, 2).map((s) => toolsOf(joinedView(sessions, s).items).map((t) => [t.toolId, t.status]))).toEqual([[['c1', 'success']], [['c2', 'success']]]);
  });

  it('the trace links the second request to the first as resuming it', () => {
    const { sessions } = inspect(requestCapture(geminiStream, [...hops, followUp('c1', 'c2')]));
    const spans = captureSpans(sessions, 'capture.json').filter((s) => s.links.length > 0);
    expect(spans.flatMap((s) => s.links.map((l) => l.attributes['asi.relation'] ?? Object.values(l.attributes)[0]))).toEqual(['resumes', 'continues']);
  });
});

describe('an Interactions long decode across requests', () => {
  const id = 'v1_long';
  const started = { interaction: { id, status: 'in_progress', object: 'interaction', model: 'gemini-2.5-pro' }, event_type: 'interaction.created' };
  const step = (index: number, callId: string, name: string, args: string) => [
    { index, step: { type: 'function_call', id: callId, name, arguments: {}, signature: '' }, event_type: 'step.start' },
    { index, delta: { type: 'arguments_delta', arguments: args }, event_type: 'step.delta' },
    { index, event_type: 'step.stop' },
  ];
  const done = (status: string, token?: string) => ({ interaction: { id, status, object: 'interaction', model: 'gemini-2.5-pro', ...(token ? { continuation_token: token } : {}) }, event_type: 'interaction.completed' });
  const input = [userInput('Weather in Paris and the time in Rome?')];
  const first = { body: { model: 'gemini-2.5-pro', stream: true, input }, answer: [started, ...step(0, 'c1', 'get_weather', '{"city":"Paris"}'), done('requires_continuation', 'tok-1')] };
  const second = { body: { model: 'gemini-2.5-pro', stream: true, input, continuation_token: 'tok-1' }, answer: [started, ...step(0, 'c2', 'get_time', '{"city":"Rome"}'), done('requires_action')] };
  const calls = [
    { id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    { id: 'c2', name: 'get_time', arguments: '{"city":"Rome"}' },
  ];
  const answered = (...ids: string[]) => ({ body: { model: 'gemini-2.5-pro', stream: true, input: [...input, ...functionCallSteps(calls), functionResults(...ids)] }, answer: interactionText('v1_next', '21° and noon.') });
  const named = { ...interactionsStream, named: true };

  it('the follow-up carries the calls of both requests: no finding; one missing is reported; none stalls after the last', () => {
    expect(findings(requestCapture(named, [first, second, answered('c1', 'c2')]))).toEqual([]);
    expect(findings(requestCapture(named, [first, second, answered('c2')]))).toEqual([expect.stringMatching(/ gemini-interactions\/loop-missing-tool-result$/)]);
    expect(findings(requestCapture(named, [first, second]))).toEqual([expect.stringMatching(/^\d+ gemini-interactions\/loop-stalled$/)]);
  });

  it('stored: the next request names the interaction and sends no input, and the follow-up names it too', () => {
    const stored = { body: { model: 'gemini-2.5-pro', stream: true, previous_interaction_id: id, continuation_token: 'tok-1' }, answer: second.answer };
    const results = (...ids: string[]) => ({ body: { model: 'gemini-2.5-pro', stream: true, previous_interaction_id: id, input: [functionResults(...ids)] }, answer: interactionText('v1_next', '21° and noon.') });
    expect(findings(requestCapture(named, [first, stored, results('c1', 'c2')]))).toEqual([]);
    expect(findings(requestCapture(named, [first, stored, results('c2')]))).toEqual([expect.stringMatching(/ gemini-interactions\/loop-missing-tool-result$/)]);
  });
});
