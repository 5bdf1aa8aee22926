// Real Responses recordings that were once false alarms, each beside a near-identical broken twin
// (inline, so the twins run without the shared corpus).
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { checkText, corpusText, jsonl } from '../../../test/support/real-world';
import { HAS_CORPUS } from '../../../test/support/shared-dir';
import { openaiResponsesProtocol } from './index';

const resp = (status: string) => ({ id: 'resp_1', object: 'response', created_at: 1760000000, model: 'gpt-5', status, output: [] });
const numbered = <T extends object>(events: T[], from = 0) => events.map((e, i) => ({ ...e, sequence_number: from + i }));
const created = { type: 'response.created', response: resp('in_progress') };
// Without an output, as openai builds the final response from the done items (completed-output-differs holds a given one to them).
const completed = { type: 'response.completed', response: { ...resp('completed'), output: undefined } };
const shellAdded = { type: 'response.output_item.added', output_index: 0, item: { id: 'sh_1', type: 'shell_call', status: 'in_progress', call_id: 'call_1', action: { commands: [] } } };
const shellDone = { type: 'response.output_item.done', output_index: 0, item: { id: 'sh_1', type: 'shell_call', status: 'completed', call_id: 'call_1', action: { commands: ['ls -a'] } } };
const command = (type: string, extra: object) => ({ type: `response.shell_call_command.${type}`, output_index: 0, command_index: 0, ...extra });

// The shell tool streams its command by output_index and command_index: these events have no item_id.
// The shell tool's command and output events came in openai 7.5: openai 6 and 7 before 7.5 throw on them
// ("Unhandled response stream event"), so each kind is a warning once a session; the view shows the command.
const SHELL_COMMAND_WARNING = ['openai-responses/version-specific-event', 'warning'];
describe('shell tool events', () => {
  it('the shell-tool recording: the command shown, one warning naming the releases that throw', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/openai_responses_openai-shell-tool.1.jsonl'));
    expect(r.protocol).toBe('openai-responses');
    expect(r.serious).toEqual([[...SHELL_COMMAND_WARNING, 3]]);
    expect(r.view.items[0]).toMatchObject({ kind: 'tool', inputText: 'ls -a ~/Desktop' });
  });

  it('the shell-skills recording (commands and streamed output): one warning for each kind of event', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/openai_responses_openai-shell-skills.1.jsonl'));
    expect(r.serious.map(([rule, severity]) => [rule, severity])).toEqual([SHELL_COMMAND_WARNING, SHELL_COMMAND_WARNING]);
    expect(r.findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/^response\.shell_call_command\.added: openai ≥ 7\.5 reads it; openai 6 and 7 before 7\.5 throw/),
      expect.stringMatching(/^response\.shell_call_output_content\.\w+: openai ≥ 7\.5 reads it/),
    ]);
  });

  const stream = [created, shellAdded, command('added', { command: '' }), command('delta', { delta: 'ls' }), command('delta', { delta: ' -a' }), command('done', { command: 'ls -a' }), shellDone, completed];
  it('inline: added, deltas, done', () => {
    const r = checkText(jsonl(numbered(stream)));
    expect(r.all).toEqual([SHELL_COMMAND_WARNING]);
    expect(r.view.items).toMatchObject([{ kind: 'tool', inputText: 'ls -a', status: 'pending' }]);
  });

  it('the broken twin: a command event for an output_index that holds no item', () => {
    const twin = stream.map((e) => (e.type === 'response.shell_call_command.delta' ? { ...e, output_index: 1 } : e));
    expect(checkText(jsonl(numbered(twin))).serious).toEqual([
      [...SHELL_COMMAND_WARNING, 2],
      ['openai-responses/item-mismatch', 'error', 3],
      ['openai-responses/item-mismatch', 'error', 4],
    ]);
  });
});

