// @vitest-environment node
// The OTLP/JSON export of the example HARs: the spans it holds, and the same spans sent by the official
// OpenTelemetry exporter (@opentelemetry/exporter-trace-otlp-http, its JSON from
// @opentelemetry/otlp-transformer) to a receiver on 127.0.0.1, which must get exactly what we write.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { analyseFile } from '../cli/analyse';
import { captureSpans, type Span } from './spans';
import { otlpJson, secondsAndNanos } from './otlp-json';

const scope = { name: 'agent-stream-inspector', version: '0.1.0' };
// One resource for every span: the exporter groups spans by resource.
const resource = resourceFromAttributes({ 'service.name': 'agent-stream-inspector' });

async function spansOf(file: string): Promise<Span[]> {
  const analysed = await analyseFile(file, undefined, { keepFrames: true });
  return captureSpans(analysed.sessions, file);
}

const attr = (span: Span | undefined, key: string) => span?.attributes[key];

describe('OTLP export of a tool loop', () => {
  it('has a span per request with GenAI attributes, tool calls as child spans, follow-ups linked, one trace per conversation', async () => {
    const spans = await spansOf('examples/openai-tool-loop.har');
    const requests = spans.filter((s) => s.kind === 'client');
    const tools = spans.filter((s) => s.kind === 'internal');
    expect(requests.map((s) => [s.name, attr(s, 'gen_ai.operation.name'), attr(s, 'gen_ai.provider.name'), attr(s, 'gen_ai.response.finish_reasons')])).toEqual([
      ['chat gpt-x', 'chat', 'openai', ['tool_calls']],
      ['chat gpt-x', 'chat', 'openai', ['stop']],
      ['chat gpt-x', 'chat', 'openai', ['tool_calls']],
      ['chat gpt-x', 'chat', 'openai', ['stop']],
    ]);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    expect(requests.map((s) => s.links.map((l) => requests.findIndex((r) => r.spanId === l.spanId)))).toEqual([[], [0], [1], [2]]);
    expect(tools.map((t) => [t.name, attr(t, 'gen_ai.tool.call.id'), attr(t, 'agent_stream_inspector.tool.state'), requests.findIndex((r) => r.spanId === t.parentSpanId)])).toEqual([
      ['execute_tool get_weather', 'call_1', 'done', 0],
      ['execute_tool get_weather', 'call_2', 'done', 0],
      ['execute_tool get_weather', 'call_4', 'done', 2],
    ]);
    // The answer's first text is marked, on the request that streamed it.
    expect(requests.map((s) => s.events.filter((e) => e.name === 'agent_stream_inspector.first_token').length)).toEqual([0, 1, 0, 1]);
  });

  it('carries findings as events with rule and severity, and an error finding sets the span status', async () => {
    const spans = await spansOf('examples/openai-tool-loop-broken.har');
    const findings = spans.flatMap((s) => s.events.filter((e) => e.name === 'agent_stream_inspector.finding').map((e) => [s.name, e.attributes['agent_stream_inspector.rule'], e.attributes['agent_stream_inspector.severity'], e.attributes['agent_stream_inspector.frame']]));
    expect(findings).toEqual([
      ['chat gpt-x', 'openai-chat/loop-unknown-tool-call-id', 'error', 9],
      ['chat gpt-x', 'openai-chat/loop-missing-tool-result', 'error', 9],
      ['chat gpt-x', 'openai-chat/loop-stalled', 'warning', 17],
    ]);
    expect(spans.filter((s) => s.status.code === 'error').map((s) => s.status.message?.split(':')[0])).toEqual(['openai-chat/loop-unknown-tool-call-id']);
    expect(spans.filter((s) => s.kind === 'internal').map((t) => t.attributes['agent_stream_inspector.tool.state'])).toEqual(['done', 'no-result', 'waiting']);
  });

  it('says a call its stream was cut off before is cut off, not running', async () => {
    const spans = await spansOf('src/protocols/cohere/testdata/invalid-cut-short.sse');
    expect(spans.filter((s) => s.kind === 'internal').map((t) => [t.name, t.attributes['agent_stream_inspector.tool.state']])).toEqual([['execute_tool weather', 'cut-off']]);
  });

  it('says a call whose arguments never finished is unfinished, not running', async () => {
    const spans = await spansOf('src/protocols/gemini/testdata/invalid-unfinished-call.sse');
    expect(spans.filter((s) => s.kind === 'internal').map((t) => [t.name, t.attributes['agent_stream_inspector.tool.state']])).toEqual([['execute_tool get_weather', 'unfinished']]);
  });
});

