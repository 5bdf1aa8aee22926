// Anthropic detection, and not mistaking flat-block streams (same event names) for Anthropic.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath, HAS_CORPUS, needsShared } from '../../../test/support/shared-dir';
import { decodeFrame } from '../../model/decode';
import type { Frame } from '../../model/frame';
import { detectConnection, detectFrame } from './detect';
import { sseFrames } from './test-helpers';

const frame = (data: unknown): Frame => ({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: JSON.stringify(data) });
const score = (data: unknown) => detectFrame(decodeFrame(frame(data)));

describe('anthropic detectFrame', () => {
  it('scores Anthropic-only shapes 1', () => {
    expect(score({ type: 'message_start', message: { id: 'm', model: 'claude-x' } })).toBe(1);
    expect(score({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 1 } })).toBe(1);
    expect(score({ type: 'ping' })).toBe(1);
    for (const t of ['input_json_delta', 'signature_delta', 'thinking_delta', 'citations_delta']) {
      expect(score({ type: 'content_block_delta', index: 0, delta: { type: t } })).toBe(1);
    }
    expect(score({ type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 's', name: 'web_search' } })).toBe(1);
  });

  it('scores shapes shared with flat-block 0.5, never 1', () => {
    expect(score({ type: 'message_start' })).toBe(0.5);
    expect(score({ type: 'message_start', message: { id: 'm' } })).toBe(0.5);
    expect(score({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })).toBe(0.5);
    expect(score({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'x' } })).toBe(0.5);
    expect(score({ type: 'content_block_stop', index: 0 })).toBe(0.5);
    expect(score({ type: 'message_stop' })).toBe(0.5);
  });

  it('scores flat-block markers 0', () => {
    expect(score({ type: 'group_start', index: 1, message_id: 'm' })).toBe(0);
    expect(score({ type: 'group_end', index: 1, summary: 'done', message_id: 'm' })).toBe(0);
    for (const t of ['tool_result', 'approval_request', 'approval_result', 'approval_timeout']) {
      expect(score({ type: 'content_block_start', index: 0, content_block: { type: t } })).toBe(0);
    }
    expect(score({ type: 'content_block_start', index: 0, content_block: { type: 'text', is_part: true } })).toBe(0);
    expect(score({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't', name: 'web_search', tool_content_message: 'Searching' } })).toBe(0);
    expect(score({ display_type: 'text', type: 'message_start' })).toBe(0);
  });

  it('scores other protocols and non-JSON 0', () => {
    expect(score({ object: 'chat.completion.chunk', choices: [] })).toBe(0);
    expect(score({ type: 'response.created', sequence_number: 0 })).toBe(0);
    expect(score({ type: 'RUN_STARTED' })).toBe(0);
    expect(detectFrame(decodeFrame({ ...frame(null), data: '[DONE]' }))).toBe(0);
  });

  it.skipIf(!HAS_CORPUS)(needsShared('a real capture has a decisive frame'), () => {
    const body = readFileSync(corpusPath('anthropic/basic_response.sse'), 'utf8');
    const scores = sseFrames(body).map((f) => detectFrame(decodeFrame(f)));
    expect(scores[0]).toBe(1);
  });
});

describe('anthropic detectConnection', () => {
  it('uses the API headers and host', () => {
    expect(detectConnection({ id: 'c', transport: 'sse', requestHeaders: { 'anthropic-version': '2023-06-01' } })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', responseHeaders: { 'anthropic-ratelimit-requests-limit': '50' } })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://api.anthropic.com/v1/messages' })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'http://localhost:8080/v1/messages' })).toBe(0.5);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'http://localhost:8080/agent/stream', responseHeaders: { 'content-type': 'text/event-stream' } })).toBe(0);
  });
});
