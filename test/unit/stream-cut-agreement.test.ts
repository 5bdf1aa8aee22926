// @vitest-environment node
// A connection that ends mid-turn, judged by what the official clients do with it. A 127.0.0.1 server
// streams the start of a turn and then either ends the body (the capture records a close) or destroys
// the socket (the capture records an error). Each client reads it as a page would, and the inspector
// reads the same body with the same ending; by docs/severity-policy.md, where the client throws or shows
// the cut turn as finished the finding is an error, and where it reads the stream whole, a warning.
// A page that aborts its own fetch (a Stop button) ends the turn on purpose: the clients report the
// caller's abort, and the inspector reports nothing about the stream (src/protocols/shared/page-abort.ts).
// openai 7 declares Node ≥ 22 but runs its stream classes on Node 20; openai 6 is the `openai-6` alias.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import OpenAI6 from 'openai-6';
import { CohereClientV2 } from 'cohere-ai';
import type { Finding } from '../../src/model/finding';
import type { Frame } from '../../src/model/frame';
import { framesFromSse, run as runAgui } from '../../src/protocols/ag-ui/test-support';
import { runAnthropic } from '../../src/protocols/anthropic/test-helpers';
import { runChat } from '../../src/protocols/openai-chat/test-helpers';
import { runCohere } from '../../src/protocols/cohere/test-helpers';
import { runResponses } from '../../src/protocols/openai-responses/test-helpers';
import { sseFrames } from '../../src/protocols/shared/sse-frames';

type Ending = 'close' | 'error';
/** `hold` keeps the connection open after the body, for a client that the page aborts. */
type Serving = Ending | 'hold';

/** What the capture records when the page aborts a fetch: the DOMException as "name: message" (the name is what counts). */
const PAGE_ABORT = 'AbortError: signal is aborted without reason';

/** Bodies by path; `/error/...` destroys the socket after the body instead of ending it. */
const bodies = new Map<string, string>();
let server: Server;
let base = '';

beforeAll(async () => {
  // The clients log a failed run before they reject; that output is not under test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [, ending, name] = (req.url ?? '').split('/');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The body, then its ending: the chunked body's end, or a socket closed without the last chunk.
      res.write(bodies.get(name ?? '') ?? '', () => setImmediate(() => (ending === 'error' ? res.socket?.destroy() : ending === 'close' ? res.end() : undefined)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function serve(name: string, body: string, ending: Serving): string {
  bodies.set(name, body);
  return `${base}/${ending}/${name}`;
}

/** The frames the capture records for the body and its ending. */
function captured(frames: Frame[], ending: Ending | 'abort'): Frame[] {
  const last = frames.length;
  const end: Frame = { index: last, connectionId: 'c1', time: last, direction: 'in', kind: ending === 'abort' ? 'error' : ending, data: ending === 'abort' ? PAGE_ABORT : '' };
  return [...frames, end];
}

/** Waits until the client has read `text` (the body is on screen), then aborts as a Stop button would. */
function abortAfter(read: () => string, text: string, abort: () => void): void {
  // Bounded: a client that never shows the text fails its assertion when the test times out.
  const poll = (left: number) => {
    if (read().includes(text)) abort();
    else if (left > 0) setTimeout(() => poll(left - 1), 5);
  };
  poll(1000);
}

const bySeverity = (findings: readonly Finding[], severity: Finding['severity']) => findings.filter((f) => f.severity === severity).map((f) => f.rule);

const data = (payloads: readonly (object | string)[]) => payloads.map((p) => `data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`).join('');
const typed = (events: readonly { type: string }[]) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

describe('@ag-ui/client 1.0 HttpAgent', () => {
  const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
  const text = [
    { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hello wor' },
  ];
  const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };

  async function runAgent(url: string) {
    const agent = new HttpAgent({ url });
    try {
      await agent.runAgent({});
      return { rejected: undefined, messages: agent.messages };
    } catch (err) {
      return { rejected: String(err), messages: agent.messages };
    }
  }

  // A failed connection makes runAgent reject with the fetch error ("terminated" in Node); it is left
  // out here because the client's reader teardown then rethrows it as an unhandled rejection.
  it('a run closed before RUN_FINISHED: the client resolves and shows the cut message as finished; an error', async () => {
    const body = data([RS, ...text]);
    const client = await runAgent(serve('agui-cut', body, 'close'));
    expect(client.rejected).toBeUndefined();
    expect(client.messages).toEqual([{ id: 'm', role: 'assistant', content: 'Hello wor' }]);
    const ours = runAgui(captured(framesFromSse(body), 'close')).findings;
    expect(bySeverity(ours, 'error')).toEqual(['agui/closed-before-run-finished']);
  });

  it('a run the page aborts (abortRun): the client resolves with what arrived; no error', async () => {
    const body = data([RS, ...text]);
    const agent = new HttpAgent({ url: serve('agui-hold', body, 'hold') });
    let seen = '';
    const done = agent.runAgent({}, { onTextMessageContentEvent: ({ event }) => void (seen += event.delta) });
    abortAfter(() => seen, 'Hello wor', () => agent.abortRun());
    await expect(done).resolves.toBeDefined();
    expect(agent.messages).toEqual([{ id: 'm', role: 'assistant', content: 'Hello wor' }]);
    expect(bySeverity(runAgui(captured(framesFromSse(body), 'abort')).findings, 'error')).toEqual([]);
  });

  it('a run closed after RUN_FINISHED: the client resolves; no finding', async () => {
    const body = data([RS, ...text, { type: 'TEXT_MESSAGE_END', messageId: 'm' }, RF]);
    const client = await runAgent(serve('agui-whole', body, 'close'));
    expect(client.rejected).toBeUndefined();
    expect(runAgui(captured(framesFromSse(body), 'close')).findings).toEqual([]);
  });
});

describe('@anthropic-ai/sdk 1.16 MessageStream', () => {
  const anthropic = (url: string) => new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 });
  const body = typed([
    { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } } as { type: string },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } as { type: string },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello wor' } } as { type: string },
  ]);

  it.each([
    ['close', /stream ended without producing a Message with role=assistant/],
    ['error', /terminated/],
  ] as const)('a message cut by a %s before message_stop: finalMessage rejects; an error', async (ending, thrown) => {
    // The SDK appends `/v1/messages` to baseURL: the server serves the body named `v1`.
    bodies.set('v1', body);
    const stream = anthropic(`${base}/${ending}`).messages.stream({ model: 'claude-x', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] });
    stream.on('error', () => undefined);
    await expect(stream.finalMessage()).rejects.toThrow(thrown);
    expect(bySeverity(runAnthropic(captured(sseFrames(body), ending)).findings, 'error')).toEqual(['anthropic/stream-incomplete']);
  });
});

