// Perplexity's `citations` and `search_results`, repeated on every chunk, become one source line per URL.
import { describe, expect, it } from 'vitest';
import { chunk, chunkFrames, runChat } from './test-helpers';

const citations = ['https://a.example/1', 'https://b.example/2'];
const search_results = [{ title: 'B page', url: 'https://b.example/2', date: '2026-01-01' }];

describe('openai-chat sources (Perplexity)', () => {
  it('shows each cited URL once, with the search result title where there is one', () => {
    const frames = chunkFrames([chunk({ role: 'assistant', content: 'Hi' }, null, { citations, search_results }), chunk({ content: ' [1]' }, null, { citations, search_results }), chunk({}, 'stop', { citations, search_results }), '[DONE]']);
    const { view, findings } = runChat(frames);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => (i.kind === 'raw' ? i.text : i.kind))).toEqual(['source: B page <https://b.example/2>', 'source: https://a.example/1 <https://a.example/1>', 'text']);
    expect(view.items.filter((i) => i.kind === 'raw').map((i) => i.frames)).toEqual([[0], [0]]);
  });

  it('a chunk without them adds nothing; a later chunk with a new URL adds it', () => {
    const frames = chunkFrames([chunk({ role: 'assistant', content: 'Hi' }), chunk({ content: '!' }, null, { citations: citations.slice(0, 1) }), chunk({}, 'stop', { citations }), '[DONE]']);
    const { view } = runChat(frames);
    expect(view.items.map((i) => (i.kind === 'raw' ? [i.text, i.frames[0]] : i.kind))).toEqual(['text', ['source: https://a.example/1 <https://a.example/1>', 1], ['source: https://b.example/2 <https://b.example/2>', 2]]);
  });
});
