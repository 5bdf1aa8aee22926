// Test helpers: turn an SSE body or a list of events into frames and run them through the pipeline.
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { anthropicProtocol } from './index';

export { sseFrames } from '../shared/sse-frames';

/** An SSE frame for one event object: the event name is the object's `type` unless given. */
export function eventFrames(events: readonly (object | string)[], connectionId = 'c1'): Frame[] {
  return events.map((e, index) => {
    const data = typeof e === 'string' ? e : JSON.stringify(e);
    const type = typeof e === 'string' ? undefined : (e as { type?: unknown }).type;
    const frame: Frame = { index, connectionId, time: index, direction: 'in', kind: 'message', data };
    if (typeof type === 'string') frame.eventName = type;
    return frame;
  });
}

export function runAnthropic(frames: readonly Frame[]) {
  const pipeline = new SessionPipeline([anthropicProtocol], { protocol: 'anthropic' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view(), pipeline };
}

/** SSE text for a list of events, with `event:` lines named after each type. */
export function toSse(events: readonly object[]): string {
  return events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

/** The kinds of content block the agreement tests' draws build (blockEvents). */
export type BlockKind = 'text' | 'cited' | 'thinking' | 'redacted' | 'tool' | 'whole' | 'both' | 'server' | 'result' | 'compaction';

/**
 * One well-formed block of `kind` at `index` (start, deltas, stop), its text or JSON from `pieces`: what
 * the agreement tests interleave. A tool call's JSON comes in three pieces; `result` answers the server
 * tool call of the block before it.
 */
export function blockEvents(index: number, kind: BlockKind, pieces: readonly string[]): object[] {
  const open = (content_block: object) => ({ type: 'content_block_start', index, content_block });
  const delta = (d: object) => ({ type: 'content_block_delta', index, delta: d });
  const stop = { type: 'content_block_stop', index };
  const texts = pieces.map((text) => delta({ type: 'text_delta', text }));
  // JSON in up to three pieces.
  const json = (whole: string) => [0, 1, 2].map((k) => delta({ type: 'input_json_delta', partial_json: whole.slice(Math.floor((k * whole.length) / 3), Math.floor(((k + 1) * whole.length) / 3)) }));
  switch (kind) {
    case 'text':
      return [open({ type: 'text', text: '' }), ...texts, stop];
    case 'cited':
      return [open({ type: 'text', text: '', citations: [] }), delta({ type: 'citations_delta', citation: { type: 'web_search_result_location', url: 'https://example.com', title: 'T', encrypted_index: 'e', cited_text: 'c' } }), ...texts, stop];
    case 'thinking':
      return [open({ type: 'thinking', thinking: '', signature: '' }), ...pieces.map((thinking) => delta({ type: 'thinking_delta', thinking })), delta({ type: 'signature_delta', signature: 'sig' }), stop];
    case 'redacted':
      return [open({ type: 'redacted_thinking', data: 'xyz' }), stop];
    case 'tool':
      return [open({ type: 'tool_use', id: `toolu_${index}`, name: 'f', input: {} }), ...(pieces.length > 0 ? json(JSON.stringify({ a: pieces.join('') })) : []), stop];
    case 'whole':
      return [open({ type: 'tool_use', id: `toolu_${index}`, name: 'g', input: { p: pieces.join('') } }), stop];
    case 'both':
      return [open({ type: 'tool_use', id: `toolu_${index}`, name: 'h', input: { z: 1 } }), ...json(JSON.stringify({ a: pieces.join('') })), stop];
    case 'server':
      return [open({ type: 'server_tool_use', id: `srvtoolu_${index}`, name: 'web_search', input: {} }), ...json('{"query":"q"}'), stop];
    case 'result':
      return [open({ type: 'web_search_tool_result', tool_use_id: `srvtoolu_${index - 1}`, content: [{ type: 'web_search_result', url: 'https://example.com', title: 'T', encrypted_content: 'e', page_age: null }] }), stop];
    case 'compaction':
      return [open({ type: 'compaction', content: null }), ...pieces.map((content) => delta({ type: 'compaction_delta', content })), stop];
  }
}
