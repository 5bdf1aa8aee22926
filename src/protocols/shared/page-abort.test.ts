// A turn the page ended itself is no finding about the stream, however the page ended it: an aborted
// fetch (an error frame naming AbortError), a body it cancelled (`reader.cancel()`) or an EventSource it
// closed (a close frame saying so). The same cut turn ended by the server is an error in every protocol
// whose client throws or shows it as finished (docs/severity-policy.md).
import { describe, expect, it } from 'vitest';
import { CANCELLED_BY_PAGE, CLOSED_BY_PAGE, type Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import { framesFromSse, run as runAgui } from '../ag-ui/test-support';
import { runAnthropic } from '../anthropic/test-helpers';
import { runChat } from '../openai-chat/test-helpers';
import { runCohere } from '../cohere/test-helpers';
import { runResponses } from '../openai-responses/test-helpers';
import { chunkFrames, runGemini, text as geminiText } from '../gemini/test-helpers';
import { sseFrames } from './sse-frames';
import { abortedByPage, endingOf, STOPPED_BY_PAGE } from './page-abort';
import { SessionPipeline } from '../../analysis/pipeline';
import { protocols } from '../registry';
import type { ErrorItem, ViewItem } from '../../model/view';

const data = (payloads: readonly object[]) => payloads.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('');
const typed = (events: readonly { type: string }[]) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
const chatChunk = (delta: object) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: null }] });

/** Each protocol's turn cut after "Hello wor", its frames, and the error a server-side cut gets. */
const cases: [string, Frame[], (frames: Frame[]) => readonly Finding[], string][] = [
  [
    'ag-ui',
    framesFromSse(data([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hello wor' }])),
    (f) => runAgui(f).findings,
    'agui/closed-before-run-finished',
  ],
  [
    'anthropic',
    sseFrames(typed([
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } } as { type: string },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } as { type: string },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello wor' } } as { type: string },
    ])),
    (f) => runAnthropic(f).findings,
    'anthropic/stream-incomplete',
  ],
  ['openai-chat', sseFrames(data([chatChunk({ role: 'assistant', content: '' }), chatChunk({ content: 'Hello wor' })])), (f) => runChat(f).findings, 'openai-chat/stream-cut'],
  [
    'openai-responses',
    sseFrames(typed([
      { type: 'response.created', response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item: { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] } },
      { type: 'response.content_part.added', output_index: 0, item_id: 'msg_1', content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
      { type: 'response.output_text.delta', output_index: 0, item_id: 'msg_1', content_index: 0, delta: 'Hello wor', logprobs: [] },
    ].map((e, i) => ({ ...e, sequence_number: i })))),
    (f) => runResponses(f).findings,
    'openai-responses/incomplete-stream',
  ],
  [
    'cohere',
    sseFrames(typed([
      { type: 'message-start', id: 'm1', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } } as { type: string },
      { type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } } as { type: string },
      { type: 'content-delta', index: 0, delta: { message: { content: { text: 'Hello wor' } } } } as { type: string },
    ])),
    (f) => runCohere(f).findings,
    'cohere/stream-cut',
  ],
  ['gemini', chunkFrames([geminiText('Hello'), geminiText(' wor')]), (f) => runGemini(f).findings, 'gemini/stream-cut'],
];

function ended(frames: Frame[], kind: 'close' | 'error', text: string): Frame[] {
  const at = frames.length;
  return [...frames, { index: at, connectionId: frames[0]!.connectionId, time: at, direction: 'in', kind, data: text }];
}

const errors = (findings: readonly Finding[]) => findings.filter((f) => f.severity === 'error').map((f) => f.rule);

describe('a turn the page ended itself', () => {
  it.each(cases)('%s: a server-side close is an error; a cancel, a close or an abort by the page is none', (_id, frames, run, rule) => {
    expect(errors(run(ended(frames, 'close', '')))).toEqual([rule]);
    expect(run(ended(frames, 'close', CANCELLED_BY_PAGE))).toEqual([]);
    expect(run(ended(frames, 'close', CLOSED_BY_PAGE))).toEqual([]);
    expect(run(ended(frames, 'error', 'AbortError: signal is aborted without reason'))).toEqual([]);
  });

  it('tells the page ending a stream from the server or the network ending it', () => {
    const frame = (kind: Frame['kind'], data: string): Frame => ({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind, data });
    expect(endingOf(frame('close', CANCELLED_BY_PAGE))).toBe('abort');
    expect(endingOf(frame('close', ''))).toBe('close');
    expect(endingOf(frame('error', 'TypeError: network error'))).toBe('error');
    // A message that only says the words is a message.
    expect(abortedByPage(frame('message', CANCELLED_BY_PAGE))).toBe(false);
    expect(endingOf(frame('message', 'x'))).toBeUndefined();
  });
});

/** Every error item of a view, groups opened. */
function errorItems(items: readonly ViewItem[]): ErrorItem[] {
  return items.flatMap((i) => (i.kind === 'error' ? [i] : i.kind === 'group' ? errorItems(i.items) : []));
}

describe('what the rendering shows where the page aborted the request', () => {
  const view = (id: (typeof protocols)[number]['id'], data: string) => {
    const pipeline = new SessionPipeline(protocols, { protocol: id });
    pipeline.append({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'error', data });
    pipeline.finish();
    return errorItems(pipeline.view().items);
  };

  it.each(protocols.map((p) => p.id))('%s: a stop, where a failed connection shows a failure', (id) => {
    const failed = view(id, 'TypeError: network error');
    const stopped = view(id, 'AbortError: signal is aborted without reason');
    expect(failed.every((i) => !i.stoppedByPage)).toBe(true);
    expect(stopped.filter((i) => !i.stoppedByPage)).toEqual([]);
    // A fold that shows a failed connection shows the page's stop in its place, saying what it is.
    expect(stopped.map((i) => i.message)).toEqual(failed.map(() => STOPPED_BY_PAGE));
  });
});
