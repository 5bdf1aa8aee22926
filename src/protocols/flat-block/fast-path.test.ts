// The hand-written checks that let the hot events skip the zod schema must never accept what the
// schema rejects: random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApprovalDeltaSchema, ApprovalReplySchema, STREAM_EVENT_TYPES, StreamEventSchema } from './schema';
import { isPlainApprovalDelta, isPlainApprovalReply, isPlainMarker } from './plain-events';
import { isPlainBlockStart, isPlainDeltaOrStop, isPlainStreamEvent, isStreamEventType } from './stream-events';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer({ min: -2, max: 3 }), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const block = fc.record(
  {
    type: fc.oneof(fc.constantFrom('text', 'thinking', 'tool_use', 'tool_result', 'approval_request', 'approval_result', 'approval_timeout', 'image'), odd),
    text: odd,
    is_part: odd,
    is_final: odd,
    thinking: odd,
    id: odd,
    name: odd,
    tool_use_id: odd,
    status: fc.oneof(fc.constantFrom('success', 'error', 'cancelled', 'done'), odd),
    tool_content_message: odd,
    parent_tool_use_id: odd,
    approval_key: odd,
  },
  { requiredKeys: [] },
);
const event = fc.record(
  {
    type: fc.constantFrom('content_block_start', 'content_block_delta', 'content_block_stop'),
    index: fc.oneof(fc.nat(5), odd),
    event_id: odd,
    content_block: fc.oneof(block, odd),
    delta: fc.oneof(fc.record({ text: odd, thinking: odd }, { requiredKeys: [] }), odd),
  },
  { requiredKeys: ['type'] },
);

describe('fast path for deltas, stops and block starts', () => {
  it('accepts only events the schema accepts', () => {
    fc.assert(
      fc.property(event, (e) => {
        const r = e as Record<string, unknown>;
        if (isPlainDeltaOrStop(r) || isPlainBlockStart(r)) expect(StreamEventSchema.safeParse(r).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the common events of a real stream', () => {
    expect(isPlainBlockStart({ type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 't1', name: 'web_search', input: { q: 1 }, tool_content_message: 'Tìm kiếm' } })).toBe(true);
    expect(isPlainDeltaOrStop({ type: 'content_block_delta', index: 2, delta: { text: 'x' } })).toBe(true);
    expect(isPlainBlockStart({ type: 'content_block_start', index: 2, content_block: { type: 'tool_result', tool_use_id: 't1', status: 'weird' } })).toBe(false);
  });
});

// Markers, the approval_request delta and the approval reply: mostly valid fields, an odd one here and there.
const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: odd });
const absent = fc.constant(undefined);
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: absent }, { weight: 3, arbitrary: good }, { weight: 1, arbitrary: odd });
const marker = fc.record({
  type: fc.constantFrom('message_start', 'group_start', 'group_end', 'message_stop'),
  event_id: maybe(fc.oneof(fc.string(), fc.integer(), fc.double())),
  message: fc.oneof(absent, fc.constant(null), fc.record({ id: fc.string(), message_type: maybe(fc.string()) }, { requiredKeys: [] }), odd),
  index: maybe(fc.integer({ min: -1, max: 5 })),
  message_id: maybe(fc.string()),
  summary: fc.oneof(absent, fc.constant(null), fc.string(), odd),
});
const approvalDelta = fc.oneof(
  { weight: 1, arbitrary: odd },
  {
    weight: 8,
    arbitrary: fc.record({
      action_requests: maybe(fc.array(mostly(fc.record({ name: mostly(fc.string()), args: odd }, { requiredKeys: [] })), { maxLength: 2 })),
      review_configs: maybe(fc.array(mostly(fc.record({ action_name: mostly(fc.string()), allowed_decisions: mostly(fc.array(mostly(fc.string()), { maxLength: 2 })) })), { maxLength: 2 })),
      timeout_seconds: maybe(fc.oneof(fc.integer({ min: -5, max: 900 }), fc.double())),
    }),
  },
);
const reply = fc.record({
  type: mostly(fc.constant('approval')),
  session_id: maybe(fc.string()),
  approval_key: mostly(fc.string()),
  decisions: maybe(fc.array(fc.oneof(fc.string(), fc.record({ type: mostly(fc.string()) }), odd), { maxLength: 2 })),
  answers: maybe(fc.dictionary(fc.oneof(fc.string(), fc.constant('__proto__')), mostly(fc.string()), { maxKeys: 2 })),
  // As a page's JSON arrives: plain prototypes, a "__proto__" key as an own key.
}).map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>);