const msg = (id: string, index: number) => ({ type: 'response.output_item.added', output_index: index, item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [], phase: 'final_answer' } });
const part = (id: string, index: number) => ({ type: 'response.content_part.added', item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
const delta = (id: string, index: number, d: string) => ({ type: 'response.output_text.delta', item_id: id, output_index: index, content_index: 0, delta: d });
const textDone = (id: string, index: number, t: string) => ({ type: 'response.output_text.done', item_id: id, output_index: index, content_index: 0, text: t });
const partDone = (id: string, index: number, t: string) => ({ type: 'response.content_part.done', item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text: t, annotations: [] } });
const msgDone = (id: string, index: number, t: string) => ({ type: 'response.output_item.done', output_index: index, item: { id, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: t }] } });

// The phase recording was filtered: its sequence numbers jump where events (a web search item, most
// text deltas) were left out. The gap is info, and it explains the skipped output_index and the done
// text that is longer than the deltas kept.
describe('a filtered recording (sequence numbers jump)', () => {
  it('the phase recording is clean', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/openai_responses_openai-phase.1.jsonl'));
    expect(r.serious).toEqual([]);
    expect(r.all.filter(([rule]) => rule === 'openai-responses/sequence-gap')).toHaveLength(3);
  });

  const events = [created, msg('m1', 0), part('m1', 0), delta('m1', 0, 'Hel'), textDone('m1', 0, 'Hello'), partDone('m1', 0, 'Hello'), msgDone('m1', 0, 'Hello'), msg('m2', 2), part('m2', 2), delta('m2', 2, 'Bye'), textDone('m2', 2, 'Bye'), partDone('m2', 2, 'Bye'), msgDone('m2', 2, 'Bye'), completed];
  const seqs = [0, 1, 2, 3, 9, 10, 11, 20, 21, 22, 23, 24, 25, 26];
  it('inline: gaps explain a skipped index and a short delta', () => {
    const r = checkText(jsonl(events.map((e, i) => ({ ...e, sequence_number: seqs[i] }))));
    expect(r.serious).toEqual([]);
    expect(r.view.items).toMatchObject([{ kind: 'text', text: 'Hello' }, { kind: 'text', text: 'Bye' }]);
  });

  it('the broken twin, numbered without gaps: a warning for the skipped index, both texts shown', () => {
    // openai ≥ 7.33 files each item at its output_index and reads it whole; earlier clients throw.
    const r = checkText(jsonl(numbered(events)));
    expect(r.serious).toEqual([
      ['openai-responses/done-mismatch', 'warning', 4],
      ['openai-responses/output-index-out-of-order', 'warning', 7],
    ]);
    expect(r.view.items).toMatchObject([{ kind: 'text', text: 'Hello' }, { kind: 'text', text: 'Bye' }]);
  });
});

// GitHub Copilot's proxy gives every event a new item_id and every lifecycle event a new response id.
// openai 6 and the AI SDK address items by output_index and read it whole; the current openai (≥ 7.6 for
// the item ids, ≥ 7.33 for the response id) throws on it, so it is an error that says so.
describe('item ids that rotate', () => {
  it('the Copilot recording: one finding per rotation, the text still shown whole', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/openai_responses_github-copilot-id-rotation.1.jsonl'));
    expect(r.serious).toEqual([
      ['openai-responses/response-id-changed', 'error', 1],
      ['openai-responses/item-id-changed', 'error', 3],
      ['openai-responses/item-id-changed', 'error', 9],
    ]);
    expect(r.view.items.find((i) => i.kind === 'text')).toMatchObject({ final: true });
  });

  it('inline: ids differ, indexes agree', () => {
    const events = [created, msg('id-1', 0), part('id-2', 0), delta('id-3', 0, 'Hi'), textDone('id-4', 0, 'Hi'), partDone('id-5', 0, 'Hi'), msgDone('id-6', 0, 'Hi'), completed];
    const r = checkText(jsonl(numbered(events)));
    expect(r.all).toEqual([['openai-responses/item-id-changed', 'error']]);
  });

  it('the broken twin: a delta for an output_index past the output', () => {
    const events = [created, msg('id-1', 0), part('id-1', 0), delta('id-1', 1, 'Hi'), textDone('id-1', 0, 'Hi'), partDone('id-1', 0, 'Hi'), msgDone('id-1', 0, 'Hi'), completed];
    expect(checkText(jsonl(numbered(events))).serious).toEqual([['openai-responses/item-mismatch', 'error', 3]]);
  });
});

