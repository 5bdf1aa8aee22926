// A capture the tests of a page's abort share (analysis/page-release.ts and what names frames by it):
// two OpenAI Chat answers the page aborted, one after its end and one mid-answer.
import type { Capture, Connection, Frame } from '../model/frame';
import { chunk } from '../protocols/openai-chat/test-helpers';

/** What Chrome records when the page's AbortController ends a fetch. */
export const PAGE_ABORT = 'AbortError: signal is aborted without reason';

/** A chunk of `chunk`'s shape as frame data. */
export const chunkData = (delta: object, finish: string | null = null): string => JSON.stringify(chunk(delta, finish));

const connection = (id: string): Connection => ({ id, transport: 'fetch-stream', method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', responseHeaders: { 'content-type': 'text/event-stream' } });

/**
 * Connection `a` reads its answer to [DONE] and the page aborts it (frame 3: a release); connection `b`
 * is aborted mid-answer (frame 5: a stop). Two sessions, both OpenAI Chat.
 */
export function releaseThenStopCapture(): Capture {
  const payloads: [string, Frame['kind'], string][] = [
    ['a', 'message', chunkData({ role: 'assistant', content: 'Hello' })],
    ['a', 'message', chunkData({}, 'stop')],
    ['a', 'message', '[DONE]'],
    ['a', 'error', PAGE_ABORT],
    ['b', 'message', chunkData({ role: 'assistant', content: 'Hel' })],
    ['b', 'error', PAGE_ABORT],
  ];
  const frames: Frame[] = payloads.map(([connectionId, kind, data], index) => ({ index, connectionId, time: 1000 + index, direction: 'in', kind, data }));
  return { connections: [connection('a'), connection('b')], frames };
}
