// Spans as an OTLP/JSON ExportTraceServiceRequest (the body an OTLP/HTTP collector takes at
// /v1/traces with Content-Type application/json), written in the form the official transformer
// (@opentelemetry/otlp-transformer's JSON serializer) writes: ids as hex, times as decimal strings of
// nanoseconds, span kind and status codes as the proto's numbers, integers as intValue.
import type { AttributeValue, Span, SpanEvent } from './spans';

/** OTLP's SpanKind: 1 internal, 3 client. */
const KIND = { internal: 1, client: 3 } as const;
/** OTLP's StatusCode: 0 unset, 2 error. */
const STATUS = { unset: 0, error: 2 } as const;
/** Span and link flags: sampled, and "is_remote is known" (the context is local). */
const FLAGS = 0x101;

export interface OtlpResource {
  serviceName: string;
  scope: { name: string; version: string };
}

/** Milliseconds since the epoch (fractions kept to the nanosecond) as whole seconds and nanoseconds. */
export function secondsAndNanos(ms: number): [number, number] {
  const whole = Math.floor(ms);
  const nanos = Math.round((ms - whole) * 1e6);
  return [Math.floor(whole / 1000), (whole % 1000) * 1e6 + nanos];
}

function nanosText(ms: number): string {
  const [seconds, nanos] = secondsAndNanos(ms);
  return (BigInt(seconds) * 1_000_000_000n + BigInt(nanos)).toString();
}

function anyValue(value: AttributeValue): Record<string, unknown> {
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return Number.isInteger(value) ? { intValue: value } : { doubleValue: value };
}

function attributes(record: Record<string, AttributeValue>): { key: string; value: Record<string, unknown> }[] {
  return Object.entries(record).map(([key, value]) => ({ key, value: anyValue(value) }));
}

function event(e: SpanEvent): Record<string, unknown> {
  return { attributes: attributes(e.attributes), name: e.name, timeUnixNano: nanosText(e.timeMs), droppedAttributesCount: 0 };
}

function span(s: Span): Record<string, unknown> {
  return {
    traceId: s.traceId,
    spanId: s.spanId,
    ...(s.parentSpanId !== undefined && { parentSpanId: s.parentSpanId }),
    name: s.name,
    kind: KIND[s.kind],
    startTimeUnixNano: nanosText(s.startMs),
    endTimeUnixNano: nanosText(s.endMs),
    attributes: attributes(s.attributes),
    droppedAttributesCount: 0,
    events: s.events.map(event),
    droppedEventsCount: 0,
    status: { code: STATUS[s.status.code], ...(s.status.message !== undefined && { message: s.status.message }) },
    links: s.links.map((l) => ({ attributes: attributes(l.attributes), spanId: l.spanId, traceId: l.traceId, droppedAttributesCount: 0, flags: FLAGS })),
    droppedLinksCount: 0,
    flags: FLAGS,
  };
}

export function otlpJson(spans: readonly Span[], resource: OtlpResource): Record<string, unknown> {
  return {
    resourceSpans: [
      {
        resource: { attributes: attributes({ 'service.name': resource.serviceName }), droppedAttributesCount: 0 },
        scopeSpans: [{ scope: resource.scope, spans: spans.map(span) }],
      },
    ],
  };
}
