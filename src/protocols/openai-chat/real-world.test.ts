// Real provider recordings that were once false alarms, each beside a near-identical broken twin
// (inline, so the twins run without the shared corpus).
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkText, corpusText, jsonl } from '../../../test/support/real-world';
import { HAS_CORPUS } from '../../../test/support/shared-dir';

const chunk = (delta: object, finish: string | null = null, extra: object = {}) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
const thinking = (t: string) => ({ type: 'thinking', thinking: [{ type: 'text', text: t }] });

// Mistral's magistral models stream delta.content as typed parts: thinking parts, then text parts.
describe('delta.content as an array of typed parts', () => {
  it('the Mistral reasoning recording folds into reasoning and text, clean', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/mistral_mistral-reasoning.jsonl'));
    expect(r.protocol).toBe('openai-chat');
    expect(r.serious).toEqual([]);
    expect(r.view.items).toMatchObject([
      { kind: 'reasoning', text: 'The user is asking for 2+2. This is basic arithmetic. 2+2=4.' },
      { kind: 'text', text: '2 + 2 = 4' },
    ]);
  });

  const parts = [chunk({ role: 'assistant', content: [thinking('2+2')] }), chunk({ content: [{ type: 'text', text: '4' }] }), chunk({ content: '' }, 'stop')];
  it('inline: thinking and text parts', () => {
    const r = checkText(jsonl(parts));
    expect(r.all).toEqual([]);
    expect(r.view.items.map((i) => i.kind)).toEqual(['reasoning', 'text']);
  });

  it('a part of an unknown type is info and the content after it goes on', () => {
    const r = checkText(jsonl([chunk({ role: 'assistant', content: [{ type: 'audio', data: 'AA' }, { type: 'text', text: '4' }] }), chunk({}, 'stop')]));
    expect(r.all).toEqual([['openai-chat/unknown-content-part', 'info']]);
    expect(r.view.items.map((i) => i.kind)).toEqual(['raw', 'text']);
  });

  it('the broken twin: a text part whose content is not text or parts', () => {
    const r = checkText(jsonl([parts[0], chunk({ content: 4 }), parts[2]]));
    expect(r.serious).toEqual([['openai-chat/invalid-chunk', 'error', 1]]);
  });
});

// Recordings of data lines carry no `data: [DONE]`; an SSE body that ends without it is missing it.
describe('[DONE] and where end-of-stream findings point', () => {
  const events = [chunk({ role: 'assistant', content: 'Hi' }), chunk({}, 'stop')];
  it('a DeepSeek recording (data lines only) is clean', { skip: !HAS_CORPUS }, () => {
    expect(checkText(corpusText('vercel-ai/deepseek_chat_deepseek-text.jsonl')).serious).toEqual([]);
  });

  it('the broken twin: an SSE body without [DONE] gets missing-done at its last frame', () => {
    const sse = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    expect(checkText(sse).serious).toEqual([['openai-chat/missing-done', 'warning', 1]]);
  });
});

// OpenAI-compatible providers that ChatCompletionStream's accumulator would reject (it throws "missing
// role" / "missing finish_reason" / "missing ...type"), while the raw stream and the AI SDK's provider
// read them whole: provider quirks, info. A tool call with no name cannot be run or shown: error.
// A tool call with no index is an error: openai ≥ 7.5 throws on it, and openai 6 drops the call.
describe('provider quirks', () => {
  it('Z.ai via the Mistral-style incremental tool call (no role) is clean', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/mistral_mistral-incremental-tool-call.jsonl'));
    expect(r.serious).toEqual([]);
    expect(r.all).toContainEqual(['openai-chat/missing-role', 'info']);
  });

  it('Mistral tool calls (no index, no type): an error naming openai ≥ 7.5, the call still shown', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/mistral_mistral-tool-call.jsonl'));
    expect(r.serious).toEqual([['openai-chat/tool-call-index-missing', 'error', 1]]);
    expect(r.findings.find((f) => f.rule === 'openai-chat/tool-call-index-missing')?.message).toContain('openai ≥ 7.5 throws');
    expect(r.view.items).toMatchObject([{ kind: 'tool', name: 'weather', input: { location: 'San Francisco' } }]);
  });

  it('Groq and xAI tick `created` mid-stream: info', { skip: !HAS_CORPUS }, () => {
    expect(checkText(corpusText('vercel-ai/groq_groq-text.jsonl')).all).toEqual([['openai-chat/identity-changed', 'info']]);
  });

  it('inline: no role, no finish_reason and an id that changes every chunk', () => {
    const r = checkText(jsonl([chunk({ content: 'a' }, null, { id: 'x1' }), chunk({ content: 'b' }, null, { id: 'x2' })]));
    expect(r.serious).toEqual([]);
    expect(r.view.items).toMatchObject([{ kind: 'text', text: 'ab' }]);
  });

  it('the broken twin: a tool call that never gets a name', () => {
    const call = chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 't1', type: 'function', function: { arguments: '{}' } }] });
    expect(checkText(jsonl([call, chunk({}, 'tool_calls')])).serious).toEqual([['openai-chat/tool-call-incomplete', 'error', 0]]);
  });
});

describe('a stream that reports its own failure', () => {
  it('an error payload mid-stream is a warning and a failed turn', () => {
    const r = checkText(jsonl([chunk({ role: 'assistant', content: 'Hi' }), { error: { message: 'upstream timeout', type: 'server_error' } }]));
    expect(r.serious).toEqual([['openai-chat/error-payload', 'warning', 1]]);
    expect(r.view.items.at(-1)).toMatchObject({ kind: 'error', message: 'upstream timeout' });
  });
});
