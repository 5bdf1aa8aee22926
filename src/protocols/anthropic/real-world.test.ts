// Real recordings that were once false alarms, each beside a near-identical broken twin (inline, so
// the twins run without the shared corpus). Where the real world is more lenient than the official
// SDK, the comment says so and why the grade follows the world.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkText, corpusText, jsonl } from '../../../test/support/real-world';
import { HAS_CORPUS } from '../../../test/support/shared-dir';

const start = (id: string) => ({ type: 'message_start', message: { id, type: 'message', role: 'assistant', content: [], model: 'claude', usage: { input_tokens: 1, output_tokens: 1 } } });
const text = (index: number, t: string) => [
  { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index, delta: { type: 'text_delta', text: t } },
  { type: 'content_block_stop', index },
];
const tool = (index: number, id: string) => [
  { type: 'content_block_start', index, content_block: { type: 'tool_use', id, name: 'search', input: {} } },
  { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '{"q":"x"}' } },
  { type: 'content_block_stop', index },
];
const end = (reason: string) => [{ type: 'message_delta', delta: { stop_reason: reason, stop_sequence: null }, usage: { output_tokens: 5 } }, { type: 'message_stop' }];

// Server-side tool loops (tool search, programmatic tool calling) answer one request with several
// messages: message_stop, then a new message_start whose blocks count from 0 again. The SDK's
// MessageStream helper throws there ("Unexpected event order"), but the raw event stream is what the
// API sends and what the AI SDK reads; only a message_start inside an unfinished message is wrong.
describe('several messages in one response', () => {
  it('a tool-search loop, as recorded, is clean', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/anthropic_anthropic-tool-search-bm25.1.jsonl'));
    expect(r.protocol).toBe('anthropic');
    expect(r.serious).toEqual([]);
    expect(r.view.items.filter((i) => i.kind === 'text').at(-1)).toMatchObject({ final: true });
  });

  it('programmatic tool calling: message_start carries the repeated tool call and its stop_reason', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('vercel-ai/anthropic_anthropic-programmatic-tool-calling.1.jsonl'));
    expect(r.serious).toEqual([]);
    expect(r.view.items.filter((i) => i.kind === 'tool' && i.name === 'rollDie').length).toBeGreaterThan(10);
  });

  const loop = [start('m1'), ...tool(0, 't1'), ...end('tool_use'), start('m2'), ...text(0, 'done'), ...end('end_turn')];
  it('inline: message_stop then message_start starts the next message with fresh indexes', () => {
    expect(checkText(jsonl(loop)).serious).toEqual([]);
  });

  it('the broken twin: the second message_start arrives before message_stop', () => {
    const twin = [start('m1'), ...tool(0, 't1'), start('m2'), ...text(0, 'done'), ...end('end_turn')];
    expect(checkText(jsonl(twin)).serious).toEqual([
      ['anthropic/duplicate-message-start', 'error', 4],
      ['anthropic/block-index-out-of-order', 'error', 5],
    ]);
  });
});

describe('event names', () => {
  const events = [start('m1'), ...text(0, 'hi'), ...end('end_turn')];
  it('a recording of data lines (no transport event names) gets no finding for them', () => {
    expect(checkText(jsonl(events)).all).toEqual([]);
  });

  it('an SSE body without event: lines does (the SDK routes on the event name)', () => {
    const sse = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    expect(checkText(sse).all).toEqual([['anthropic/missing-event-name', 'info']]);
  });
});

describe('a stream that reports its own failure', () => {
  it('an error event is a warning and a failed turn, not a malformed stream', () => {
    const r = checkText(jsonl([start('m1'), ...text(0, 'par'), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]));
    expect(r.serious).toEqual([['anthropic/error-event', 'warning', 4]]);
    expect(r.view.items.at(-1)).toMatchObject({ kind: 'error', message: 'overloaded_error: Overloaded' });
  });
});
