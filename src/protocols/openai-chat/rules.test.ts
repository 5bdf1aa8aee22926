// One triggering input and one near-identical clean input for every OpenAI Chat rule.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { openaiChatRules } from './rules';
import { choiceChunk, chunk, chunkFrames, runChat } from './test-helpers';

const role = chunk({ role: 'assistant', content: '' });
const hi = chunk({ content: 'Hi' });
const stop = chunk({}, 'stop');
const text = [role, hi, stop, '[DONE]'];
const call = (args: string, extra: object = {}) => chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: args }, ...extra }] });
const tools = (args = '{"city":"Paris"}') => [role, call(args), chunk({}, 'tool_calls'), '[DONE]'];
const usage = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-x', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } };
const request = (body: object): Frame => ({ index: 0, connectionId: 'c1', time: 0, direction: 'out', kind: 'message', data: JSON.stringify(body) });
const afterRequest = (body: object, payloads: (object | string)[]) => [request(body), ...chunkFrames(payloads, 'c1', 1)];

interface Case {
  rule: string;
  bad: Frame[];
  good: Frame[];
  at: number;
}

const cases: Case[] = [
  { rule: 'openai-chat/invalid-json', bad: chunkFrames([role, '{"id":', stop, '[DONE]']), good: chunkFrames(text), at: 1 },
  { rule: 'openai-chat/invalid-chunk', bad: chunkFrames([role, { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: 'none' }, stop, '[DONE]']), good: chunkFrames(text), at: 1 },
  { rule: 'openai-chat/error-payload', bad: chunkFrames([role, { error: { message: 'Rate limit', type: 'rate_limit_error' } }]), good: chunkFrames(text), at: 1 },
  { rule: 'openai-chat/data-after-done', bad: chunkFrames([...text, hi]), good: chunkFrames(text), at: 4 },
  { rule: 'openai-chat/missing-done', bad: chunkFrames([role, hi, stop]), good: chunkFrames(text), at: 2 },
  { rule: 'openai-chat/stream-cut', bad: [...chunkFrames([role, hi]), { index: 2, connectionId: 'c1', time: 2, direction: 'in', kind: 'close', data: '' }], good: chunkFrames(text), at: 2 },
  { rule: 'openai-chat/identity-changed', bad: chunkFrames([role, chunk({ content: 'Hi' }, null, { model: 'gpt-y' }), stop, '[DONE]']), good: chunkFrames(text), at: 1 },
  { rule: 'openai-chat/missing-role', bad: chunkFrames([chunk({ content: '' }), hi, stop, '[DONE]']), good: chunkFrames(text), at: 0 },
  { rule: 'openai-chat/invalid-choice-index', bad: chunkFrames([role, { ...(hi as object), choices: [{ index: 200, delta: { content: 'x' }, finish_reason: null }] }, stop, '[DONE]']), good: chunkFrames(text), at: 1 },
  { rule: 'openai-chat/missing-finish-reason', bad: chunkFrames([role, hi]), good: chunkFrames([role, hi, stop]), at: 0 },
  { rule: 'openai-chat/done-before-finish-reason', bad: chunkFrames([role, hi, '[DONE]']), good: chunkFrames(text), at: 0 },
  { rule: 'openai-chat/delta-after-finish', bad: chunkFrames([role, stop, hi, '[DONE]']), good: chunkFrames(text), at: 2 },
  { rule: 'openai-chat/invalid-tool-call-index', bad: chunkFrames([role, call('{}', { index: -3 }), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames(tools()), at: 1 },
  { rule: 'openai-chat/tool-call-index-missing', bad: chunkFrames([role, call('{}', { index: undefined }), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames(tools()), at: 1 },
  { rule: 'openai-chat/tool-call-incomplete', bad: chunkFrames([role, call('{}', { function: { arguments: '{}' } }), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames(tools()), at: 1 },
  { rule: 'openai-chat/tool-call-type-missing', bad: chunkFrames([role, call('{}', { type: undefined }), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames(tools()), at: 1 },
  { rule: 'openai-chat/unknown-content-part', bad: chunkFrames([role, chunk({ content: [{ type: 'audio', data: 'AAAA' }] }), stop, '[DONE]']), good: chunkFrames([role, chunk({ content: [{ type: 'text', text: 'Hi' }] }), stop, '[DONE]']), at: 1 },
  { rule: 'openai-chat/tool-call-missing-id', bad: chunkFrames([role, call('{}', { id: undefined }), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames(tools()), at: 1 },
  { rule: 'openai-chat/tool-call-identity-changed', bad: chunkFrames([role, call('{'), call('}', { function: { name: 'get_time', arguments: '}' } }), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames([role, call('{'), call('}', { id: undefined, type: undefined, function: { arguments: '}' } }), chunk({}, 'tool_calls'), '[DONE]']), at: 2 },
  { rule: 'openai-chat/tool-call-restarted', bad: chunkFrames([role, call('{"city":"Paris"}'), call('{"city":"Paris"}'), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames([role, call('{"city":'), call('"Paris"}'), chunk({}, 'tool_calls'), '[DONE]']), at: 2 },
  // The good input is Z.ai's: a blank name on the deltas after the one that named the call.
  { rule: 'openai-chat/tool-call-name-late', bad: chunkFrames([role, call('{"city":', { function: { arguments: '{"city":' } }), call('"Paris"}'), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames([role, call('{"city":'), call('"Paris"}', { id: undefined, type: undefined, function: { arguments: '"Paris"}' } }), chunk({}, 'tool_calls'), '[DONE]']), at: 2 },
  { rule: 'openai-chat/tool-call-blank-name', bad: chunkFrames([role, call('', { id: undefined, type: undefined, function: { name: '', arguments: '{"city":' } }), call('"Paris"}'), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames([role, call(''), call('', { id: undefined, function: { name: '', arguments: '{"city":"Paris"}' } }), chunk({}, 'tool_calls'), '[DONE]']), at: 1 },
  { rule: 'openai-chat/invalid-tool-arguments', bad: chunkFrames(tools('{"city":"Par')), good: chunkFrames(tools()), at: 1 },
  { rule: 'openai-chat/finish-reason-tool-calls-mismatch', bad: chunkFrames([role, hi, chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames(text), at: 2 },
  { rule: 'openai-chat/parse-finish-reason', bad: afterRequest({ response_format: { type: 'json_schema' }, messages: [] }, [role, hi, chunk({}, 'length'), '[DONE]']), good: afterRequest({ response_format: { type: 'json_schema' }, messages: [] }, text), at: 3 },
  { rule: 'openai-chat/truncated-finish-reason', bad: chunkFrames([role, hi, chunk({}, 'length'), '[DONE]']), good: chunkFrames(text), at: 2 },
  { rule: 'openai-chat/usage-chunk-order', bad: chunkFrames([role, usage, hi, stop, '[DONE]']), good: chunkFrames([role, hi, stop, usage, '[DONE]']), at: 2 },
  { rule: 'openai-chat/refusal-with-content', bad: chunkFrames([role, hi, chunk({ refusal: 'No.' }), stop, '[DONE]']), good: chunkFrames([role, chunk({ refusal: 'No.' }), stop, '[DONE]']), at: 2 },
  { rule: 'openai-chat/no-chunks', bad: chunkFrames(['[DONE]']), good: chunkFrames(text), at: 0 },
  { rule: 'openai-chat/tool-call-index-gap', bad: chunkFrames([role, call('{}', { index: 1 }), chunk({}, 'tool_calls'), '[DONE]']), good: chunkFrames(tools()), at: 1 },
  { rule: 'openai-chat/choice-index-gap', bad: chunkFrames([choiceChunk(1, { role: 'assistant', content: '' }), choiceChunk(1, { content: 'Hi' }), choiceChunk(1, {}, 'stop'), '[DONE]']), good: chunkFrames([role, chunk({ content: 'Hi' }), chunk({}, 'stop'), '[DONE]']), at: 0 },
];

describe('openai-chat rules', () => {
  it('every catalogued rule has a case', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(openaiChatRules.map((r) => r.id)));
  });

  it.each(cases)('$rule fires on the bad input and not on the good one', ({ rule, bad, good, at }) => {
    const meta = openaiChatRules.find((r) => r.id === rule);
    const hit = runChat(bad).findings.filter((f) => f.rule === rule);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit[0]?.severity).toBe(meta?.severity);
    if (at >= 0) expect(hit[0]?.frames[0]).toBe(at);
    else expect(hit[0]?.frames).toEqual([]);
    expect(runChat(good).findings.filter((f) => f.rule === rule)).toEqual([]);
  });

  it('clean text and tool streams have no findings', () => {
    expect(runChat(chunkFrames(text)).findings).toEqual([]);
    expect(runChat(chunkFrames(tools())).findings).toEqual([]);
  });

  it('an error payload is reported once, without end-of-stream noise', () => {
    const { findings } = runChat(chunkFrames([role, { error: { message: 'boom' } }]));
    expect(findings.map((f) => f.rule)).toEqual(['openai-chat/error-payload']);
  });

  // How the stream ended decides what the clients do (measured against openai 6.49 and 7.59 on a
  // 127.0.0.1 server in test/unit/stream-cut-agreement.test.ts).
  const ending = (kind: 'close' | 'error', payloads: (object | string)[]) => [...chunkFrames(payloads), { index: payloads.length, connectionId: 'c1', time: payloads.length, direction: 'in' as const, kind, data: '' }];
  const rulesAt = (frames: Parameters<typeof runChat>[0]) => runChat(frames).findings.map((f) => [f.rule, f.severity, f.frames[0]]);

  it('a close mid-answer (no finish_reason, no [DONE]) is a cut stream, an error at the close frame', () => {
    expect(rulesAt(ending('close', [role, hi]))).toEqual([['openai-chat/stream-cut', 'error', 2]]);
  });

  it('a close after every finish_reason is only a missing [DONE], a warning', () => {
    expect(rulesAt(ending('close', [role, hi, stop]))).toEqual([['openai-chat/missing-done', 'warning', 3]]);
  });

  it('a failed connection before [DONE] is a cut stream even after the finish_reason', () => {
    expect(runChat(ending('error', [role, hi, stop])).findings.map((f) => [f.rule, f.severity])).toEqual([['openai-chat/stream-cut', 'error']]);
  });

  it('the end of input without a close stays a missing [DONE] and finish_reason: a recording may stop before its stream did', () => {
    expect(runChat(chunkFrames([role, hi])).findings.map((f) => f.rule)).toEqual(['openai-chat/missing-done', 'openai-chat/missing-finish-reason']);
  });
});
