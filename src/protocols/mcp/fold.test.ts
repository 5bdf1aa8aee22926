// The MCP fold: what a client shows for tool calls, progress, elicitations, sampling, cancellation,
// batches and the older HTTP+SSE transport, and where the SDK client (@modelcontextprotocol/sdk 1.32,
// StreamableHTTPClientTransport) reads a stream otherwise than its specification does: the events it
// skips, the ids it matches by Number(), the cancels it ignores, the batches it reorders, the cut
// streams it never resumes (measured in test/unit/mcp-stream-agreement.test.ts).
import { describe, expect, it } from 'vitest';
import type { QuestionItem, ToolItem } from '../../model/view';
import { splitSessions } from '../../analysis/sessions';
import { protocols } from '../registry';
import type { Capture } from '../../model/frame';
import { accept, call, cancel, elicit, failure, POST_SSE, progress, result, runSteps } from './testing';

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

  it('pairs 1 and "1" as the SDK client does (it looks responses up by Number(id)), with a warning', () => {
    const { view, findings } = runSteps([['>', call(1)], ['<', result('1')]]);
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['mcp/id-coerced', 'warning']]);
    expect(tools(view.items)[0]).toMatchObject({ status: 'success' });
  });

  it('gives an answer by number to the oldest request of that number still waiting, a late one to the newest', () => {
    // A client numbering every request 1 (one per HTTP exchange), answered as "1": each answer to the call that waits.
    const { view, findings } = runSteps([
      ['>', call(1, 'a')],
      ['<', result('1', 'A')],
      ['>', call(1, 'b')],
      ['>', call('01', 'c')],
      ['<', result('1', 'B')],
      ['<', result('1', 'C')],
      ['<', result('1', 'late')],
    ]);
    expect(tools(view.items).map((t) => [t.name, t.result])).toEqual([['a', 'A'], ['b', 'B'], ['c', 'C']]);
    expect(findings.filter((f) => f.rule !== 'mcp/id-coerced').map((f) => [f.rule, f.frames])).toEqual([['mcp/duplicate-response', [6, 5]]]);
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

  describe('as the SDK client reads the stream', () => {
    const questions = (items: readonly { kind: string }[]) => items.filter((i): i is QuestionItem => i.kind === 'question');

    it('skips a priming event (an event id with empty data), as the client does: no finding, nothing shown', () => {
      const { view, findings } = runSteps([['>', call(1)], ['<', '', { eventId: '0' }], ['<', result(1, 'Booked')]], { connection: POST_SSE });
      expect(findings).toEqual([]);
      expect(view.items.map((i) => i.kind)).toEqual(['tool']);
      expect(tools(view.items)[0]).toMatchObject({ status: 'success', result: 'Booked' });
    });

    it('an empty JSON body (not an SSE event) is still not JSON: the SDK client fails to parse it', () => {
      expect(runSteps([['>', call(1)], ['<', '']], { connection: { transport: 'http-json', method: 'POST' } }).findings.map((f) => f.rule)).toContain('mcp/invalid-json');
    });

    it('ignores an SSE event named other than "message": a result in one never resolves the call (an error)', () => {
      const { view, findings } = runSteps([['>', call(1)], ['<', result(1, 'Booked'), { eventName: 'result' }], ['<', '', { kind: 'close' }]], { connection: POST_SSE });
      expect(findings.map((f) => [f.rule, f.severity])).toEqual([['mcp/named-sse-event', 'error']]);
      expect(findings[0]!.message).toContain('"result"');
      expect(tools(view.items)[0]).toMatchObject({ status: 'pending', cutOff: 2 });
      expect(tools(view.items)[0]!.result).toBeUndefined();
    });

    it('ignores a named elicitation request and named progress, and reads events named "message"', () => {
      const { view, findings } = runSteps([
        ['>', call(1, 'book_trip', {}, 1)],
        ['<', elicit(7), { eventName: 'request' }],
        ['<', progress(1, 3, 9), { eventName: 'progress' }],
        ['<', progress(1, 4, 9), { eventName: 'message' }],
        ['<', { jsonrpc: '2.0', method: 'ping-ish' }, { eventName: 'ping' }],
        ['<', result(1, 'Booked')],
      ]);
      expect(findings.map((f) => [f.rule, f.frames[0]])).toEqual([['mcp/named-sse-event', 1], ['mcp/named-sse-event', 2], ['mcp/named-sse-event', 4]]);
      expect(questions(view.items)).toEqual([]);
      expect(tools(view.items)[0]).toMatchObject({ status: 'success', result: 'Booked', progress: { progress: 4 } });
      // A named event that carries no JSON-RPC message loses nothing.
      expect(runSteps([['>', call(1)], ['<', 'hello', { eventName: 'heartbeat' }], ['<', result(1)]]).findings).toEqual([]);
    });

    it("follows the client where the server cancels the client's own call: no effect, a warning, the result shown", () => {
      const { view, findings } = runSteps([['>', call(1)], ['<', cancel(1, 'server gave up')], ['<', result(1, 'Booked')]]);
      expect(findings.map((f) => [f.rule, f.severity])).toEqual([['mcp/cancel-not-own-request', 'warning']]);
      expect(tools(view.items)[0]).toMatchObject({ status: 'success', result: 'Booked' });
    });

    it('a cancel of the server\'s own request still stops it, except for request 0, which the SDK client ignores', () => {
      const seven = runSteps([['>', call(1)], ['<', elicit(7)], ['<', cancel(7)], ['<', result(1)]]);
      expect(seven.findings).toEqual([]);
      expect(questions(seven.view.items)[0]).toMatchObject({ state: 'timeout' });
      const zero = runSteps([['>', call(1)], ['<', elicit(0)], ['<', cancel(0)], ['>', accept(0)], ['<', result(1)]]);
      expect(zero.findings).toEqual([]);
      expect(questions(zero.view.items)[0]).toMatchObject({ state: 'answered', answers: { 'Where to?': 'Paris' } });
    });

    it('matches response ids and progress tokens by Number() as the client does ("01", " 1", "1.0"), with a warning', () => {
      for (const id of ['01', ' 1', '1.0']) {
        const { view, findings } = runSteps([['>', call(1, 'get_weather', {}, 1)], ['<', progress(id, 3, 9)], ['<', result(id, 'Sunny')]]);
        expect(findings.map((f) => [f.rule, f.severity, f.frames[0]]), id).toEqual([['mcp/id-coerced', 'warning', 1], ['mcp/id-coerced', 'warning', 2]]);
        expect(tools(view.items)[0], id).toMatchObject({ status: 'success', result: 'Sunny', progress: { progress: 3 } });
      }
      // String ids of other clients never meet through NaN.
      expect(runSteps([['>', call('a')], ['<', result('b')]]).findings.map((f) => f.rule)).toEqual(['mcp/response-unknown-id', 'mcp/request-unanswered']);
    });

    it('reports a POST stream that closed before its response, with no event id, as cut (an error), the call cut off', () => {
      const { view, findings } = runSteps([['>', call(1, 'get_weather', {}, 1)], ['<', progress(1, 3, 9)], ['<', '', { kind: 'close' }]], { connection: POST_SSE });
      expect(findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['mcp/stream-cut', 'error', [2, 0]]]);
      expect(tools(view.items)[0]).toMatchObject({ status: 'pending', cutOff: 2, progress: { progress: 3 } });
    });

    it("reports the cut at the client's own cancel (its timeout), and shows the call failed as the client does", () => {
      const timedOut = cancel(1, 'McpError: MCP error -32001: Request timed out');
      const { view, findings } = runSteps([['>', call(1)], ['<', '', { kind: 'close' }], ['>', timedOut]], { connection: POST_SSE });
      expect(findings.map((f) => [f.rule, f.severity, f.at])).toEqual([['mcp/stream-cut', 'error', 2]]);
      expect(tools(view.items)[0]).toMatchObject({ status: 'error', result: 'cancelled: McpError: MCP error -32001: Request timed out' });
    });

    it('a resumable stream (it gave an event id) that ends unanswered is only unanswered; a page stop is no cut', () => {
      const resumable = runSteps([['>', call(1)], ['<', progress(1, 1), { eventId: '1' }], ['<', '', { kind: 'close' }]], { connection: POST_SSE });
      expect(resumable.findings.map((f) => [f.rule, f.severity])).toEqual([['mcp/progress-unknown-token', 'warning'], ['mcp/request-unanswered', 'warning']]);
      // Its resumption failed when the client's own cancel says it timed out: the cut, an error.
      const timedOut = runSteps([['>', call(1)], ['<', progress(1, 1), { eventId: '1' }], ['<', '', { kind: 'close' }], ['>', cancel(1, 'McpError: MCP error -32001: Request timed out')]], { connection: POST_SSE });
      expect(timedOut.findings.map((f) => [f.rule, f.severity])).toEqual([['mcp/progress-unknown-token', 'warning'], ['mcp/stream-cut', 'error']]);
      expect(timedOut.findings[1]!.message).toContain('Last-Event-ID');
      const userStop = runSteps([['>', call(1)], ['<', progress(1, 1), { eventId: '1' }], ['<', '', { kind: 'close' }], ['>', cancel(1, 'user stopped')]], { connection: POST_SSE });
      expect(userStop.findings.map((f) => f.rule)).toEqual(['mcp/progress-unknown-token']);
      const stopped = runSteps([['>', call(1)], ['<', 'AbortError: the user aborted a request.', { kind: 'error' }]], { connection: POST_SSE });
      expect(stopped.findings).toEqual([]);
      const answered = runSteps([['>', call(1)], ['<', result(1)], ['<', '', { kind: 'close' }]], { connection: POST_SSE });
      expect(answered.findings).toEqual([]);
    });

    it('a JSON body (the POST\'s whole answer) without the response is a cut too; one with a bad message fails the call', () => {
      const JSON_POST = { transport: 'http-json', method: 'POST', status: 200 } as const;
      const cut = runSteps([['>', call(1)], ['<', progress(1, 3)]], { connection: JSON_POST });
      expect(cut.findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['mcp/progress-unknown-token', 'warning', [1]], ['mcp/stream-cut', 'error', [1, 0]]]);
      expect(cut.findings[1]!.message).toContain('JSON body');
      const bad = runSteps([['>', call(1)], ['<', [elicit(7), { jsonrpc: '2.0', id: null, result: {} }]]], { connection: JSON_POST });
      expect(bad.findings.map((f) => [f.rule, f.severity, f.path])).toEqual([['mcp/invalid-message', 'error', '[1]']]);
      expect(questions(bad.view.items)).toEqual([]);
      expect(tools(bad.view.items)[0]).toMatchObject({ status: 'error', result: 'the client could not read the response body', frames: [0, 1] });
      // The call failed at once: nothing waits any more, before the end of input as after it.
      expect(runSteps([['>', call(1)], ['<', [{ jsonrpc: '2.0', id: null, result: {} }]]], { connection: JSON_POST, finish: false }).view.streaming).toBe(false);
      // The older HTTP+SSE transport answers its POSTs on the GET stream: its POST bodies are no answer.
      expect(runSteps([['>', call(1)], ['<', progress(1, 3)]], { connection: { ...JSON_POST, url: 'http://127.0.0.1/messages?sessionId=abc' } }).findings.map((f) => f.rule)).toEqual(['mcp/progress-unknown-token', 'mcp/request-unanswered']);
    });

    it('takes a JSON batch\'s responses before its notifications, as the client does: progress before the result is dropped', () => {
      const { view, findings } = runSteps([['>', call(1, 'get_weather', {}, 1)], ['<', [progress(1, 3, 9), result(1, 'Sunny')]]]);
      expect(findings.map((f) => [f.rule, f.severity, f.path])).toEqual([['mcp/progress-after-result', 'warning', '[0]']]);
      expect(findings[0]!.message).toContain('JSON batch');
      expect(tools(view.items)[0]).toMatchObject({ status: 'success', result: 'Sunny' });
      expect(tools(view.items)[0]!.progress).toBeUndefined();
    });

    it('answers both requests of a reused server request id, as the client does, with a warning', () => {
      const { view, findings } = runSteps([['>', call(1)], ['<', elicit(7, 'First?')], ['<', elicit(7, 'Second?')], ['>', accept(7, 'Oslo')], ['>', accept(7, 'Paris')], ['<', result(1)]]);
      expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['mcp/request-id-reused', 'warning', 2]]);
      expect(questions(view.items).map((q) => [q.state, q.answers])).toEqual([
        ['answered', { 'First?': 'Oslo' }],
        ['answered', { 'Second?': 'Paris' }],
      ]);
    });
  });
});
