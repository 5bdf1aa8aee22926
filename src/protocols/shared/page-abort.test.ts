// A turn the page ended itself is no finding about the stream, however the page ended it: an aborted
// fetch (an error frame naming AbortError), a body it cancelled (`reader.cancel()`) or an EventSource it
// closed (a close frame saying so). The same cut turn ended by the server is an error in every protocol
// whose client throws or shows it as finished (docs/severity-policy.md). The rendering shows the page's
// stop while the turn is open, and nothing once its end marker arrived.
import { describe, expect, it } from 'vitest';
import { CANCELLED_BY_PAGE, CLOSED_BY_PAGE, type Connection, type Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import { framesFromSse, run as runAgui } from '../ag-ui/test-support';
import { runAnthropic } from '../anthropic/test-helpers';
import { runChat } from '../openai-chat/test-helpers';
import { runCohere } from '../cohere/test-helpers';
import { runResponses } from '../openai-responses/test-helpers';
import { chunkFrames, runGemini, stop as geminiStop, text as geminiText } from '../gemini/test-helpers';
import { eventFrames as cohereFrames, contentDelta, contentEnd, contentStart, end as cohereEnd, start as cohereStart } from '../cohere/test-helpers';
import { completed, created, eventFrames as interactionFrames, output, stepDelta, stepStart } from '../gemini-interactions/test-helpers';
import { chunk as langgraphChunk, eventFrames as langgraphFrames, answer, human, metadata, values } from '../langgraph/test-helpers';
import { call, progress, result, stepFrames } from '../mcp/testing';
import { exchangeCapture, artifact03, send03, status03, task03 } from '../a2a/testing';
import { chunkFrames as uiChunkFrames } from '../aisdk-ui/testing';
import { lineFrames } from '../aisdk-data/testing';
import { blockDelta, blockStart, messageStart, messageStop, stream, textBlock } from '../flat-block/test-support';
import { sseFrames } from './sse-frames';
import { abortedByPage, endingItem, endingOf, pageStopItem, STOPPED_BY_PAGE } from './page-abort';
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
      { type: 'response.created', response: { id: 'resp_1', object: 'response', created_at: 1760000000, model: 'gpt-5', status: 'in_progress', output: [] } },
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

  it.each(protocols.map((p) => p.id))('%s: a page that stopped the request before any event is no finding; a network failure then is one where the client throws', (id) => {
    const findings = (data: string) => {
      const pipeline = new SessionPipeline(protocols, { protocol: id });
      pipeline.append({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'error', data });
      pipeline.finish();
      return pipeline.findings().map((f) => f.rule);
    };
    expect(findings('AbortError: signal is aborted without reason')).toEqual([]);
    // Before the page's stop was told apart, these three called the stopped request a stream with no events.
    const empty: Record<string, string> = { anthropic: 'anthropic/stream-incomplete', 'openai-chat': 'openai-chat/no-chunks', 'openai-responses': 'openai-responses/incomplete-stream' };
    expect(findings('TypeError: network error')).toEqual(empty[id] ? [empty[id]] : []);
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

/** A capture of one protocol's turn: its frames, and the connections that carry its requests. */
interface Turn {
  frames: Frame[];
  connections?: Connection[];
}

const responsesEvents = (done: boolean) => {
  const part = { type: 'output_text', text: 'Hello world', annotations: [] };
  const message = { id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [part] };
  const events: object[] = [
    { type: 'response.created', response: { id: 'resp_1', object: 'response', created_at: 1760000000, model: 'gpt-5', status: 'in_progress', output: [] } },
    { type: 'response.output_item.added', output_index: 0, item: { ...message, status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', output_index: 0, item_id: 'msg_1', content_index: 0, part: { ...part, text: '' } },
    { type: 'response.output_text.delta', output_index: 0, item_id: 'msg_1', content_index: 0, delta: done ? 'Hello world' : 'Hello wor', logprobs: [] },
  ];
  if (done) {
    events.push(
      { type: 'response.output_text.done', output_index: 0, item_id: 'msg_1', content_index: 0, text: 'Hello world', logprobs: [] },
      { type: 'response.content_part.done', output_index: 0, item_id: 'msg_1', content_index: 0, part },
      { type: 'response.output_item.done', output_index: 0, item: message },
      { type: 'response.completed', response: { id: 'resp_1', object: 'response', status: 'completed', output: [message] } },
    );
  }
  return sseFrames(typed(events.map((e, i) => ({ ...(e as { type: string }), sequence_number: i }))));
};

const anthropicEvents = (done: boolean) => {
  const events: ({ type: string } & Record<string, unknown>)[] = [
    { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: done ? 'Hello world' : 'Hello wor' } },
  ];
  if (done) events.push({ type: 'content_block_stop', index: 0 }, { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }, { type: 'message_stop' });
  return sseFrames(typed(events));
};

const a2aTurn = (done: boolean): Turn =>
  exchangeCapture([
    {
      method: 'message/stream',
      params: send03('Weather?'),
      events: done ? [task03(), status03('working', false), artifact03('Sunny', { lastChunk: true, name: 'forecast' }), status03('completed', true)] : [task03(), status03('working', false)],
      close: false,
    },
  ]);

/**
 * Each protocol's turn whole, up to the marker that ends it, and cut mid-answer. The
 * marker each fold ends a turn at: AG-UI RUN_FINISHED (or RUN_ERROR); flat-block message_stop; Anthropic message_stop; Chat `[DONE]`;
 * Responses response.completed; AI SDK UI finish and `[DONE]`; v4 data d: finish_message; Gemini a
 * finishReason; Cohere message-end; Interactions interaction.completed; MCP the answer to every request;
 * LangGraph end; A2A the final event.
 */
const aguiStart = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }];
const turns: [string, whole: Turn, cut: Turn][] = [
  [
    'ag-ui',
    { frames: framesFromSse(data([...aguiStart, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hello world' }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }])) },
    { frames: framesFromSse(data([...aguiStart, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hello wor' }])) },
  ],
  ['flat-block', { frames: stream([messageStart(), textBlock(0, 'Hello world'), messageStop()]) }, { frames: stream([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: 'Hello wor' })]) }],
  ['anthropic', { frames: anthropicEvents(true) }, { frames: anthropicEvents(false) }],
  [
    'openai-chat',
    { frames: sseFrames(`${data([chatChunk({ role: 'assistant', content: '' }), chatChunk({ content: 'Hello world' }), { ...chatChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }])}data: [DONE]\n\n`) },
    { frames: sseFrames(data([chatChunk({ role: 'assistant', content: '' }), chatChunk({ content: 'Hello wor' })])) },
  ],
  ['openai-responses', { frames: responsesEvents(true) }, { frames: responsesEvents(false) }],
  [
    'aisdk-ui',
    { frames: uiChunkFrames([{ type: 'start', messageId: 'm1' }, { type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'Hello world' }, { type: 'text-end', id: 't1' }, { type: 'finish' }, '[DONE]']) },
    { frames: uiChunkFrames([{ type: 'start', messageId: 'm1' }, { type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'Hello wor' }]) },
  ],
  [
    'aisdk-data',
    { frames: lineFrames('f:{"messageId":"m1"}\n0:"Hello world"\ne:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2},"isContinued":false}\nd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2}}') },
    { frames: lineFrames('f:{"messageId":"m1"}\n0:"Hello wor"') },
  ],
  ['gemini', { frames: chunkFrames([geminiText('Hello'), geminiText(' world'), geminiStop]) }, { frames: chunkFrames([geminiText('Hello'), geminiText(' wor')]) }],
  [
    'cohere',
    { frames: cohereFrames([cohereStart, contentStart(0), contentDelta(0, 'Hello world'), contentEnd(0), cohereEnd('COMPLETE')]) },
    { frames: cohereFrames([cohereStart, contentStart(0), contentDelta(0, 'Hello wor')]) },
  ],
  [
    'gemini-interactions',
    { frames: interactionFrames([created, ...output(0, 'Hello world'), completed()]) },
    { frames: interactionFrames([created, stepStart(0, { type: 'model_output' }), stepDelta(0, { text: 'Hello wor', type: 'text' })]) },
  ],
  ['mcp', { frames: stepFrames([['>', call(1)], ['<', result(1)]]) }, { frames: stepFrames([['>', call(1, 'get_weather', { city: 'Oslo' }, 't')], ['<', progress('t', 1, 2)]]) }],
  ['langgraph', { frames: langgraphFrames([...answer, ['end', { run_id: 'r', status: 'success' }]]) }, { frames: langgraphFrames([metadata, values(human), langgraphChunk('It is ')]) }],
  ['a2a', a2aTurn(true), a2aTurn(false)],
];

/** The turn through the protocol's pipeline, ended by a frame of `kind` with `text` on its connection (none: not ended). */
function runTurn(id: string, turn: Turn, ending?: ['close' | 'error', string]) {
  const pipeline = new SessionPipeline(protocols, { protocol: id as (typeof protocols)[number]['id'] });
  for (const c of turn.connections ?? []) pipeline.addConnection(c);
  for (const f of turn.frames) pipeline.append(f);
  if (ending) {
    const last = turn.frames[turn.frames.length - 1]!;
    pipeline.append({ index: last.index + 1, connectionId: last.connectionId, time: last.time + 1, direction: 'in', kind: ending[0], data: ending[1] });
  }
  pipeline.finish();
  const view = pipeline.view();
  return { errors: errorItems(view.items), findings: pipeline.findings(), streaming: view.streaming };
}

const SILENT_ON_A_CUT = new Set(['flat-block', 'langgraph']);
const ABORT: ['error', string] = ['error', 'AbortError: signal is aborted without reason'];
const CANCEL: ['close', string] = ['close', CANCELLED_BY_PAGE];
const CLOSE: ['close', string] = ['close', CLOSED_BY_PAGE];

describe('the page letting go of a connection after its turn ended', () => {
  it.each(turns)('%s: an abort, cancel or close after the end marker shows nothing and reports nothing, as the whole turn alone', (id, whole) => {
    const alone = runTurn(id, whole);
    expect(alone.findings).toEqual([]);
    expect(alone.errors).toEqual([]);
    for (const ending of [ABORT, CANCEL, CLOSE]) {
      const after = runTurn(id, whole, ending);
      expect(after.errors).toEqual([]);
      expect(after.findings).toEqual([]);
      // Not streaming, with no error item: the session reads as a complete turn (`done`).
      expect(after.streaming).toBe(false);
    }
  });
});

describe('a turn the page cancelled or closed mid-answer', () => {
  it.each(turns)('%s: a cancel, a close or an abort by the page shows exactly the stop; the server closing it shows none', (id, _whole, cut) => {
    for (const ending of [CANCEL, CLOSE, ABORT]) {
      const { errors } = runTurn(id, cut, ending);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ message: STOPPED_BY_PAGE, stoppedByPage: true });
    }
    expect(runTurn(id, cut, ['close', '']).errors.filter((i) => i.stoppedByPage)).toEqual([]);
  });

  // The end-of-stream checks (a missing finish, completed event or final event, a request left
  // unanswered) call a stream cut short by its server; the page cutting it is nobody's fault.
  it.each(turns)('%s: the page stopping it mid-answer is no finding, where the same cut with no ending is one', (id, _whole, cut) => {
    // flat-block and LangGraph report nothing of a recording that stops mid-answer; the others do.
    expect(runTurn(id, cut).findings.length > 0).toBe(!SILENT_ON_A_CUT.has(id));
    for (const ending of [CANCEL, CLOSE, ABORT]) expect(runTurn(id, cut, ending).findings.map((f) => f.rule)).toEqual([]);
  });
});

describe('the items a connection ending gives', () => {
  const frame = (kind: Frame['kind'], data: string): Frame => ({ index: 3, connectionId: 'c', time: 0, direction: 'in', kind, data });
  const stop = { kind: 'error', id: 'e', frames: [3], message: STOPPED_BY_PAGE, stoppedByPage: true };

  it('the page ending an open turn is its stop; after the turn, nothing', () => {
    for (const f of [frame('close', CANCELLED_BY_PAGE), frame('close', CLOSED_BY_PAGE), frame('error', 'AbortError: The user aborted a request.')]) {
      expect(endingItem(f, 'e', true)).toEqual(stop);
      expect(pageStopItem(f, 'e', true)).toEqual(stop);
      expect(endingItem(f, 'e', false)).toBeUndefined();
      expect(pageStopItem(f, 'e', false)).toBeUndefined();
    }
  });

  it('a failure shows whether or not the turn was open; a plain close shows nothing', () => {
    for (const open of [true, false]) {
      expect(endingItem(frame('error', 'TypeError: network error'), 'e', open, 'connection error')).toEqual({ kind: 'error', id: 'e', frames: [3], message: 'connection error' });
      expect(pageStopItem(frame('error', 'TypeError: network error'), 'e', open)).toBeUndefined();
      expect(endingItem(frame('close', ''), 'e', open)).toBeUndefined();
    }
  });
});

/** `turn` moved onto connection `id`, its frames numbered from `from`. */
function onConnection(turn: Turn, id: string, from: number): Turn {
  const rename = (c: string) => `${id}:${c}`;
  return {
    frames: turn.frames.map((f, i) => ({ ...f, index: from + i, connectionId: rename(f.connectionId) })),
    ...(turn.connections && { connections: turn.connections.map((c) => ({ ...c, id: rename(c.id) })) }),
  };
}

/**
 * The first turn whole on one connection, then the page's next request and the second turn cut on
 * another, then `ending` on the connection of `which`.
 */
function runTwoTurns(id: string, whole: Turn, cut: Turn, ending: ['close' | 'error', string], which: 'first' | 'second') {
  const first = onConnection(whole, 'a', 0);
  const second = onConnection(cut, 'b', first.frames.length + 1);
  const opener = second.frames[0]!;
  const request: Frame = { index: first.frames.length, connectionId: opener.connectionId, time: opener.time, direction: 'out', kind: 'message', data: '{"messages":[]}' };
  const pipeline = new SessionPipeline(protocols, { protocol: id as (typeof protocols)[number]['id'] });
  for (const c of [...(first.connections ?? []), ...(second.connections ?? [])]) pipeline.addConnection(c);
  // A2A's captures carry their requests already.
  const frames = second.connections ? [...first.frames, ...second.frames] : [...first.frames, request, ...second.frames];
  for (const f of frames) pipeline.append(f);
  const on = (which === 'first' ? first : second).frames.at(-1)!;
  pipeline.append({ index: first.frames.length + second.frames.length + 1, connectionId: on.connectionId, time: on.time + 1, direction: 'in', kind: ending[0], data: ending[1] });
  const streaming = pipeline.view().streaming;
  pipeline.finish();
  return { stops: errorItems(pipeline.view().items).filter((i) => i.stoppedByPage), streaming };
}

describe('the page letting go of an earlier connection while a later turn streams', () => {
  // A client that frees the previous request when it sends the next one: the earlier turn was over,
  // so nothing was stopped, and no stop shows inside the turn now streaming.
  it.each(turns)('%s: an abort, cancel or close of the earlier connection shows no stop; of the streaming one, exactly one', (id, whole, cut) => {
    for (const ending of [ABORT, CANCEL, CLOSE]) {
      const earlier = runTwoTurns(id, whole, cut, ending, 'first');
      expect(earlier.stops).toEqual([]);
      // The later turn goes on streaming.
      expect(earlier.streaming).toBe(true);
      expect(runTwoTurns(id, whole, cut, ending, 'second').stops).toHaveLength(1);
    }
  });
});
