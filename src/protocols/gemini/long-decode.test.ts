// A long decode over several requests (Gemini 4): a response that stops at the per-request output cap
// with finishReason CONTINUATION and a continuationToken, which @google/genai and the AI SDK's Google
// provider send back in a new request whose response is the rest of the answer.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { geminiProtocol } from './index';
import { chunk, chunkFrames, runGemini, stop, text } from './test-helpers';

const checkpoint = (t: string, token: string) => chunk([{ text: t }], { continuationToken: token });
const continuation = (token?: string) => chunk([{ text: '' }], { finishReason: 'CONTINUATION', ...(token ? { continuationToken: token } : {}) });

/** A request frame (the page's POST body) on its connection. */
const request = (index: number, connectionId: string, body: object): Frame => ({ index, connectionId, time: index, direction: 'out', kind: 'message', data: JSON.stringify(body) });
const close = (index: number, connectionId = 'c1'): Frame => ({ index, connectionId, time: index, direction: 'in', kind: 'close', data: '' });
const contents = { contents: [{ role: 'user', parts: [{ text: 'A long essay, please' }] }] };

describe('gemini long decode', () => {
  it('a response stopped at the cap with its token: no finding, the answer not final, and a line saying it is continued', () => {
    const { view, findings } = runGemini(chunkFrames([text('Part one, '), checkpoint('checkpoint. ', 'tok-1'), continuation('tok-2')]));
    expect(findings).toEqual([]);
    expect(view.items.map((i) => i.kind)).toEqual(['text', 'raw']);
    expect(view.items[0]).toMatchObject({ text: 'Part one, checkpoint. ', final: false });
    expect(view.items[1]).toMatchObject({ frames: [2], text: expect.stringMatching(/^continued in a new request \(finishReason CONTINUATION/) });
  });

  it('the request that sends the token back continues the answer: no brand, a line saying so, and the text after it', () => {
    const frames = [request(0, 'c1', contents), ...chunkFrames([text('One '), continuation('tok-1')], 'c1', 1), request(3, 'c2', { ...contents, continuationToken: 'tok-1' }), ...chunkFrames([text('two.'), stop], 'c2', 4)];
    const { view, findings } = runGemini(frames);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => [i.kind, i.kind === 'text' ? i.text : i.kind === 'raw' ? i.text.slice(0, 30) : '', i.kind === 'text' && i.brand, i.frames[0]])).toEqual([
      ['text', 'One ', true, 1],
      ['raw', 'continued in a new request (fi', false, 2],
      ['raw', 'continues the previous respons', false, 4],
      ['text', 'two.', false, 4],
    ]);
    // A request without a token starts a new answer, branded.
    const fresh = runGemini([request(0, 'c1', contents), ...chunkFrames([text('One'), stop], 'c1', 1), request(3, 'c2', contents), ...chunkFrames([text('Two'), stop], 'c2', 4)]);
    expect(fresh.view.items.map((i) => (i.kind === 'text' ? [i.text, i.brand] : i.kind))).toEqual([['One', true], ['Two', true]]);
  });

  it('reads the token from the connection\'s request body too, as a live capture keeps it (no request frame)', () => {
    const pipeline = new SessionPipeline([geminiProtocol], { protocol: 'gemini' });
    const post = (id: string, body: object) => pipeline.addConnection({ id, transport: 'sse', method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse', requestBody: JSON.stringify(body) });
    post('c1', contents);
    for (const f of chunkFrames([text('One '), continuation('tok-1')], 'c1')) pipeline.append(f);
    post('c2', { ...contents, continuationToken: 'tok-1' });
    for (const f of chunkFrames([text('two.'), stop], 'c2', 2)) pipeline.append(f);
    pipeline.finish();
    expect(pipeline.findings()).toEqual([]);
    // The prompt of each request (read from its body), the first answer, its continuation.
    expect(pipeline.view().items.map((i) => [i.kind, i.kind === 'text' ? `${i.text}${i.brand ? ' (brand)' : ''}` : i.kind === 'raw' ? i.text.slice(0, 25) : ''])).toEqual([
      ['user', ''],
      ['text', 'One  (brand)'],
      ['raw', 'continued in a new reques'],
      ['raw', 'continues the previous re'],
      ['text', 'two.'],
    ]);
  });

  it('CONTINUATION without a token in its chunk is a warning that says which client can still continue', () => {
    const after = runGemini(chunkFrames([checkpoint('One ', 'tok-1'), continuation()]));
    expect(after.findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['gemini/continuation-without-token', 'warning', [1]]]);
    expect(after.findings[0]?.message).toContain("the AI SDK's Google provider cannot continue");
    expect(after.findings[0]?.message).toContain("@google/genai continues from the response's latest checkpoint token");
    const none = runGemini(chunkFrames([text('One '), continuation()]));
    expect(none.findings.map((f) => f.rule)).toEqual(['gemini/continuation-without-token']);
    expect(none.findings[0]?.message).toContain('so @google/genai cannot either');
    // No line claiming a continuation the clients cannot make.
    expect(none.view.items.map((i) => i.kind)).toEqual(['text']);
  });

  it('a token the request sent, given back again, is no checkpoint: no progress to resume from', () => {
    const frames = [request(0, 'c1', { ...contents, continuationToken: 'tok-1' }), ...chunkFrames([checkpoint('more ', 'tok-1'), continuation()], 'c1', 1)];
    expect(runGemini(frames).findings[0]?.message).toContain('so @google/genai cannot either');
  });

  it('a stream cut after a checkpoint: still an error (the AI SDK ends there), saying @google/genai resumes from it', () => {
    const cut = runGemini([...chunkFrames([text('One '), checkpoint('two ', 'tok-1'), text('three')]), close(3)]);
    expect(cut.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/stream-cut', 'error']]);
    expect(cut.findings[0]?.message).toContain("@google/genai 3.3 resumes from the response's latest checkpoint with a new request carrying its continuationToken; the AI SDK's Google provider does not");
    const plain = runGemini([...chunkFrames([text('One '), text('three')]), close(2)]);
    expect(plain.findings[0]?.message).toContain('@google/genai 3.3 ends quietly and shows the cut answer as finished');
  });

  it('MAX_TOKENS with a token says the page can resume; other finish reasons read as before', () => {
    const capped = runGemini(chunkFrames([text('One'), chunk([], { finishReason: 'MAX_TOKENS', continuationToken: 'tok-1' })]));
    expect(capped.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/truncated-finish-reason', 'info']]);
    expect(capped.findings[0]?.message).toBe('finishReason "MAX_TOKENS": the answer was cut off at the token limit; its continuationToken, sent back with a higher maxOutputTokens, resumes it');
    expect(runGemini(chunkFrames([text('One'), chunk([], { finishReason: 'MAX_TOKENS' })])).findings[0]?.message).toBe('finishReason "MAX_TOKENS": the answer was cut off at the token limit');
    expect(runGemini(chunkFrames([text('One'), stop])).findings).toEqual([]);
  });
});
