// A long decode over several requests in the Interactions API: an interaction that completes with status
// `requires_continuation` and a continuation_token, which @google/genai sends back in a new request
// whose stream is the rest of the answer.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { geminiInteractionsProtocol } from './index';
import { completed, created, eventFrames, output, runInteractions } from './test-helpers';

const request = (index: number, connectionId: string, body: object): Frame => ({ index, connectionId, time: index, direction: 'out', kind: 'message', data: JSON.stringify(body) });
const body = { model: 'gemini-2.5-flash', stream: true, input: 'A long essay, please' };
const first = [created, ...output(0, 'Part one'), completed('requires_continuation', 'tok-1')];

describe('gemini-interactions long decode', () => {
  it('requires_continuation with its token: no finding, and a line saying the answer is continued', () => {
    const { view, findings } = runInteractions(eventFrames(first));
    expect(findings).toEqual([]);
    expect(view.items.map((i) => i.kind)).toEqual(['text', 'raw']);
    expect(view.items[1]).toMatchObject({ frames: [4], text: expect.stringMatching(/^continued in a new request \(status requires_continuation/) });
  });

  it('the request that sends the token back continues the answer: a line saying so, and its text without the brand', () => {
    const frames = [request(0, 'c1', body), ...eventFrames(first, 'c1', 1), request(6, 'c2', { ...body, continuation_token: 'tok-1' }), ...eventFrames([created, ...output(0, ' and two.'), completed()], 'c2', 7)];
    const { view, findings } = runInteractions(frames);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => [i.kind, i.kind === 'text' ? i.brand : i.kind === 'raw' ? i.text.slice(0, 20) : ''])).toEqual([
      ['text', true],
      ['raw', 'continued in a new r'],
      ['raw', 'continues the previo'],
      ['text', false],
    ]);
  });

  it('reads the token from the connection\'s request body too, as a live capture keeps it (no request frame)', () => {
    const pipeline = new SessionPipeline([geminiInteractionsProtocol], { protocol: 'gemini-interactions' });
    const post = (id: string, sent: object) => pipeline.addConnection({ id, transport: 'sse', method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/interactions', requestBody: JSON.stringify(sent) });
    post('c1', body);
    for (const f of eventFrames(first, 'c1')) pipeline.append(f);
    post('c2', { ...body, continuation_token: 'tok-1' });
    for (const f of eventFrames([created, ...output(0, ' and two.'), completed()], 'c2', 5)) pipeline.append(f);
    pipeline.finish();
    expect(pipeline.findings()).toEqual([]);
    expect(pipeline.view().items.map((i) => [i.kind, i.kind === 'text' ? i.brand : i.kind === 'raw' ? i.text.slice(0, 20) : ''])).toEqual([
      ['user', ''],
      ['text', true],
      ['raw', 'continued in a new r'],
      ['raw', 'continues the previo'],
      ['text', false],
    ]);
  });

  it('the token of interaction.completed decides, as @google/genai reads it: a checkpoint token on a status update, then none at completion, is no token', () => {
    const checkpoint = { interaction_id: 'v1_1', status: 'in_progress', continuation_token: 'tok-0', event_type: 'interaction.status_update' };
    const missing = runInteractions(eventFrames([created, checkpoint, ...output(0, 'Part one'), completed('requires_continuation')]));
    expect(missing.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini-interactions/continuation-without-token', 'warning']]);
    expect(missing.view.items.map((i) => i.kind)).toEqual(['text']);
    // A completion that gives the token itself continues, whatever came before it.
    const given = runInteractions(eventFrames([created, checkpoint, ...output(0, 'Part one'), completed('requires_continuation', 'tok-2')]));
    expect(given.findings).toEqual([]);
    expect(given.view.items.map((i) => i.kind)).toEqual(['text', 'raw']);
  });
});
