// @vitest-environment node
// Our OTLP/JSON checked against the official OpenTelemetry protobuf definitions: each `otel` export of
// the example HARs goes through the proto3 JSON mapping into an ExportTraceServiceRequest message,
// is encoded to protobuf and decoded again, and must come back equal. A field the definitions do not
// have is dropped on the way in, a value of the wrong type is refused or lost: either way the round
// trip differs and the test fails. The message types are the ones protobufjs generated from
// opentelemetry-proto for @opentelemetry/otlp-transformer 0.212 (its `generated/root.js`, the last
// release that shipped them; later releases encode by hand), installed as `otlp-transformer-protobuf`.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/test-support';

interface MessageType {
  fromObject(object: Record<string, unknown>): unknown;
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
}

const root = createRequire(import.meta.url)('otlp-transformer-protobuf/build/src/generated/root.js') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: MessageType } } } } };
};
const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** OTLP/JSON differs from the proto3 JSON mapping in one place: ids are hex, not base64. */
const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/**
 * The OTLP/JSON as the proto3 JSON mapping writes it: ids as base64, 64-bit integers as decimal
 * strings (`intValue`; times already are). Depth-bounded: OTLP nests a few levels.
 */
function asProto3Json(value: unknown, depth = 0): unknown {
  if (depth > 32) throw new Error('nested too deep');
  if (Array.isArray(value)) return value.map((v) => asProto3Json(v, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (ID_FIELDS.has(key) && typeof v === 'string') out[key] = Buffer.from(v, 'hex').toString('base64');
    else if (key === 'intValue' && typeof v === 'number') out[key] = String(v);
    else out[key] = asProto3Json(v, depth + 1);
  }
  return out;
}

/** An empty repeated field is not on the wire: decoded, it is absent. */
function withoutEmptyLists(value: unknown, depth = 0): unknown {
  if (depth > 32) throw new Error('nested too deep');
  if (Array.isArray(value)) return value.map((v) => withoutEmptyLists(v, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => !(Array.isArray(v) && v.length === 0)).map(([k, v]) => [k, withoutEmptyLists(v, depth + 1)]));
}

/** JSON → message → protobuf bytes → message → JSON, with the mapping's forms for 64-bit integers, enums and bytes. */
function roundTrip(json: Record<string, unknown>): Record<string, unknown> {
  const bytes = Request.encode(Request.fromObject(json)).finish();
  return Request.toObject(Request.decode(bytes), { longs: String, enums: Number, bytes: String });
}

const EXAMPLES = ['examples/openai-tool-loop.har', 'examples/openai-tool-loop-broken.har', 'examples/anthropic-tool-loop.har', 'examples/flat-block-reload.har'];

async function otelOf(file: string): Promise<Record<string, unknown>> {
  const r = await runCli(['otel', file]);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('the OTLP/JSON we write decodes with the official protobuf definitions', () => {
  it.each(EXAMPLES)('%s', async (file) => {
    const json = asProto3Json(await otelOf(file)) as Record<string, unknown>;
    const back = roundTrip(json);
    expect(back).toEqual(withoutEmptyLists(json));
    // Something real went through: spans with events and attributes.
    const spans = (back.resourceSpans as { scopeSpans: { spans: { events?: unknown[] }[] }[] }[])[0]?.scopeSpans[0]?.spans ?? [];
    expect(spans.length).toBeGreaterThan(3);
    expect(spans.some((s) => (s.events?.length ?? 0) > 0)).toBe(true);
  });

  it('fails on a field the definitions do not have, and on a value of the wrong type', async () => {
    const json = asProto3Json(await otelOf(EXAMPLES[0] as string)) as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
    const span = (): Record<string, unknown> => json.resourceSpans[0]?.scopeSpans[0]?.spans[0] as Record<string, unknown>;
    expect(roundTrip(json)).toEqual(withoutEmptyLists(json));
    span().durationMs = 12;
    expect(roundTrip(json)).not.toEqual(withoutEmptyLists(json));
    delete span().durationMs;
    span().kind = 'client';
    expect(roundTrip(json)).not.toEqual(withoutEmptyLists(json));
  });
});
