import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture, Connection, Frame } from '../model/frame';
import { readInput } from '../readers/read-input';
import { decodeFrame } from '../model/decode';
import { protocols } from '../protocols/registry';
import { describeFrame } from './describe-frame';
import { SessionMetricsTracker } from './metrics';
import { SessionPipeline } from './pipeline';
import { stats } from './stats';
import { loadPricer } from './usage/price';
import { costText } from './usage/cost-text';

const testdata = (id: string, name: string) => readFileSync(path.resolve(__dirname, '../protocols', id, 'testdata', name), 'utf8');

/** A test data file on one connection that started at `startedAt`, each frame at the time `timeOf` gives. */
function timed(id: string, file: string, startedAt: number, timeOf: (index: number) => number): Capture {
  const { capture } = readInput(testdata(id, file));
  const connection: Connection = { id: 'c1', transport: 'sse', method: 'POST', url: 'https://api.example/v1/stream', startedAt };
  return { connections: [connection], frames: capture.frames.map((f) => ({ ...f, connectionId: 'c1', time: timeOf(f.index) })) };
}

const chunk = (delta: object, extra: object = {}) => JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }], ...extra });

describe('session metrics', () => {
  // Request at 10,000 ms; the reply's first byte 400 ms later, its first token 900 ms later.
  const frames: [number, string][] = [
    [10_400, chunk({ role: 'assistant', content: '' })],
    [10_900, chunk({ reasoning_content: 'abc' })],
    [11_000, chunk({ content: 'Hello' })],
    [13_500, chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] })],
    [13_600, chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] })],
    [13_700, JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] })],
    [13_800, JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 9, completion_tokens: 20, total_tokens: 29 } })],
    [13_900, '[DONE]'],
  ];
  const capture: Capture = {
    connections: [{ id: 'c1', transport: 'sse', method: 'POST', url: 'https://api.openai.com/v1/chat/completions', startedAt: 10_000 }],
    frames: frames.map(([time, data], index): Frame => ({ index, connectionId: 'c1', time, direction: 'in', kind: 'message', data })),
  };

  it('gives first byte, first token, duration, output, rates and gaps relative to the request start', () => {
    const [s] = stats(capture);
    expect(s?.protocol).toBe('openai-chat');
    expect(s?.metrics).toMatchObject({
      timing: 'real',
      requestAt: 10_000,
      firstByteMs: 400,
      firstTokenMs: 900,
      durationMs: 3900,
      // "abc" reasoning + "Hello" text, streamed between 10,900 and 11,000 ms.
      outputChars: 8,
      outputTokens: 20,
      charsPerSecond: 80,
      tokensPerSecond: 200,
      longestGap: { ms: 2500, afterFrame: 2, beforeFrame: 3 },
      gaps: [{ ms: 2500, afterFrame: 2, beforeFrame: 3 }],
      gapThresholdMs: 2000,
      tools: [{ id: 'call_1', name: 'get_weather', callFrame: 3 }],
      waits: [],
      frames: 8,
    });
  });

  it('lists gaps over a threshold of one’s choosing', () => {
    const [s] = stats(capture, { gapThresholdMs: 450 });
    expect(s?.metrics.gaps).toEqual([
      { ms: 500, afterFrame: 0, beforeFrame: 1 },
      { ms: 2500, afterFrame: 2, beforeFrame: 3 },
    ]);
  });

  it('measures a tool call from its start to its result', () => {
    // TOOL_CALL_START is frame 2 (at 5,200 ms), TOOL_CALL_RESULT frame 6 (at 8,000 ms).
    const [s] = stats(timed('ag-ui', 'valid-tool-call.sse', 5000, (i) => (i >= 6 ? 5000 + 3000 + (i - 6) * 100 : 5000 + i * 100)));
    expect(s?.metrics.tools).toEqual([{ id: 'call-1', name: 'get_weather', callFrame: 2, resultFrame: 6, latencyMs: 2800 }]);
    expect(s?.metrics.longestGap).toEqual({ ms: 2500, afterFrame: 5, beforeFrame: 6 });
  });

  it('measures the wait for the user’s answer to a question', () => {
    // The question opens at frame 8 (at 1,800 ms); the page answers at frame 11 (at 5,300 ms).
    const [s] = stats(timed('flat-block', 'valid-question-turn.json', 1000, (i) => (i < 11 ? 1000 + i * 100 : 5300 + (i - 11) * 100)));
    expect(s?.metrics.waits).toEqual([{ kind: 'question', id: 'sess-1_1', askFrame: 8, replyFrame: 11, waitMs: 3500 }]);
    expect(s?.metrics.firstTokenMs).toBe(200);
  });

  it('gives no time figure for an input without a clock, and still counts output and findings', () => {
    const { capture: sse } = readInput(testdata('openai-chat', 'invalid-unfinished.sse'));
    expect(sse.timing).toBe('none');
    const [s] = stats(sse);
    const m = s?.metrics;
    expect(m?.timing).toBe('none');
    for (const key of ['requestAt', 'firstByteMs', 'firstTokenMs', 'durationMs', 'charsPerSecond', 'tokensPerSecond', 'longestGap'] as const) expect(m?.[key], key).toBeUndefined();
    expect(m?.gaps).toEqual([]);
    expect(m?.outputChars).toBeGreaterThan(0);
    expect((m?.findings.error ?? 0) + (m?.findings.warning ?? 0)).toBeGreaterThan(0);
  });

  it('uses the first frame as the start when no connection says when its request started', () => {
    const tracker = new SessionMetricsTracker();
    const pipeline = new SessionPipeline(protocols, { protocol: 'openai-chat' });
    const def = protocols.find((p) => p.id === 'openai-chat');
    for (const f of capture.frames) {
      pipeline.append(f);
      const decoded = decodeFrame(f);
      tracker.append(decoded, describeFrame(decoded, def), { id: 'c1', transport: 'sse' });
    }
    const m = tracker.snapshot(pipeline.view(), pipeline.findings());
    expect(m).toMatchObject({ requestAt: 10_400, firstByteMs: 0, firstTokenMs: 500, durationMs: 3500 });
  });

  it('prices what the provider bills: Cohere’s billed units, while its tokens stay the figures shown', async () => {
    // The stream reports 500 input and 30 output tokens, of which 20 and 12 are billed.
    const { capture } = readInput(testdata('cohere', 'valid-thinking-tool-call.sse'));
    const connection: Connection = { id: 'c1', transport: 'sse', method: 'POST', url: '/v2/chat', requestBody: JSON.stringify({ model: 'command-a-03-2025', stream: true, messages: [] }) };
    const [s] = stats({ connections: [connection], frames: capture.frames.map((f) => ({ ...f, connectionId: 'c1' })) }, { pricer: await loadPricer() });
    expect(s?.metrics.tokens).toMatchObject({ input: 500, output: 30 });
    // command-a-03-2025: $2.50 in, $10 out per million.
    expect(s?.metrics.cost).toMatchObject({ provider: 'cohere' });
    expect(s?.metrics.cost?.usd).toBeCloseTo((20 * 2.5 + 12 * 10) / 1e6, 12);
    // And says so wherever the cost is given in words (`stats`, the panel's tooltips).
    expect(s?.metrics.cost?.billed).toEqual({ input: 20, output: 12 });
    expect(costText(s!.metrics)).toMatch(/^\$0\.00017 \(cohere command-a.*; billed 20 in, 12 out\)$/);
  });
});
