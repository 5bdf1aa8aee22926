// The hand-written check that lets the streamed events skip the zod schema must never accept what the
// schema rejects: random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventSchemas } from '@ag-ui/core/schemas';
import { isPlainHotEvent, parseEvent, plainEventCode, THINKING_TYPES, ThinkingTextMessageContentEventSchema } from './schema';
import { Code, codeOf } from './event-types';
import { isPlainLifecycleEvent, plainLane } from './plain-events';
import { stripUnrecognised } from './strip';

/** The event as JSON gives it: a field the generator left undefined is absent, as on the wire. */
const asJson = (e: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(e)) as Record<string, unknown>;

/** What the schema path accepts unchanged: valid, with nothing for the enforcement stage to strip. */
function schemaTakesAsIs(e: Record<string, unknown>): boolean {
  return EventSchemas.safeParse(e).success && stripUnrecognised(e, EventSchemas).stripped.length === 0;
}

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
  if (e.type === 'THINKING_TEXT_MESSAGE_CONTENT') return ThinkingTextMessageContentEventSchema.safeParse(e).success;
  return schemaTakesAsIs(e);
}

describe('fast path for the streamed events', () => {
  it('accepts only events the schema accepts', () => {
    fc.assert(
      fc.property(event, (e) => {
        const r = asJson(e);
        if (isPlainHotEvent(r, r.type as string)) expect(schemaAccepts(r)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the common events of a real stream and leaves the rest to the schema', () => {
    expect(isPlainHotEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' }, 'TEXT_MESSAGE_CONTENT')).toBe(true);
    expect(isPlainHotEvent({ type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', delta: '{' }, 'TOOL_CALL_CHUNK')).toBe(true);
    expect(parseEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 1 })).toMatchObject({ kind: 'invalid' });
  });

  it('takes a plain rawEvent and timestamp, the base fields real producers send on every delta', () => {
    // As the AG-UI .NET SDK's server sends its deltas: the model's own chunk in rawEvent.
    const delta = { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi', rawEvent: { choices: [{ delta: { content: 'Hi' } }] } };
    expect(isPlainHotEvent(delta, 'TEXT_MESSAGE_CONTENT')).toBe(true);
    expect(isPlainHotEvent({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{', timestamp: 1764400000000 }, 'TOOL_CALL_ARGS')).toBe(true);
    expect(isPlainLifecycleEvent({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant', rawEvent: 'x', timestamp: 0 }, 'TEXT_MESSAGE_START')).toBe(true);
    // What the schema rejects, or the fold reports, still goes to them.
    expect(isPlainHotEvent({ ...delta, rawEvent: null }, 'TEXT_MESSAGE_CONTENT')).toBe(false);
    expect(isPlainHotEvent({ ...delta, timestamp: 1.5 }, 'TEXT_MESSAGE_CONTENT')).toBe(false);
    expect(isPlainHotEvent({ ...delta, timestamp: '1' }, 'TEXT_MESSAGE_CONTENT')).toBe(false);
    expect(isPlainHotEvent({ ...delta, metadata: {} }, 'TEXT_MESSAGE_CONTENT')).toBe(false);
    expect(parseEvent({ ...delta, timestamp: 1.5 })).toMatchObject({ kind: 'invalid' });
  });

  it('takes a delta with base fields exactly when the schema takes it as it is', () => {
    const idOf: Record<string, string> = { TEXT_MESSAGE_CONTENT: 'messageId', REASONING_MESSAGE_CONTENT: 'messageId', TOOL_CALL_ARGS: 'toolCallId' };
    const withBase = fc.record(
      {
        type: fc.constantFrom(...Object.keys(idOf)),
        delta: fc.string(),
        rawEvent: fc.oneof(fc.jsonValue(), odd),
        timestamp: fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(2 ** 53), odd),
      },
      { requiredKeys: ['type', 'delta'] },
    );
    const taken = { yes: 0, no: 0 };
    fc.assert(
      fc.property(withBase, fc.string(), (e, id) => {
        const r = asJson({ ...e, [idOf[e.type] as string]: id });
        const plain = isPlainHotEvent(r, r.type as string);
        expect(plain).toBe(schemaTakesAsIs(r) && r.rawEvent !== null);
        taken[plain ? 'yes' : 'no']++;
      }),
      { numRuns: 3000 },
    );
    expect(Math.min(taken.yes, taken.no)).toBeGreaterThan(300);
  });
});

// The lifecycle events (runs, starts and ends, steps, results) and RUN_FINISHED's outcome: mostly valid
// fields with an odd one here and there, so that both answers come up often.
const lifecycleTypes = [
  'RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'REASONING_START', 'REASONING_END', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_END',
  'REASONING_MESSAGE_START', 'REASONING_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_END', 'TOOL_CALL_RESULT', 'STEP_STARTED', 'STEP_FINISHED',
  'STATE_DELTA', 'SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR',
];
const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 8, arbitrary: good }, { weight: 1, arbitrary: odd });
const absent = fc.constant(undefined);
const optionalText = fc.oneof({ weight: 4, arbitrary: absent }, { weight: 3, arbitrary: fc.string() }, { weight: 1, arbitrary: odd });
const rarely = fc.oneof({ weight: 10, arbitrary: absent }, { weight: 1, arbitrary: odd });
const plainObject = fc.oneof({ weight: 4, arbitrary: absent }, { weight: 2, arbitrary: fc.object({ maxDepth: 1 }) }, { weight: 1, arbitrary: odd });
const interrupt = fc.record({
  id: mostly(fc.string()),
  reason: mostly(fc.constantFrom('tool_call', 'input_required')),
  message: optionalText,
  toolCallId: optionalText,
  expiresAt: optionalText,
  subagentRunId: optionalText,
  responseSchema: plainObject,
  metadata: plainObject,
});
const count = fc.oneof({ weight: 6, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constantFrom(-1, 1.5, 2 ** 53) }, { weight: 1, arbitrary: odd });
const usageEntry = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      { provider: mostly(fc.string()), model: mostly(fc.string()), inputTokens: count, outputTokens: count, totalTokens: count, reasoningTokens: count, cachedInputTokens: count, cacheWriteInputTokens: count, costUsd: fc.double() },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: odd },
);
const usage = fc.oneof({ weight: 3, arbitrary: absent }, { weight: 6, arbitrary: fc.array(usageEntry, { maxLength: 2 }) }, { weight: 1, arbitrary: odd });
const pointer = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('', '/a', '/a/0', '/~0x~1', '/-') }, { weight: 1, arbitrary: fc.constantFrom('a', '/~2', '/~') }, { weight: 1, arbitrary: odd });
const patchOp = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      { op: mostly(fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'increment')), path: pointer, from: pointer, value: fc.oneof(fc.jsonValue(), odd), note: fc.string() },
      { requiredKeys: ['op'] },
    ),
  },
  { weight: 1, arbitrary: odd },
);
const subagentOutcome = fc.oneof(
  { weight: 3, arbitrary: absent },
  { weight: 1, arbitrary: odd },
  { weight: 6, arbitrary: fc.record({ type: mostly(fc.constantFrom('success', 'suspended', 'failed')), interruptIds: fc.oneof(absent, fc.array(mostly(fc.string()), { maxLength: 2 }), odd) }, { requiredKeys: ['type'] }) },
);
const outcome = fc.oneof(
  { weight: 3, arbitrary: absent },
  { weight: 1, arbitrary: odd },
  {
    weight: 6,
    arbitrary: fc.record({
      type: mostly(fc.constantFrom('success', 'interrupt', 'cancelled', 'paused')),
      pendingToolCallIds: fc.oneof(absent, fc.array(mostly(fc.string()), { maxLength: 2 }), odd),
      interrupts: fc.oneof({ weight: 6, arbitrary: fc.array(mostly(interrupt), { maxLength: 3 }) }, { weight: 1, arbitrary: odd }),
    }),
  },
);
const lifecycleEvent = fc.record({
  type: fc.constantFrom(...lifecycleTypes),
  threadId: mostly(fc.string()),
  runId: mostly(fc.string()),
  protocolVersion: optionalText,
  parentRunId: optionalText,
  input: rarely,
  result: fc.oneof({ weight: 4, arbitrary: absent }, { weight: 1, arbitrary: odd }),
  outcome,
  usage,
  delta: fc.oneof({ weight: 8, arbitrary: fc.array(patchOp, { maxLength: 3 }) }, { weight: 1, arbitrary: odd }),
  description: optionalText,
  parentSubagentRunId: optionalText,
  parentToolCallId: optionalText,
  subagentOutcome,
  message: mostly(fc.string()),
  code: optionalText,
  messageId: mostly(fc.string()),
  role: fc.oneof({ weight: 3, arbitrary: absent }, { weight: 6, arbitrary: fc.constantFrom('assistant', 'user', 'developer', 'system', 'reasoning', 'tool') }, { weight: 1, arbitrary: odd }),
  name: optionalText,
  toolCallId: mostly(fc.string()),
  toolCallName: mostly(fc.string()),
  parentMessageId: optionalText,
  content: fc.oneof({ weight: 6, arbitrary: fc.string() }, { weight: 1, arbitrary: fc.constant([{ type: 'text', text: 'x' }]) }, { weight: 1, arbitrary: odd }),
  stepName: mostly(fc.string()),
  timestamp: fc.oneof({ weight: 10, arbitrary: absent }, { weight: 1, arbitrary: fc.integer() }, { weight: 1, arbitrary: odd }),
  rawEvent: rarely,
  metadata: rarely,
  subagentRunId: fc.oneof({ weight: 4, arbitrary: absent }, { weight: 4, arbitrary: fc.string() }, { weight: 1, arbitrary: odd }),
});

// Each type keeps its own fields and the base ones; now and then one it does not describe.
const FIELDS: Record<string, string[]> = {
  RUN_STARTED: ['threadId', 'runId', 'protocolVersion', 'parentRunId', 'input'],
  RUN_FINISHED: ['threadId', 'runId', 'result', 'outcome', 'usage'],
  RUN_ERROR: ['message', 'code', 'usage'],
  TEXT_MESSAGE_START: ['messageId', 'role', 'name'],
  REASONING_MESSAGE_START: ['messageId', 'role'],
  TOOL_CALL_START: ['toolCallId', 'toolCallName', 'parentMessageId'],
  TOOL_CALL_END: ['toolCallId'],
  TOOL_CALL_RESULT: ['messageId', 'toolCallId', 'content', 'role'],
  STEP_STARTED: ['stepName'],
  STEP_FINISHED: ['stepName'],
  STATE_DELTA: ['delta'],
  SUBAGENT_STARTED: ['name', 'description', 'parentSubagentRunId', 'parentToolCallId', 'parentMessageId'],
  SUBAGENT_FINISHED: ['result', 'subagentOutcome'],
  SUBAGENT_ERROR: ['message', 'code'],
};
const BASE = ['type', 'timestamp', 'rawEvent', 'metadata', 'subagentRunId'];
const shapedLifecycleEvent = fc
  .tuple(lifecycleEvent, fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('messageId', 'futureProp', 'stepName', 'parentRunId') }))
  .map(([e, extra]) => {
    const keep = new Set([...BASE, ...(FIELDS[e.type] ?? ['messageId']), ...(extra ? [extra] : [])]);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e)) if (keep.has(k)) out[k === 'subagentOutcome' ? 'outcome' : k] = v;
    if (extra === 'futureProp') out.futureProp = 1;
    return out;
  });