// Background mode: GET /v1/responses/{id}?stream=true&starting_after=N resumes after event N, so the
// stream legitimately starts without response.created and at sequence number N + 1.
describe('a resumed stream', () => {
  const tail = [msg('m1', 0), part('m1', 0), delta('m1', 0, 'Hello'), textDone('m1', 0, 'Hello'), partDone('m1', 0, 'Hello'), msgDone('m1', 0, 'Hello'), completed];
  function run(url: string | undefined, events: object[] = numbered(tail, 5), method?: string) {
    const pipeline = new SessionPipeline([openaiResponsesProtocol], { protocol: 'openai-responses' });
    pipeline.addConnection({ id: 'c1', transport: 'sse', ...(url !== undefined && { url }), ...(method !== undefined && { method }) });
    events.forEach((e, index) => {
      const frame: Frame = { index, connectionId: 'c1', time: index, direction: 'in', kind: 'message', data: JSON.stringify(e), eventName: (e as { type: string }).type };
      pipeline.append(frame);
    });
    pipeline.finish();
    return pipeline.findings().map((f) => [f.rule, f.severity, f.frames[0]]);
  }
  const queued = { type: 'response.queued', response: resp('queued') };
  const inProgress = { type: 'response.in_progress', response: resp('in_progress') };

  it('after ?starting_after=4 it is clean', () => {
    expect(run('https://api.openai.com/v1/responses/resp_1?stream=true&starting_after=4')).toEqual([]);
  });

  it('GET …?starting_after=0 that begins with response.queued at sequence 1 is the continuation it is', () => {
    const events = numbered([queued, inProgress, ...tail], 1);
    expect(run('https://api.openai.com/v1/responses/resp_1?starting_after=0&stream=true', events, 'GET')).toEqual([]);
  });

  it('a GET on a response id without a cursor is read as that response, however it starts', () => {
    expect(run('https://api.openai.com/v1/responses/resp_1?stream=true', numbered([queued, inProgress, ...tail], 0), 'GET')).toEqual([]);
    expect(run('https://api.openai.com/v1/responses/resp_1?stream=true', numbered([inProgress, ...tail], 3), 'GET')).toEqual([['openai-responses/sequence-gap', 'info', 0]]);
  });

  it('without the request, a first sequence number above 0 says the stream continues one (info only)', () => {
    expect(run(undefined)).toEqual([['openai-responses/sequence-gap', 'info', 0]]);
  });

  it('the broken twin: a new response (POST, sequence 0) without response.created', () => {
    expect(run('https://api.openai.com/v1/responses', numbered(tail, 0), 'POST')).toEqual([['openai-responses/first-event-not-created', 'error', 0]]);
  });
});

describe('a stream that reports its own failure', () => {
  it('the quota recording (error, then response.failed) is one warning and a failed turn', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/openai_responses_openai-error.1.jsonl'));
    expect(r.serious).toEqual([['openai-responses/error-event', 'warning', 2]]);
    expect(r.view.items[0]).toMatchObject({ kind: 'error' });
  });

  it('response.failed alone is the same warning', () => {
    const failed = { type: 'response.failed', response: { ...resp('failed'), error: { code: 'server_error', message: 'boom' } } };
    const r = checkText(jsonl(numbered([created, failed])));
    expect(r.serious).toEqual([['openai-responses/error-event', 'warning', 1]]);
    expect(r.view.items).toMatchObject([{ kind: 'error', message: 'boom' }]);
  });
});
