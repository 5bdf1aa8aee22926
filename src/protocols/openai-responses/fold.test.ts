// The view model the OpenAI Responses fold builds, over SSE and the WebSocket mode.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { frames, numbered, runResponses, sseFrames, type Step } from './test-helpers';

const local = (name: string) => readFileSync(path.resolve(__dirname, 'testdata', name), 'utf8');
const resp = (status: string, extra: object = {}) => ({ id: 'resp_1', object: 'response', created_at: 1760000000, model: 'gpt-5', status, output: [], ...extra });
const created = { type: 'response.created', response: resp('in_progress') };
// Without an output, as openai builds the final response from the done items (completed-output-differs holds a given one to them).
const completed = { type: 'response.completed', response: resp('completed', { output: undefined, usage: { input_tokens: 3, output_tokens: 4, total_tokens: 7 } }) };
const text = (t: string, id = 'msg_1', i = 0): Step[] => [
  { type: 'response.output_item.added', output_index: i, item: { id, type: 'message', role: 'assistant', status: 'in_progress', content: [] } },
  { type: 'response.content_part.added', item_id: id, output_index: i, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
  { type: 'response.output_text.delta', item_id: id, output_index: i, content_index: 0, delta: t },
  { type: 'response.output_text.done', item_id: id, output_index: i, content_index: 0, text: t },
  { type: 'response.content_part.done', item_id: id, output_index: i, content_index: 0, part: { type: 'output_text', text: t, annotations: [] } },
  { type: 'response.output_item.done', output_index: i, item: { id, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: t, annotations: [] }] } },
];

