// The MCP fold: what a client shows for tool calls, progress, elicitations, sampling, cancellation,
// batches and the older HTTP+SSE transport.
import { describe, expect, it } from 'vitest';
import type { QuestionItem, ToolItem } from '../../model/view';
import { splitSessions } from '../../analysis/sessions';
import { protocols } from '../registry';
import type { Capture } from '../../model/frame';
import { call, cancel, failure, progress, result, runSteps } from './testing';

const tools = (items: readonly { kind: string }[]) => items.filter((i): i is ToolItem => i.kind === 'tool');

describe('mcp fold', () => {
  it('shows a tool call with its arguments, its latest progress and its result text', () => {
    const { view, findings } = runSteps([['>', call(1, 'get_weather', { city: 'Oslo' }, 't')], ['<', progress('t', 1, 4)], ['<', { ...progress('t', 2, 4), params: { progressToken: 't', progress: 2, total: 4, message: 'half' } }], ['<', result(1, 'Sunny')]]);
    expect(findings).toEqual([]);
    expect(tools(view.items)).toMatchObject([{ name: 'get_weather', label: 'Get weather', input: { city: 'Oslo' }, status: 'success', result: 'Sunny', progress: { progress: 2, total: 4, message: 'half' }, frames: [0, 1, 2, 3] }]);
    expect(view.streaming).toBe(false);
  });

  it('is streaming while a request waits for its answer', () => {
    expect(runSteps([['>', call(1)]], { finish: false }).view.streaming).toBe(true);
  });

  it('marks a result with isError as a failed call, without a finding (the tool failed, not the protocol)', () => {
    const { view, findings } = runSteps([['>', call(1)], ['<', result(1, 'city not found', true)]]);
    expect(findings).toEqual([]);
    expect(tools(view.items)[0]).toMatchObject({ status: 'error', result: 'city not found' });
  });

  it('shows a JSON-RPC error as a failed call and a failed turn', () => {
    const { view } = runSteps([['>', call(1)], ['<', failure(1, 'quota exceeded')]]);
    expect(tools(view.items)[0]).toMatchObject({ status: 'error', result: 'quota exceeded (code -32603)' });
    expect(view.items.find((i) => i.kind === 'error')).toMatchObject({ message: 'tools/call: quota exceeded (code -32603)' });
  });

  it('joins text blocks and names other content blocks', () => {
    const { view } = runSteps([['>', call(1)], ['<', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'AA==', mimeType: 'image/png' }, { type: 'text', text: 'b' }] } }]]);
    expect(tools(view.items)[0]?.result).toBe('a\n[image image/png]\nb');
  });

  it('shows an elicitation as a question, answered by the page', () => {
    const elicit = { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'Which unit?', requestedSchema: { type: 'object', properties: { unit: { type: 'string', enum: ['C', 'F'] } } } } };
    const { view, findings } = runSteps([['>', call(1)], ['<', elicit], ['>', { jsonrpc: '2.0', id: 0, result: { action: 'accept', content: { unit: 'F' } } }], ['<', result(1)]]);
    expect(findings).toEqual([]);
    const question = view.items.find((i): i is QuestionItem => i.kind === 'question');
    expect(question).toMatchObject({ state: 'answered', questions: [{ question: 'Which unit?', header: 'unit', options: [{ label: 'C' }, { label: 'F' }] }], answers: { 'Which unit?': 'F' } });
  });

  it('records a declined elicitation as such', () => {
    const elicit = { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'Go on?', requestedSchema: { type: 'object', properties: {} } } };
    const { view } = runSteps([['<', elicit], ['>', { jsonrpc: '2.0', id: 0, result: { action: 'decline' } }]]);
    expect(view.items.find((i) => i.kind === 'question')).toMatchObject({ state: 'answered', answers: { 'Go on?': '[decline]' } });
  });

  it('shows a sampling request as a call the page answers', () => {
    const sampling = { jsonrpc: '2.0', id: 5, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }], maxTokens: 100 } };
    const answer = { jsonrpc: '2.0', id: 5, result: { role: 'assistant', content: { type: 'text', text: 'A summary' }, model: 'm' } };
    const { view, findings } = runSteps([['<', sampling], ['>', answer]]);
    expect(findings).toEqual([]);
    expect(tools(view.items)[0]).toMatchObject({ name: 'sampling/createMessage', label: 'Sampling request', status: 'success', result: 'A summary' });
  });

  it('shows a cancelled call as failed, and ignores a response that crosses the cancellation', () => {
    const { view, findings } = runSteps([['>', call(1)], ['>', cancel(1)], ['<', result(1, 'late')]]);
    expect(tools(view.items)[0]).toMatchObject({ status: 'error', result: 'cancelled: user stopped' });
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['mcp/response-after-cancel', 'info']]);
  });

  it('reads a JSON-RPC batch message by message', () => {
    const { view, findings } = runSteps([['>', [call(1, 'a'), call(2, 'b')]], ['<', [result(2, 'B'), result(1, 'A')]]]);
    expect(findings).toEqual([]);
    expect(tools(view.items).map((t) => [t.name, t.result])).toEqual([['a', 'A'], ['b', 'B']]);
  });

  it('pairs 1 and "1" as the SDK client does (it looks responses up by Number(id))', () => {
    expect(runSteps([['>', call(1)], ['<', result('1')]]).findings).toEqual([]);
  });

  it('survives any JSON: a frame of the wrong shape is a finding and a raw item', () => {
    const { view, findings } = runSteps([['<', { jsonrpc: '2.0', id: 1 }], ['<', '[1,2]'], ['<', 'null']]);
    expect(findings.every((f) => f.rule === 'mcp/invalid-message')).toBe(true);
    expect(findings[0]?.message).toContain('neither "result" nor "error"');
    expect(view.items.every((i) => i.kind === 'raw')).toBe(true);
  });

  it('joins the older HTTP+SSE transport by its endpoint sessionId: the GET stream answers the POSTs', () => {
    const capture: Capture = {
      connections: [
        { id: 'get', transport: 'sse', url: 'http://127.0.0.1:3001/sse', method: 'GET' },
        { id: 'post', transport: 'http-json', url: 'http://127.0.0.1:3001/messages?sessionId=abc', method: 'POST', requestBody: JSON.stringify(call(1)), status: 202 },
      ],
      frames: [
        { index: 0, connectionId: 'get', time: 0, direction: 'in', kind: 'message', eventName: 'endpoint', data: '/messages?sessionId=abc' },
        { index: 1, connectionId: 'post', time: 1, direction: 'out', kind: 'message', data: JSON.stringify(call(1)) },
        { index: 2, connectionId: 'get', time: 2, direction: 'in', kind: 'message', eventName: 'message', data: JSON.stringify(result(1, 'Sunny')) },
      ],
    };
    const sessions = splitSessions(capture, protocols);
    expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['mcp']);
    expect(sessions[0]!.pipeline.findings()).toEqual([]);
    expect(tools(sessions[0]!.pipeline.view().items)[0]).toMatchObject({ status: 'success', result: 'Sunny' });
  });

  it("reads a POST's request from its body when the capture has only the SSE answer's frames (a page's fetch)", () => {
    const headers = { 'mcp-session-id': 's1' };
    const capture: Capture = {
      connections: [
        { id: 'call', transport: 'sse', url: 'http://127.0.0.1:3001/mcp', method: 'POST', requestHeaders: headers, requestBody: JSON.stringify(call(1, 'get_weather', { city: 'Oslo' }, 't')), status: 200 },
        { id: 'answer', transport: 'http-json', url: 'http://127.0.0.1:3001/mcp', method: 'POST', requestHeaders: headers, requestBody: JSON.stringify({ jsonrpc: '2.0', id: 0, result: { action: 'accept', content: { city: 'Paris' } } }), status: 202 },
      ],
      frames: [
        { index: 0, connectionId: 'call', time: 0, direction: 'in', kind: 'message', eventName: 'message', data: JSON.stringify(progress('t', 1, 2)) },
        { index: 1, connectionId: 'call', time: 1, direction: 'in', kind: 'message', eventName: 'message', data: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'Where to?', requestedSchema: { type: 'object', properties: { city: { type: 'string', enum: ['Oslo', 'Paris'] } } } } }) },
        // The page's answer to the elicitation: its body is also the connection's one frame, applied once.
        { index: 2, connectionId: 'answer', time: 2, direction: 'out', kind: 'message', data: JSON.stringify({ jsonrpc: '2.0', id: 0, result: { action: 'accept', content: { city: 'Paris' } } }) },
        { index: 3, connectionId: 'call', time: 3, direction: 'in', kind: 'message', eventName: 'message', data: JSON.stringify(result(1, 'Sunny')) },
        { index: 4, connectionId: 'call', time: 4, direction: 'in', kind: 'close', data: '' },
      ],
    };
    const sessions = splitSessions(capture, protocols);
    expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['mcp']);
    expect(sessions[0]!.pipeline.findings()).toEqual([]);
    const view = sessions[0]!.pipeline.view();
    expect(tools(view.items)).toMatchObject([{ name: 'get_weather', input: { city: 'Oslo' }, status: 'success', result: 'Sunny', progress: { progress: 1, total: 2 }, frames: [0, 0, 3] }]);
    expect(view.items.find((i) => i.kind === 'question')).toMatchObject({ state: 'answered', answers: { 'Where to?': 'Paris' } });
  });

  it('without the request body, the same answers are responses to unknown ids', () => {
    const capture: Capture = {
      connections: [{ id: 'call', transport: 'sse', url: 'http://127.0.0.1:3001/mcp', method: 'POST', requestHeaders: { 'mcp-session-id': 's1' }, status: 200 }],
      frames: [{ index: 0, connectionId: 'call', time: 0, direction: 'in', kind: 'message', data: JSON.stringify(result(1, 'Sunny')) }],
    };
    expect(splitSessions(capture, protocols)[0]!.pipeline.findings().map((f) => f.rule)).toEqual(['mcp/response-unknown-id']);
  });
});
