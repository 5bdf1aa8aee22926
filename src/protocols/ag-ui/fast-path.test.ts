// The hand-written check that lets the streamed events skip the zod schema must never accept what the
// schema rejects: random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventSchemas } from '@ag-ui/core/schemas';
import { isPlainHotEvent, parseEvent, ThinkingTextMessageContentEventSchema } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const types = ['TEXT_MESSAGE_CONTENT', 'TOOL_CALL_ARGS', 'REASONING_MESSAGE_CONTENT', 'TEXT_MESSAGE_CHUNK', 'TOOL_CALL_CHUNK', 'REASONING_MESSAGE_CHUNK', 'THINKING_TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_START', 'RUN_STARTED'];
const field = fc.oneof(fc.string(), odd);
const event = fc.record(
  {
    type: fc.constantFrom(...types),
    messageId: field,
    toolCallId: field,
    toolCallName: field,
    parentMessageId: field,
    delta: field,
    name: field,
    role: fc.oneof(fc.constantFrom('assistant', 'tool'), odd),
    timestamp: fc.oneof(fc.integer(), odd),
    rawEvent: odd,
    metadata: odd,
    subagentRunId: odd,
  },
  { requiredKeys: ['type'] },
);

function schemaAccepts(e: Record<string, unknown>): boolean {
  const schema = e.type === 'THINKING_TEXT_MESSAGE_CONTENT' ? ThinkingTextMessageContentEventSchema : EventSchemas;
  return schema.safeParse(e).success;
}

describe('fast path for the streamed events', () => {
  it('accepts only events the schema accepts', () => {
    fc.assert(
      fc.property(event, (e) => {
        const r = e as Record<string, unknown>;
        if (isPlainHotEvent(r, r.type as string)) expect(schemaAccepts(r)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the common events of a real stream and leaves the rest to the schema', () => {
    expect(isPlainHotEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' }, 'TEXT_MESSAGE_CONTENT')).toBe(true);
    expect(isPlainHotEvent({ type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', delta: '{' }, 'TOOL_CALL_CHUNK')).toBe(true);
    expect(isPlainHotEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi', timestamp: 1 }, 'TEXT_MESSAGE_CONTENT')).toBe(false);
    expect(parseEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 1 })).toMatchObject({ kind: 'invalid' });
  });
});