/** Our span as the SDK's ReadableSpan, for the official exporter. */
function readable(span: Span): ReadableSpan {
  const context = (traceId: string, spanId: string) => ({ traceId, spanId, traceFlags: 1, isRemote: false });
  const [start, end] = [secondsAndNanos(span.startMs), secondsAndNanos(span.endMs)];
  return {
    name: span.name,
    kind: span.kind === 'client' ? 2 : 0,
    spanContext: () => context(span.traceId, span.spanId),
    ...(span.parentSpanId !== undefined && { parentSpanContext: context(span.traceId, span.parentSpanId) }),
    startTime: start,
    endTime: end,
    status: { code: span.status.code === 'error' ? 2 : 0, ...(span.status.message !== undefined && { message: span.status.message }) },
    attributes: span.attributes,
    links: span.links.map((l) => ({ context: context(l.traceId, l.spanId), attributes: l.attributes })),
    events: span.events.map((e) => ({ name: e.name, time: secondsAndNanos(e.timeMs), attributes: e.attributes })),
    duration: [end[0] - start[0], end[1] - start[1]],
    ended: true,
    resource,
    instrumentationScope: scope,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

describe('token usage on the request span', () => {
  // The fixtures' usage: Gemini 12 prompt, 30 candidates and 18 thoughts (billed as output); the AI SDK's
  // finish metadata 12 in and 34 out; Anthropic 120 in and 58 out.
  it('gives every protocol’s counts as gen_ai.usage.*, output with its reasoning part', async () => {
    const usageOf = async (file: string) => {
      const request = (await spansOf(file)).filter((s) => s.kind === 'client').at(-1);
      return [attr(request, 'gen_ai.provider.name'), attr(request, 'gen_ai.usage.input_tokens'), attr(request, 'gen_ai.usage.output_tokens')];
    };
    expect(await usageOf('src/protocols/gemini/testdata/valid-thought-text-calls.sse')).toEqual(['gcp.gen_ai', 12, 48]);
    expect(await usageOf('src/protocols/gemini-interactions/testdata/valid-thought-text-call.sse')).toEqual(['gcp.gen_ai', 50, 20]);
    expect(await usageOf('src/protocols/cohere/testdata/valid-thinking-tool-call.sse')).toEqual(['cohere', 500, 30]);
    expect(await usageOf('src/protocols/aisdk-ui/testdata/valid-todos-sources.sse')).toEqual([undefined, 12, 34]);
    expect(await usageOf('src/protocols/anthropic/testdata/valid-thinking-tool.sse')).toEqual(['anthropic', 120, 58]);
  });
});

describe('the OTLP/JSON we write is what the official exporter sends', () => {
  let server: Server;
  const received: { path: string; type: string; body: unknown }[] = [];
  let url: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8').on('data', (t: string) => (text += t));
      req.on('end', () => {
        received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body: JSON.parse(text) as unknown });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
  });

  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it.each(['examples/openai-tool-loop.har', 'examples/openai-tool-loop-broken.har', 'examples/anthropic-tool-loop.har', 'examples/flat-block-reload.har'])('%s', async (file) => {
    const spans = await spansOf(file);
    expect(spans.length).toBeGreaterThan(0);
    const exporter = new OTLPTraceExporter({ url });
    const result = await new Promise<{ code: number; error?: Error }>((done) => exporter.export(spans.map(readable), done));
    await exporter.shutdown();
    expect(result.error).toBeUndefined();
    expect(result.code).toBe(0);
    const last = received[received.length - 1];
    expect(last?.path).toBe('/v1/traces');
    expect(last?.type).toBe('application/json');
    expect(last?.body).toEqual(otlpJson(spans, { serviceName: 'agent-stream-inspector', scope }));
  });
});