describe('openai-responses fold', () => {
  it('valid-reasoning-message-tool.sse: reasoning summary, branded final text, a pending call, usage', () => {
    const { view, findings } = runResponses(sseFrames(local('valid-reasoning-message-tool.sse')));
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'reasoning', text: '**Planning** The user wants the weather; call the tool.' },
      { kind: 'text', text: 'Let me check the weather.', brand: true, final: true },
      { kind: 'tool', toolId: 'call_w1', name: 'get_weather', input: { city: 'Paris' }, inputText: '{"city":"Paris"}', status: 'pending' },
    ]);
    expect(view.usage).toMatchObject({ input_tokens: 50, output_tokens: 40, 'output_tokens_details.reasoning_tokens': 16 });
    expect(view.streaming).toBe(false);
  });

  it('invalid-gap-and-cutoff.sse: a lost event, a bad content index and no terminal event', () => {
    const { findings } = runResponses(sseFrames(local('invalid-gap-and-cutoff.sse')));
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ['openai-responses/sequence-gap', 'info'],
      ['openai-responses/content-part-mismatch', 'error'],
      ['openai-responses/incomplete-stream', 'error'],
    ]);
  });

  it('WebSocket mode: response.create frames start turns, sequence numbers restart, outputs complete calls', () => {
    const steps: Step[] = numbered([
      { out: { type: 'response.create', model: 'gpt-5', input: 'Weather in Paris?' } },
      created,
      { type: 'response.output_item.added', output_index: 0, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '', status: 'in_progress' } },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '{"city":"Paris"}' },
      { type: 'response.function_call_arguments.done', item_id: 'fc_1', output_index: 0, arguments: '{"city":"Paris"}' },
      { type: 'response.output_item.done', output_index: 0, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' } },
      completed,
      { out: { type: 'response.create', previous_response_id: 'resp_1', input: [{ type: 'function_call_output', call_id: 'call_1', output: '18°C' }] } },
      { ...created, response: resp('in_progress', { id: 'resp_2' }) },
      ...text('It is 18°C.', 'msg_2'),
      { ...completed, response: { ...completed.response, id: 'resp_2' } },
    ]);
    const { view, findings } = runResponses(frames(steps, 'ws', false));
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'user', text: 'Weather in Paris?' },
      { kind: 'tool', name: 'get_weather', status: 'success', result: '18°C' },
      { kind: 'text', text: 'It is 18°C.', brand: true, final: true },
    ]);
  });

  it('WebSocket close before a terminal event fails the turn (1011 as 1000)', () => {
    const steps: Step[] = numbered([{ out: { type: 'response.create', input: 'hi' } }, created, ...text('partial')]);
    for (const code of ['1000', '1011']) {
      const { findings, view } = runResponses(frames([...steps, { close: code }], 'ws', false));
      expect(findings.map((f) => [f.rule, f.frames])).toEqual([['openai-responses/incomplete-stream', [8]]]);
      expect(view.streaming).toBe(false);
    }
  });

  it('the wire error shape, then response.failed, shows an error item', () => {
    const { view, findings } = runResponses(frames(numbered([
      created,
      { type: 'error', error: { type: 'invalid_request_error', code: 'context_length_exceeded', message: 'Too long' } },
      { type: 'response.failed', response: resp('failed', { error: { code: 'context_length_exceeded', message: 'Too long' } }) },
    ])));
    // One failure, one finding: response.failed after the error event repeats it.
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['openai-responses/error-event', 'warning']]);
    expect(view.items).toMatchObject([{ kind: 'error', message: 'context_length_exceeded: Too long' }, { kind: 'error', message: 'Too long' }]);
  });

  it('refusals, hosted tools, MCP approvals, a compaction and unknown items', () => {
    const { view, findings } = runResponses(frames(numbered([
      created,
      { type: 'response.output_item.added', output_index: 0, item: { id: 'ws_1', type: 'web_search_call', status: 'in_progress' } },
      { type: 'response.web_search_call.searching', item_id: 'ws_1', output_index: 0 },
      { type: 'response.output_item.done', output_index: 0, item: { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'x' } } },
      { type: 'response.output_item.added', output_index: 1, item: { id: 'mcpr_1', type: 'mcp_approval_request', name: 'delete_file', arguments: '{"path":"/a"}', server_label: 'fs' } },
      { type: 'response.output_item.done', output_index: 1, item: { id: 'mcpr_1', type: 'mcp_approval_request', name: 'delete_file', arguments: '{"path":"/a"}', server_label: 'fs' } },
      { type: 'response.output_item.added', output_index: 2, item: { id: 'cmp_1', type: 'compaction', encrypted_content: 'zz' } },
      { type: 'response.output_item.done', output_index: 2, item: { id: 'cmp_1', type: 'compaction', encrypted_content: 'zz' } },
      { type: 'response.output_item.added', output_index: 3, item: { id: 'msg_r', type: 'message', role: 'assistant', status: 'in_progress', content: [] } },
      { type: 'response.content_part.added', item_id: 'msg_r', output_index: 3, content_index: 0, part: { type: 'refusal', refusal: '' } },
      { type: 'response.refusal.delta', item_id: 'msg_r', output_index: 3, content_index: 0, delta: "I can't help." },
      { type: 'response.refusal.done', item_id: 'msg_r', output_index: 3, content_index: 0, refusal: "I can't help." },
      { type: 'response.content_part.done', item_id: 'msg_r', output_index: 3, content_index: 0, part: { type: 'refusal', refusal: "I can't help." } },
      { type: 'response.output_item.done', output_index: 3, item: { id: 'msg_r', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: "I can't help." }] } },
      completed,
    ])));
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'tool', name: 'web_search_call', label: 'Web search call', status: 'success', result: { type: 'search', query: 'x' } },
      { kind: 'approval', key: 'mcpr_1', actions: [{ name: 'delete_file' }] },
      { kind: 'reasoning', title: 'Compaction summary', text: '(encrypted)', frames: [6, 7] },
      { kind: 'text', text: "I can't help." },
    ]);
  });

  // Items of the API the AI SDK's OpenAI provider pairs with a call: a program (programmatic tool
  // calling) with its program_output, a hosted tool search with its tool_search_output; and an MCP
  // server's tool listing, a hosted step of its own.
  describe('calls answered by an item of their own', () => {
    const program = (code: string, event: string) => ({ type: event, output_index: 0, item: { id: 'cm_1', type: 'program', call_id: 'call_p', code, fingerprint: 'gAAA' } });
    const programOutput = (result: string, event: string, status = 'completed') => ({ type: event, output_index: 0, item: { id: 'cmo_1', type: 'program_output', call_id: 'call_p', result, status } });
    const request = { out: { type: 'response.create', input: [] } };

    it('a program runs until its output, which may come in a later response', () => {
      const { view, findings } = runResponses(frames(numbered([
        created,
        program('', 'response.output_item.added'),
        program('return await tools.add({a: 1})', 'response.output_item.done'),
        completed,
        request,
        created,
        programOutput('', 'response.output_item.added'),
        programOutput('{"sum":1}', 'response.output_item.done'),
        completed,
      ])));
      expect(findings).toEqual([]);
      expect(view.items).toEqual([
        expect.objectContaining({ kind: 'tool', toolId: 'call_p', name: 'program', label: 'Program', input: { code: 'return await tools.add({a: 1})' }, result: { sum: 1 }, status: 'success', frames: [1, 2, 6, 7] }),
      ]);
    });

    it('without its output, the program is still running; an incomplete output fails it', () => {
      const running = runResponses(frames(numbered([created, program('', 'response.output_item.added'), program('x()', 'response.output_item.done'), completed])));
      expect(running.view.items).toMatchObject([{ kind: 'tool', name: 'program', status: 'pending' }]);
      const failed = runResponses(frames(numbered([created, program('', 'response.output_item.added'), program('x()', 'response.output_item.done'), programOutput('', 'response.output_item.added', 'incomplete'), programOutput('', 'response.output_item.done', 'incomplete'), completed])));
      expect(failed.view.items).toMatchObject([{ kind: 'tool', name: 'program', status: 'error' }]);
    });

    it('an output whose program the session never saw is shown raw', () => {
      const { view } = runResponses(frames(numbered([created, programOutput('', 'response.output_item.added'), programOutput('1', 'response.output_item.done'), completed])));
      expect(view.items).toMatchObject([{ kind: 'raw', text: expect.stringContaining('program_output') }]);
    });

    it('a hosted tool search gets the tools its output names, oldest search first', () => {
      const search = (id: string, i: number, event: string) => ({ type: event, output_index: i, item: { id, type: 'tool_search_call', execution: 'server', call_id: null, status: 'completed', arguments: { paths: [id] } } });
      const found = (id: string, i: number, tools: object[], event: string) => ({ type: event, output_index: i, item: { id, type: 'tool_search_output', execution: 'server', call_id: null, status: 'completed', tools } });
      const weather = [{ type: 'function', name: 'get_weather' }];
      const { view, findings } = runResponses(frames(numbered([
        created,
        search('tsc_1', 0, 'response.output_item.added'), search('tsc_1', 0, 'response.output_item.done'),
        search('tsc_2', 1, 'response.output_item.added'), search('tsc_2', 1, 'response.output_item.done'),
        found('tso_1', 2, [], 'response.output_item.added'), found('tso_1', 2, weather, 'response.output_item.done'),
        found('tso_2', 3, [], 'response.output_item.added'), found('tso_2', 3, [], 'response.output_item.done'),
        completed,
      ])));
      expect(findings).toEqual([]);
      expect(view.items).toEqual([
        expect.objectContaining({ kind: 'tool', toolId: 'tsc_1', name: 'tool_search_call', status: 'success', result: { tools: weather }, frames: [1, 2, 5, 6] }),
        expect.objectContaining({ kind: 'tool', toolId: 'tsc_2', name: 'tool_search_call', status: 'success', result: { tools: [] }, frames: [3, 4, 7, 8] }),
      ]);
    });

    it('an MCP tool listing is a hosted step: its server named, its tools the result, a failure shown', () => {
      const listing = (event: string, extra: object = {}) => ({ type: event, output_index: 0, item: { id: 'mcpl_1', type: 'mcp_list_tools', server_label: 'files', tools: [], ...extra } });
      const tools = [{ name: 'read_file', input_schema: {} }];
      const ok = runResponses(frames(numbered([created, listing('response.output_item.added'), { type: 'response.mcp_list_tools.in_progress', item_id: 'mcpl_1', output_index: 0 }, { type: 'response.mcp_list_tools.completed', item_id: 'mcpl_1', output_index: 0 }, listing('response.output_item.done', { tools }), completed])));
      expect(ok.findings).toEqual([]);
      expect(ok.view.items).toEqual([expect.objectContaining({ kind: 'tool', name: 'mcp_list_tools', label: 'List tools of files', result: tools, status: 'success', frames: [1, 2, 3, 4] })]);
      const failed = runResponses(frames(numbered([created, listing('response.output_item.added'), { type: 'response.mcp_list_tools.failed', item_id: 'mcpl_1', output_index: 0 }, listing('response.output_item.done', { error: 'unreachable' }), completed])));
      expect(failed.view.items).toMatchObject([{ kind: 'tool', name: 'mcp_list_tools', status: 'error' }]);
    });
  });

  it('streams until the terminal event; [DONE] is accepted after it', () => {
    const { findings, view } = runResponses(frames(numbered([created, ...text('x'), completed, '[DONE]'])));
    expect(findings).toEqual([]);
    expect(view.streaming).toBe(false);
  });

  it('a frame the capture cut short is shown raw without a bad-JSON finding', () => {
    const list = frames(numbered([created, ...text('x'), completed]));
    list[3] = { ...(list[3] as Frame), data: '{"type":"response.output_text.delta","item_', truncated: { originalLength: 80000 } };
    const { view, findings } = runResponses(list);
    expect(view.items.map((i) => i.kind)).toEqual(['text', 'raw']);
    expect(findings.map((f) => f.rule)).toEqual(['openai-responses/sequence-gap']);
  });
});