describe('cohere-ai 8.1 CohereClientV2.chatStream', () => {
  const body = typed([
    { type: 'message-start', id: 'm1', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } } as { type: string },
    { type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } } as { type: string },
    { type: 'content-delta', index: 0, delta: { message: { content: { text: 'Hello wor' } } } } as { type: string },
  ]);

  async function chatStream(ending: Ending) {
    // The client posts to `{environment}/v2/chat`: the server serves the body named `v2`.
    bodies.set('v2', body);
    let text = '';
    try {
      const stream = await new CohereClientV2({ token: 'test', environment: `${base}/${ending}` }).chatStream({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
      for await (const event of stream) if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
      return { text };
    } catch (err) {
      return { text, error: String(err) };
    }
  }

  it('closed before message-end: the stream ends quietly with the cut text; an error', async () => {
    expect(await chatStream('close')).toEqual({ text: 'Hello wor' });
    expect(bySeverity(runCohere(captured(sseFrames(body), 'close')).findings, 'error')).toEqual(['cohere/stream-cut']);
  });

  it('a failed connection before message-end: the stream throws "terminated"; an error', async () => {
    expect((await chatStream('error')).error).toMatch(/terminated/);
    expect(bySeverity(runCohere(captured(sseFrames(body), 'error')).findings, 'error')).toEqual(['cohere/stream-cut']);
  });
});

describe('@anthropic-ai/sdk 1.16 MessageStream, aborted by the page', () => {
  it('finalMessage rejects with the caller\'s own abort; no error', async () => {
    const body = typed([
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } } as { type: string },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } as { type: string },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello wor' } } as { type: string },
    ]);
    bodies.set('v1', body);
    const stream = new Anthropic({ apiKey: 'test', baseURL: `${base}/hold`, maxRetries: 0 }).messages.stream({ model: 'claude-x', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] });
    stream.on('error', () => undefined);
    let seen = '';
    stream.on('text', (t) => void (seen += t));
    abortAfter(() => seen, 'Hello wor', () => stream.abort());
    await expect(stream.finalMessage()).rejects.toThrow('Request was aborted.');
    expect(bySeverity(runAnthropic(captured(sseFrames(body), 'abort')).findings, 'error')).toEqual([]);
  });
});

