// One triggering input and one near-identical clean input for every OpenAI Responses rule.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { openaiResponsesRules } from './rules';
import { frames, numbered, runResponses, type Step } from './test-helpers';

const resp = (status: string, extra: object = {}) => ({ id: 'resp_1', object: 'response', created_at: 1760000000, model: 'gpt-5', status, output: [], ...extra });
const created = { type: 'response.created', response: resp('in_progress') };
// Without an output, as openai builds the final response from the done items (completed-output-differs holds a given one to them).
const completed = { type: 'response.completed', response: { ...resp('completed'), output: undefined } };
const msgItem = (status = 'in_progress', id = 'msg_1') => ({ id, type: 'message', role: 'assistant', status, content: [] });
const ref = (i = 0, id = 'msg_1') => ({ item_id: id, output_index: i });
const msgAdded = (i = 0, id = 'msg_1') => ({ type: 'response.output_item.added', output_index: i, item: msgItem('in_progress', id) });
const partAdded = (c = 0) => ({ type: 'response.content_part.added', ...ref(), content_index: c, part: { type: 'output_text', text: '', annotations: [] } });
const delta = (d: string, c = 0) => ({ type: 'response.output_text.delta', ...ref(), content_index: c, delta: d });
const textDone = (t: string) => ({ type: 'response.output_text.done', ...ref(), content_index: 0, text: t });
const partDone = (t: string) => ({ type: 'response.content_part.done', ...ref(), content_index: 0, part: { type: 'output_text', text: t, annotations: [] } });
const msgDone = (t: string, status = 'completed', i = 0) => ({ type: 'response.output_item.done', output_index: i, item: { ...msgItem(status), content: [{ type: 'output_text', text: t, annotations: [] }] } });
const message = (t = 'Hi'): Step[] => [msgAdded(), partAdded(), delta(t), textDone(t), partDone(t), msgDone(t)];
const ok: Step[] = [created, ...message(), completed];
const completedWith = (...output: object[]) => ({ type: 'response.completed', response: resp('completed', { output }) });
const fcAdded = (callId: string | undefined = 'call_1', id = 'fc_1', i = 0) => ({ type: 'response.output_item.added', output_index: i, item: { id, type: 'function_call', call_id: callId, name: 'get_weather', arguments: '', status: 'in_progress' } });
const fcDelta = (d: string, i = 0, id = 'fc_1') => ({ type: 'response.function_call_arguments.delta', item_id: id, output_index: i, delta: d });
const fcArgsDone = (a: string, i = 0, id = 'fc_1') => ({ type: 'response.function_call_arguments.done', item_id: id, output_index: i, arguments: a });
const fcDone = (a: string, i = 0, id = 'fc_1', callId = 'call_1') => ({ type: 'response.output_item.done', output_index: i, item: { id, type: 'function_call', call_id: callId, name: 'get_weather', arguments: a, status: 'completed' } });
const tool = (a = '{"city":"Paris"}'): Step[] => [created, fcAdded(), fcDelta(a), fcArgsDone(a), fcDone(a), completed];

const compactionItem = (progress: boolean): Step[] => [
  { type: 'response.output_item.added', output_index: 0, item: { id: 'cmp_1', type: 'compaction', encrypted_content: '' } },
  ...(progress ? [{ type: 'response.compaction.compacting', item_id: 'cmp_1', output_index: 0 }] : []),
  { type: 'response.output_item.done', output_index: 0, item: { id: 'cmp_1', type: 'compaction', encrypted_content: 'gAAA' } },
];

const run = (steps: Step[], named = true) => runResponses(frames(numbered(steps), 'c1', named));
const raw = (steps: Step[]) => runResponses(frames(steps));

interface Case {
  rule: string;
  bad: () => ReturnType<typeof run>;
  good: () => ReturnType<typeof run>;
  at: number;
}

const renamed = (): Frame[] => frames(numbered(ok)).map((f) => (f.index === 2 ? { ...f, eventName: 'response.output_text.delta' } : f));