describe('fast path for the lifecycle events', () => {
  it('accepts only events the schema accepts, and reads the lane the schema path would', () => {
    const taken = { no: 0 };
    const takenTypes = new Set<string>();
    let attributed = 0;
    fc.assert(
      fc.property(shapedLifecycleEvent, (e) => {
        const r = asJson(e);
        const type = r.type as string;
        if (plainEventCode(r) !== Code.NONE) {
          expect(schemaTakesAsIs(r)).toBe(true);
          // The fold's schema path applies an event in the lane of its subagentRunId.
          expect(plainLane()).toBe(typeof r.subagentRunId === 'string' ? r.subagentRunId : undefined);
          takenTypes.add(type);
          if (plainLane() !== undefined) attributed++;
        } else taken.no++;
      }),
      { numRuns: 8000 },
    );
    // Both answers come up, and every type is taken now and then, so the property says something.
    expect(taken.no).toBeGreaterThan(800);
    expect(taken.no).toBeLessThan(7200);
    expect([...takenTypes].sort()).toEqual([...lifecycleTypes].sort());
    expect(attributed).toBeGreaterThan(100);
  });

  it('accepts only outcomes the schema accepts', () => {
    const finished = fc.record({ type: fc.constant('RUN_FINISHED'), threadId: fc.string(), runId: fc.string(), outcome, result: fc.oneof(absent, odd) });
    fc.assert(
      fc.property(finished, (e) => {
        const r = asJson(e);
        if (isPlainLifecycleEvent(r, 'RUN_FINISHED')) expect(schemaTakesAsIs(r)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the plain lifecycle events of a real stream and leaves the rest to the schema', () => {
    expect(isPlainLifecycleEvent({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, 'RUN_STARTED')).toBe(true);
    const interrupted = { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i', reason: 'tool_call', toolCallId: 'c', responseSchema: {} }] } };
    expect(isPlainLifecycleEvent(interrupted, 'RUN_FINISHED')).toBe(true);
    expect(isPlainLifecycleEvent({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'f' }, 'TOOL_CALL_START')).toBe(true);
    // The schema's copy of the run input reaches the view: left to it.
    expect(isPlainLifecycleEvent({ type: 'RUN_STARTED', threadId: 't', runId: 'r', input: { threadId: 't', runId: 'r', messages: [] } }, 'RUN_STARTED')).toBe(false);
    // Usage as the AG-UI .NET server sends it on every RUN_FINISHED; a field TokenUsage does not describe is the schema path's to strip.
    const usage = [{ inputTokens: 120, outputTokens: 48, totalTokens: 168 }];
    expect(isPlainLifecycleEvent({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'success' }, usage }, 'RUN_FINISHED')).toBe(true);
    expect(isPlainLifecycleEvent({ type: 'RUN_ERROR', message: 'm', usage }, 'RUN_ERROR')).toBe(true);
    expect(isPlainLifecycleEvent({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', usage: [{ inputTokens: 1, costUsd: 0.1 }] }, 'RUN_FINISHED')).toBe(false);
    expect(isPlainLifecycleEvent({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', usage: [{ inputTokens: -1 }] }, 'RUN_FINISHED')).toBe(false);
    // The run's own events carry no attribution: one that does is the enforcement stage's to strip.
    expect(isPlainLifecycleEvent({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', subagentRunId: 's' }, 'RUN_FINISHED')).toBe(false);
    expect(isPlainLifecycleEvent({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [] } }, 'RUN_FINISHED')).toBe(false);
    // A role outside the closed set is stripped (spec 1.1 processing model); a role of the wrong kind is malformed.
    expect(parseEvent({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'tool' })).toMatchObject({ kind: 'event', stripped: [{ path: '/role', kind: 'member', value: 'tool' }] });
    expect(parseEvent({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 5 })).toMatchObject({ kind: 'invalid' });
    // A property beyond the ones the event describes leaves the fast path for the enforcement stage.
    expect(isPlainLifecycleEvent({ type: 'TEXT_MESSAGE_END', messageId: 'm', futureProp: 1 }, 'TEXT_MESSAGE_END')).toBe(false);
    expect(isPlainHotEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x', futureProp: 1 }, 'TEXT_MESSAGE_CONTENT')).toBe(false);
  });
});

describe('the fast path and the nulls the fold drops', () => {
  // The fold takes a hand-checked event as it is, with nothing to drop or report: so neither check
  // may take one that carries such a null (the fold's withoutNulls).
  const nullable = fc.oneof({ weight: 3, arbitrary: absent }, { weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.string() });
  const withNulls = fc
    .tuple(fc.oneof(event, lifecycleEvent), fc.record({ rawEvent: nullable, parentMessageId: nullable, outcome: nullable, result: nullable }))
    .map(([e, nulls]) => {
      const out: Record<string, unknown> = { ...e };
      for (const [k, v] of Object.entries(nulls)) if (v !== undefined) out[k] = v;
      return out;
    });

  it('takes no event with a null rawEvent, parentMessageId, outcome or result', () => {
    fc.assert(
      fc.property(withNulls, (e) => {
        const r = asJson(e);
        const type = r.type as string;
        if (isPlainHotEvent(r, type) || isPlainLifecycleEvent(r, type)) {
          for (const k of ['rawEvent', 'parentMessageId', 'outcome', 'result']) expect(r[k]).not.toBe(null);
          expect(plainEventCode(r)).toBe(codeOf(type));
        } else expect(plainEventCode(r)).toBe(Code.NONE);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the plain events whatever order their fields come in', () => {
    expect(plainEventCode({ delta: 'Hi', messageId: 'm1', type: 'TEXT_MESSAGE_CONTENT' })).toBe(Code.TEXT_MESSAGE_CONTENT);
    expect(plainEventCode({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi', result: null })).toBe(Code.NONE);
    expect(plainEventCode({ type: 'RUN_STARTED', threadId: 't', runId: 'r', parentMessageId: null })).toBe(Code.NONE);
    expect(plainEventCode({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'f', outcome: null })).toBe(Code.NONE);
  });
});

describe('the legacy event test', () => {
  it('finds every THINKING_* type by its prefix (the fold tests the prefix before the set)', () => {
    for (const type of THINKING_TYPES) expect(type.startsWith('THINKING_')).toBe(true);
  });
});

describe('fast path for a plain state snapshot', () => {
  const snapshotEvent = fc.record(
    {
      type: fc.constant('STATE_SNAPSHOT'),
      snapshot: fc.oneof(fc.jsonValue(), odd),
      timestamp: fc.oneof(absent, fc.integer(), odd),
      rawEvent: fc.oneof(absent, odd),
      metadata: fc.oneof(absent, odd),
      subagentRunId: fc.oneof(absent, odd),
      futureProp: fc.oneof(absent, odd),
    },
    { requiredKeys: ['type'] },
  );

  it('accepts only snapshots the schema takes as they are', () => {
    let taken = 0;
    fc.assert(
      fc.property(snapshotEvent, (e) => {
        const r = asJson(e);
        if (isPlainLifecycleEvent(r, 'STATE_SNAPSHOT')) {
          taken++;
          expect(schemaTakesAsIs(r)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
    expect(taken).toBeGreaterThan(0);
  });

  it('takes {type, snapshot} of any JSON value, null included, and leaves the rest to the schema', () => {
    expect(plainEventCode({ type: 'STATE_SNAPSHOT', snapshot: { city: 'Oslo' } })).toBe(Code.STATE_SNAPSHOT);
    expect(plainEventCode({ type: 'STATE_SNAPSHOT', snapshot: null })).toBe(Code.STATE_SNAPSHOT);
    expect(plainEventCode({ type: 'STATE_SNAPSHOT' })).toBe(Code.NONE);
    expect(plainEventCode({ type: 'STATE_SNAPSHOT', snapshot: {}, subagentRunId: 's' })).toBe(Code.STATE_SNAPSHOT);
    expect(plainEventCode({ type: 'STATE_SNAPSHOT', snapshot: {}, subagentRunId: 5 })).toBe(Code.NONE);
    expect(plainEventCode({ type: 'STATE_SNAPSHOT', snapshot: {}, futureProp: 1 })).toBe(Code.NONE);
  });
});

describe('fast path for a state delta', () => {
  // Mostly operations with exactly their own fields, so that the pointers and values decide.
  const exactOp = fc.oneof(
    fc.record({ op: fc.constantFrom('add', 'replace', 'test'), path: pointer, value: fc.jsonValue() }),
    fc.record({ op: fc.constant('remove'), path: pointer }),
    fc.record({ op: fc.constantFrom('move', 'copy'), from: pointer, path: pointer }),
  );
  const deltaEvent = fc.record(
    {
      type: fc.constant('STATE_DELTA'),
      delta: fc.oneof({ weight: 8, arbitrary: fc.array(fc.oneof({ weight: 6, arbitrary: exactOp }, { weight: 1, arbitrary: patchOp }), { maxLength: 3 }) }, { weight: 1, arbitrary: odd }),
      subagentRunId: fc.oneof(absent, fc.string(), odd),
      timestamp: fc.oneof(absent, fc.integer(), odd),
    },
    { requiredKeys: ['type', 'delta'] },
  );

  it('accepts only patches the schema takes as they are', () => {
    const taken = { yes: 0, no: 0 };
    fc.assert(
      fc.property(deltaEvent, (e) => {
        const r = asJson(e);
        const plain = plainEventCode(r) === Code.STATE_DELTA;
        if (plain) expect(schemaTakesAsIs(r)).toBe(true);
        taken[plain ? 'yes' : 'no']++;
      }),
      { numRuns: 3000 },
    );
    expect(Math.min(taken.yes, taken.no)).toBeGreaterThan(300);
  });

  it('leaves to the schema an operation it does not know, a malformed pointer and an operation with more than its fields', () => {
    const delta = (op: Record<string, unknown>) => ({ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/lookups', value: 1 }, op] });
    expect(plainEventCode(delta({ op: 'remove', path: '/a/~1b' }))).toBe(Code.STATE_DELTA);
    expect(plainEventCode(delta({ op: 'increment', path: '/a', value: 1 }))).toBe(Code.NONE);
    expect(plainEventCode(delta({ op: 'remove', path: 'a' }))).toBe(Code.NONE);
    expect(plainEventCode(delta({ op: 'move', from: '/~2', path: '/a' }))).toBe(Code.NONE);
    expect(plainEventCode(delta({ op: 'add', path: '/a', value: 1, note: 'x' }))).toBe(Code.NONE);
    expect(parseEvent(delta({ op: 'remove', path: 'a' }))).toMatchObject({ kind: 'invalid' });
  });
});