describe.each([
  ['openai 7', OpenAI],
  ['openai 6', OpenAI6 as unknown as typeof OpenAI],
])('%s', (_name, Client) => {
  /** The SDK appends its paths to baseURL: `{base}/{ending}/v1/chat/completions` serves the body `v1`. */
  const client = (ending: Serving, body: string) => {
    bodies.set('v1', body);
    return new Client({ apiKey: 'test', baseURL: `${base}/${ending}/v1`, maxRetries: 0 });
  };
  const chunk = (delta: object, finish: string | null = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }] });
  const cut = [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hello wor' })];
  const finished = [...cut, chunk({}, 'stop')];

  async function chat(ending: Ending, body: string) {
    let forAwait = '';
    let forAwaitError: string | undefined;
    try {
      const stream = await client(ending, body).chat.completions.create({ model: 'gpt-x', messages: [], stream: true });
      for await (const c of stream) forAwait += c.choices[0]?.delta?.content ?? '';
    } catch (err) {
      forAwaitError = String(err);
    }
    const helper = client(ending, body).chat.completions.stream({ model: 'gpt-x', messages: [] });
    helper.on('error', () => undefined);
    const final = await helper.finalChatCompletion().then(
      (c) => ({ text: c.choices[0]?.message.content }),
      (err: unknown) => ({ error: String(err) }),
    );
    return { forAwait, forAwaitError, final };
  }

  it('chat: closed mid-answer (no finish_reason, no [DONE]): the helper throws, for-await shows the cut text; an error', async () => {
    const body = data(cut);
    const seen = await chat('close', body);
    expect(seen.forAwaitError).toBeUndefined();
    expect(seen.forAwait).toBe('Hello wor');
    expect(seen.final).toEqual({ error: expect.stringContaining('missing finish_reason for choice 0') as unknown });
    expect(bySeverity(runChat(captured(sseFrames(body), 'close')).findings, 'error')).toEqual(['openai-chat/stream-cut']);
  });

  it('chat: closed after finish_reason without [DONE]: both read it whole; a warning', async () => {
    const body = data(finished);
    const seen = await chat('close', body);
    expect(seen).toEqual({ forAwait: 'Hello wor', forAwaitError: undefined, final: { text: 'Hello wor' } });
    const ours = runChat(captured(sseFrames(body), 'close')).findings;
    expect(bySeverity(ours, 'error')).toEqual([]);
    expect(bySeverity(ours, 'warning')).toEqual(['openai-chat/missing-done']);
  });

  it('chat: a failed connection before [DONE], even after finish_reason: both throw "terminated"; an error', async () => {
    const body = data(finished);
    const seen = await chat('error', body);
    expect(seen.forAwaitError).toMatch(/terminated/);
    expect(seen.final).toEqual({ error: expect.stringMatching(/terminated/) as unknown });
    expect(bySeverity(runChat(captured(sseFrames(body), 'error')).findings, 'error')).toEqual(['openai-chat/stream-cut']);
  });

  it('chat: a stream the page aborts: the helper rejects with the caller\'s own abort; no error or warning', async () => {
    const body = data(cut);
    const helper = client('hold', body).chat.completions.stream({ model: 'gpt-x', messages: [] });
    helper.on('error', () => undefined);
    let seen = '';
    helper.on('content', (delta) => void (seen += delta));
    abortAfter(() => seen, 'Hello wor', () => helper.abort());
    await expect(helper.finalChatCompletion()).rejects.toThrow('Request was aborted.');
    const ours = runChat(captured(sseFrames(body), 'abort')).findings;
    expect([...bySeverity(ours, 'error'), ...bySeverity(ours, 'warning')]).toEqual([]);
  });

  const resp = { id: 'resp_1', object: 'response', created_at: 1, status: 'in_progress', model: 'gpt-5', output: [], error: null, incomplete_details: null, usage: null };
  const responseBody = typed(
    [
      { type: 'response.created', response: resp },
      { type: 'response.output_item.added', output_index: 0, item: { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] } },
      { type: 'response.content_part.added', output_index: 0, item_id: 'msg_1', content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
      { type: 'response.output_text.delta', output_index: 0, item_id: 'msg_1', content_index: 0, delta: 'Hello wor', logprobs: [] },
    ].map((e, i) => ({ ...e, sequence_number: i })),
  );

  it('responses: closed before response.completed: the helper resolves the cut response (in_progress) as final; an error', async () => {
    const stream = client('close', responseBody).responses.stream({ model: 'gpt-5', input: 'hi' });
    stream.on('error', () => undefined);
    const final = await stream.finalResponse();
    expect([final.status, final.output_text]).toEqual(['in_progress', 'Hello wor']);
    expect(bySeverity(runResponses(captured(sseFrames(responseBody), 'close')).findings, 'error')).toEqual(['openai-responses/incomplete-stream']);
  });

  it('responses: a failed connection before response.completed: the helper throws "terminated"; an error', async () => {
    const stream = client('error', responseBody).responses.stream({ model: 'gpt-5', input: 'hi' });
    stream.on('error', () => undefined);
    await expect(stream.finalResponse()).rejects.toThrow(/terminated/);
    expect(bySeverity(runResponses(captured(sseFrames(responseBody), 'error')).findings, 'error')).toEqual(['openai-responses/incomplete-stream']);
  });

  it('responses: a stream the page aborts: the helper rejects with the caller\'s own abort; no error', async () => {
    const stream = client('hold', responseBody).responses.stream({ model: 'gpt-5', input: 'hi' });
    stream.on('error', () => undefined);
    let seen = '';
    stream.on('response.output_text.delta', (e) => void (seen += e.delta));
    abortAfter(() => seen, 'Hello wor', () => stream.abort());
    await expect(stream.finalResponse()).rejects.toThrow('Request was aborted.');
    expect(bySeverity(runResponses(captured(sseFrames(responseBody), 'abort')).findings, 'error')).toEqual([]);
  });
});