const cases: Case[] = [
  { rule: 'openai-responses/invalid-json', bad: () => run([created, '{"type":', ...message(), completed]), good: () => run(ok), at: 1 },
  { rule: 'openai-responses/invalid-event', bad: () => run([created, msgAdded(), partAdded(), { ...delta('Hi'), delta: 42 }, textDone('Hi'), partDone('Hi'), msgDone('Hi'), completed]), good: () => run(ok), at: 3 },
  { rule: 'openai-responses/unknown-event', bad: () => run([created, { type: 'response.telepathy.delta', item_id: 'x' }, ...message(), completed]), good: () => run(ok), at: 1 },
  // openai 6 and 7 before 7.17 throw on compaction progress; the agreement test runs both majors.
  { rule: 'openai-responses/version-specific-event', bad: () => run([created, ...compactionItem(true), completed]), good: () => run([created, ...compactionItem(false), completed]), at: 2 },
  { rule: 'openai-responses/event-name-mismatch', bad: () => runResponses(renamed()), good: () => run(ok), at: 2 },
  { rule: 'openai-responses/first-event-not-created', bad: () => run([{ type: 'response.in_progress', response: resp('in_progress') }, created, ...message(), completed]), good: () => run([created, { type: 'response.in_progress', response: resp('in_progress') }, ...message(), completed]), at: 0 },
  { rule: 'openai-responses/missing-sequence-number', bad: () => raw([{ ...created, sequence_number: 0 }, ...numbered(message()).map((s, i) => (i === 2 ? { ...(s as object), sequence_number: undefined } : { ...(s as object), sequence_number: i + 1 })), { ...completed, sequence_number: 7 }]), good: () => run(ok), at: 3 },
  { rule: 'openai-responses/sequence-gap', bad: () => raw([{ ...created, sequence_number: 0 }, ...message().map((s, i) => ({ ...(s as object), sequence_number: i + 2 })), { ...completed, sequence_number: 8 }]), good: () => run(ok), at: 1 },
  { rule: 'openai-responses/sequence-out-of-order', bad: () => raw([{ ...created, sequence_number: 0 }, ...message().map((s, i) => ({ ...(s as object), sequence_number: i === 3 ? 2 : i + 1 })), { ...completed, sequence_number: 7 }]), good: () => run(ok), at: 4 },
  { rule: 'openai-responses/output-index-out-of-order', bad: () => run([created, { ...fcAdded(), output_index: 1 }, fcDone('{}', 1), completed]), good: () => run([created, fcAdded(), fcDone('{}'), completed]), at: 1 },
  { rule: 'openai-responses/output-index-repeated', bad: () => run([created, ...message(), { ...fcAdded(), output_index: 0 }, fcDone('{}', 0), completed]), good: () => run([created, ...message(), fcAdded('call_1', 'fc_1', 1), fcDone('{}', 1), completed]), at: 7 },
  { rule: 'openai-responses/completed-with-open-items', bad: () => run([created, fcAdded(), fcDelta('{}'), fcArgsDone('{}'), completed]), good: () => run([created, fcAdded(), fcDelta('{}'), fcArgsDone('{}'), { type: 'response.completed', response: resp('completed', { output: [{ id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{}', status: 'completed' }] }) }]), at: 4 },
  { rule: 'openai-responses/completed-output-differs', bad: () => run([created, ...message(), completedWith(msgDone('Hello').item)]), good: () => run([created, ...message(), completedWith(msgDone('Hi').item)]), at: 7 },
  { rule: 'openai-responses/item-identity', bad: () => run([created, fcAdded(''), fcDone('{}', 0, 'fc_1', ''), completed]), good: () => run([created, fcAdded(), fcDone('{}'), completed]), at: 1 },
  { rule: 'openai-responses/item-mismatch', bad: () => run([created, msgAdded(), partAdded(), { ...delta('Hi'), output_index: 1 }, textDone('Hi'), partDone('Hi'), msgDone('Hi'), completed]), good: () => run(ok), at: 3 },
  // openai ≥ 7.6 checks an event's item_id against the item at its output_index (the agreement test runs it).
  { rule: 'openai-responses/item-id-changed', bad: () => run([created, msgAdded(), partAdded(), { ...delta('Hi'), item_id: 'msg_other' }, textDone('Hi'), partDone('Hi'), msgDone('Hi'), completed]), good: () => run(ok), at: 3 },
  { rule: 'openai-responses/response-id-changed', bad: () => run([created, { type: 'response.in_progress', response: resp('in_progress', { id: 'resp_2' }) }, ...message(), completed]), good: () => run([created, { type: 'response.in_progress', response: resp('in_progress') }, ...message(), completed]), at: 1 },
  { rule: 'openai-responses/content-part-mismatch', bad: () => run([created, msgAdded(), partAdded(), delta('Hi', 1), textDone('Hi'), partDone('Hi'), msgDone('Hi'), completed]), good: () => run(ok), at: 3 },
  { rule: 'openai-responses/lifecycle-order', bad: () => run([created, msgAdded(), partAdded(), textDone('Hi'), delta('Hi'), partDone('Hi'), msgDone('Hi'), completed]), good: () => run([created, msgAdded(), partAdded(), delta('Hi'), textDone('Hi'), partDone('Hi'), msgDone('Hi'), completed]), at: 4 },
  // The AI SDK's OpenAI provider ended the text part at output_item.done; ai's streamText finds no part for the delta.
  { rule: 'openai-responses/delta-after-item-done', bad: () => run([created, ...message(), delta('!'), completed]), good: () => run(ok), at: 7 },
  // The AI SDK's OpenAI provider emits a call at its output_item.done only; openai takes it from the output.
  { rule: 'openai-responses/call-not-done', bad: () => run([created, fcAdded(), fcDelta('{}'), fcArgsDone('{}'), completedWith(fcDone('{}').item)]), good: () => run([created, fcAdded(), fcDelta('{}'), fcArgsDone('{}'), fcDone('{}'), completedWith(fcDone('{}').item)]), at: 4 },
  { rule: 'openai-responses/item-done-repeated', bad: () => run([created, fcAdded(), fcDone('{}'), fcDone('{}'), completed]), good: () => run([created, fcAdded(), fcDone('{}'), completed]), at: 3 },
  { rule: 'openai-responses/done-mismatch', bad: () => run([created, msgAdded(), partAdded(), delta('Hi'), textDone('Hello'), partDone('Hello'), msgDone('Hello'), completed]), good: () => run(ok), at: 4 },
  { rule: 'openai-responses/event-after-terminal', bad: () => run([...ok, completed]), good: () => run([...ok, { type: 'keepalive' }]), at: 8 },
  // Points at the last frame: created and the six message events.
  { rule: 'openai-responses/incomplete-stream', bad: () => run([created, ...message()]), good: () => run(ok), at: 6 },
  { rule: 'openai-responses/item-status', bad: () => run([created, msgAdded(), partAdded(), delta('Hi'), textDone('Hi'), partDone('Hi'), msgDone('Hi', 'finished'), completed]), good: () => run(ok), at: 6 },
  { rule: 'openai-responses/error-event', bad: () => run([created, { type: 'error', error: { type: 'server_error', code: 'server_error', message: 'boom' } }, { type: 'response.failed', response: resp('failed', { error: { code: 'server_error', message: 'boom' } }) }]), good: () => run(ok), at: 1 },
  { rule: 'openai-responses/error-without-failed', bad: () => run([created, { type: 'error', code: 'server_error', message: 'boom' }, completed]), good: () => run([created, { type: 'error', code: 'server_error', message: 'boom' }, { type: 'response.failed', response: resp('failed') }]), at: 2 },
  { rule: 'openai-responses/data-after-done', bad: () => run([...ok, '[DONE]', completed]), good: () => run([...ok, '[DONE]']), at: 9 },
  { rule: 'openai-responses/invalid-tool-arguments', bad: () => run(tool('{"city":"Par')), good: () => run(tool()), at: 3 },
  { rule: 'openai-responses/response-not-completed', bad: () => run([created, ...message(), { type: 'response.incomplete', response: resp('incomplete', { incomplete_details: { reason: 'max_output_tokens' } }) }]), good: () => run(ok), at: 7 },
];

describe('openai-responses rules', () => {
  it('every catalogued rule has a case', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(openaiResponsesRules.map((r) => r.id)));
  });

  it.each(cases)('$rule fires on the bad input and not on the good one', ({ rule, bad, good, at }) => {
    const meta = openaiResponsesRules.find((r) => r.id === rule);
    const hit = bad().findings.filter((f) => f.rule === rule);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit[0]?.severity).toBe(meta?.severity);
    if (at >= 0) expect(hit[0]?.frames[0]).toBe(at);
    else expect(hit[0]?.frames).toEqual([]);
    expect(good().findings.filter((f) => f.rule === rule)).toEqual([]);
  });

  it('the clean message and tool streams have no findings', () => {
    expect(run(ok).findings).toEqual([]);
    expect(run(tool()).findings).toEqual([]);
  });
});