describe('fast path for markers, approval deltas and replies', () => {
  it('accepts only what the schemas accept, and takes both answers often', () => {
    const taken = { marker: 0, delta: 0, reply: 0 };
    fc.assert(
      fc.property(marker, approvalDelta, reply, (m, d, r) => {
        if (isPlainMarker(m as Record<string, unknown>)) {
          taken.marker++;
          expect(StreamEventSchema.safeParse(m).success).toBe(true);
        }
        if (isPlainApprovalDelta(d)) {
          taken.delta++;
          expect(ApprovalDeltaSchema.safeParse(d).success).toBe(true);
        }
        if (isPlainApprovalReply(r as Record<string, unknown>)) {
          taken.reply++;
          const parsed = ApprovalReplySchema.safeParse(r);
          expect(parsed.success).toBe(true);
          // The reply's answers reach the view as they are: the schema's copy must hold the same.
          expect(parsed.data?.answers).toStrictEqual(r.answers);
        }
      }),
      { numRuns: 4000 },
    );
    for (const n of Object.values(taken)) {
      expect(n).toBeGreaterThan(400);
      expect(n).toBeLessThan(3600);
    }
  });

  it('takes the plain events of a real turn and leaves the rest to the schemas', () => {
    expect(isPlainMarker({ type: 'message_start', message: { id: 'msg-1' } })).toBe(true);
    expect(isPlainMarker({ type: 'group_end', index: 2, summary: 'Lập kế hoạch', message_id: 'msg-1' })).toBe(true);
    expect(isPlainMarker({ type: 'group_start', index: -1 })).toBe(false);
    expect(isPlainApprovalDelta({ action_requests: [{ name: 'ask_user_question', args: {} }], review_configs: [{ action_name: 'x', allowed_decisions: ['approve'] }], timeout_seconds: 600 })).toBe(true);
    expect(isPlainApprovalDelta({ timeout_seconds: JSON.parse('1e999') as number })).toBe(false);
    expect(isPlainApprovalReply({ type: 'approval', approval_key: 'k', answers: { q: 'a' } })).toBe(true);
    expect(isPlainApprovalReply(JSON.parse('{"type":"approval","approval_key":"k","answers":{"__proto__":"a"}}') as Record<string, unknown>)).toBe(false);
  });
});

describe('the stream event type test', () => {
  it('says yes to exactly the types of the schema', () => {
    for (const type of STREAM_EVENT_TYPES) {
      expect(isStreamEventType(type)).toBe(true);
      // Same length and last character as a type: what the fold's lookup table finds, then rejects.
      expect(isStreamEventType(`x${type.slice(1)}`)).toBe(false);
      expect(isStreamEventType(type.toUpperCase())).toBe(false);
    }
    for (const other of ['', ' ', 'a', 'content_block_delt', 'message_stop ', 'e\u0000ror']) expect(isStreamEventType(other)).toBe(false);
    fc.assert(
      fc.property(fc.oneof(fc.string(), odd, fc.constantFrom('content_block', 'message', 'approval', 'ERROR')), (t) => {
        expect(isStreamEventType(t)).toBe(STREAM_EVENT_TYPES.has(t as string));
      }),
    );
  });
});

describe('the fold\'s check by event type', () => {
  it('takes the same events as the three checks together', () => {
    const anyType = fc.oneof(fc.constantFrom(...STREAM_EVENT_TYPES), fc.constantFrom('ERROR', 'content_block'), odd);
    fc.assert(
      fc.property(fc.oneof(event, marker), anyType, fc.boolean(), (e, type, retype) => {
        const r = (retype ? { ...e, type } : e) as Record<string, unknown>;
        expect(isPlainStreamEvent(r)).toBe(isPlainDeltaOrStop(r) || isPlainBlockStart(r) || isPlainMarker(r));
      }),
      { numRuns: 4000 },
    );
  });
});
