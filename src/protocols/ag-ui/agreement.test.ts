// Agreement with the reference client, @ag-ui/client 1.0.0: the same streams go through its HttpAgent
// (SSE parsing, transformChunks, verifyEvents, defaultApplyEvents) and through our fold.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { from, lastValueFrom, toArray, type Observable } from 'rxjs';
import { transformChunks, type BaseEvent } from '@ag-ui/client';
import type { Frame } from '../../model/frame';
import { CORPUS, HAS_CORPUS, needsShared, errors, framesFromSse, framesOf, readJson, run } from './test-support';
import { normaliseRoles, runReference, seenInView, toSse, type Seen } from './reference-client';
import { ruleCases } from './rule-cases';
import { ChunkExpander, type ExpansionTarget } from './chunks';
import { parseEvent, type AguiEvent } from './schema';
import { codeOf } from './event-types';
import { interleave, mutate, mutationsArb, turnsArb } from '../../../test/support/interleave';

// The reference client logs its soft violations and deprecations; they are not under test here.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

const bodyOf = (frames: readonly Frame[]) => toSse(frames.filter((f) => f.kind === 'message' && f.direction === 'in').map((f) => f.data));

const byId = <T extends { id?: string; toolCallId?: string }>(list: T[]) => [...list].sort((a, b) => String(a.id ?? a.toolCallId).localeCompare(String(b.id ?? b.toolCallId)));

function comparable(seen: Seen) {
  const s = normaliseRoles(seen);
  return { ...s, tools: byId(s.tools), results: byId(s.results) };
}

interface Stream {
  name: string;
  frames: Frame[];
}

const streams: Stream[] = [];
for (const file of HAS_CORPUS ? readdirSync(`${CORPUS}/dotnet-server`) : []) {
  streams.push({ name: `dotnet ${file.slice(0, 60)}`, frames: framesOf(readJson(`${CORPUS}/dotnet-server/${file}`) as unknown[]) });
}
for (const [name, events] of Object.entries(HAS_CORPUS ? (readJson(`${CORPUS}/dart/events.json`) as Record<string, unknown[]>) : {})) {
  streams.push({ name: `dart ${name}`, frames: framesOf(events) });
}
for (const part of HAS_CORPUS ? readFileSync(`${CORPUS}/dart/sse_streams.txt`, 'utf8').split(/^## /m).slice(1) : []) {
  const newline = part.indexOf('\n');
  streams.push({ name: `sse ${part.slice(0, newline).trim()}`, frames: framesFromSse(part.slice(newline + 1)) });
}

describe.skipIf(!HAS_CORPUS)(needsShared('final messages agree with @ag-ui/client on every real stream it accepts'), () => {
  for (const stream of streams) {
    it(stream.name, async () => {
      const reference = await runReference(bodyOf(stream.frames));
      const ours = run(stream.frames);
      if (reference.error !== undefined) {
        // Where the reference rejects the stream, we must report an error too.
        expect(errors(ours.findings).length, `reference: ${reference.error}`).toBeGreaterThan(0);
        return;
      }
      expect(comparable(seenInView(ours.view))).toEqual(comparable(reference.seen));
    });
  }

  it('covers the valid corpus: the reference accepts most streams', async () => {
    let accepted = 0;
    for (const stream of streams) if ((await runReference(bodyOf(stream.frames))).error === undefined) accepted++;
    expect(accepted).toBeGreaterThanOrEqual(35);
  });
});

describe('every stream the reference rejects gets an error finding', () => {
  for (const c of ruleCases) {
    for (const [label, frames] of [['breaking', c.bad], ['valid', c.good]] as const) {
      it(`${c.rule} (${label} stream)`, async () => {
        const reference = await runReference(bodyOf(frames));
        const ours = run(frames);
        if (reference.error !== undefined) expect(errors(ours.findings).length, `reference: ${reference.error}`).toBeGreaterThan(0);
        // The reference sees only the response, so the comparison leaves out what the page sent.
        else if (label === 'valid') expect(comparable(seenInView(run(frames.filter((f) => f.direction === 'in')).view))).toEqual(comparable(reference.seen));
      });
    }
  }
});

describe('null fields are judged as the reference judges them', () => {
  const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
  const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
  const cases: Record<string, object[]> = {
    'metadata: null': [RS, { type: 'CUSTOM', name: 'n', value: 1, metadata: null }, RF],
    'name: null': [RS, { type: 'TEXT_MESSAGE_START', messageId: 'm', name: null }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }, RF],
    'subagentRunId: null': [RS, { type: 'STEP_STARTED', stepName: 's', subagentRunId: null }, { type: 'STEP_FINISHED', stepName: 's' }, RF],
    'rawEvent: null': [RS, { type: 'CUSTOM', name: 'n', value: 1, rawEvent: null }, RF],
    'outcome: null and result: null': [RS, { ...RF, outcome: null, result: null }],
    'state snapshot of null': [RS, { type: 'STATE_SNAPSHOT', snapshot: null }, RF],
  };
  for (const [name, events] of Object.entries(cases)) {
    it(name, async () => {
      const frames = framesOf(events);
      const reference = await runReference(bodyOf(frames));
      expect(errors(run(frames).findings).length > 0).toBe(reference.error !== undefined);
    });
  }
});

describe('chunk expansion matches transformChunks', () => {
  const chunkStreams: Record<string, object[]> = {
    'text then tool': [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', delta: 'a' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'b' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', toolCallName: 'x', parentMessageId: 'm', delta: '{' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', delta: '}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ],
    'switching message ids, raw passes through': [
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a', role: 'user', delta: '1' },
      { type: 'RAW', event: 1 },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'b', delta: '2' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r', delta: 'hm' },
      { type: 'CUSTOM', name: 'n', value: 1 },
    ],
    'metadata-only chunk': [
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a', delta: 'x' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a', metadata: { k: 1 } },
      { type: 'STATE_SNAPSHOT', snapshot: {} },
    ],
  };
  for (const [name, events] of Object.entries(chunkStreams)) {
    it(name, async () => {
      // @ag-ui/client carries its own copy of rxjs; the operator works on ours, only the types differ.
      const operator = transformChunks(false) as unknown as (source: Observable<BaseEvent>) => Observable<BaseEvent>;
      const theirs = await lastValueFrom(operator(from(events as BaseEvent[])).pipe(toArray()));
      const expander = new ChunkExpander();
      const ours: AguiEvent[] = [];
      const target: ExpansionTarget = { step: (event) => ours.push(event), report: () => {} };
      for (const e of events) {
        const parsed = parseEvent(e);
        if (parsed.kind !== 'event') continue;
        const sub = (parsed.event as { subagentRunId?: unknown }).subagentRunId;
        expander.expand(parsed.event, codeOf(parsed.event.type), typeof sub === 'string' ? sub : undefined, target);
      }
      expect(ours).toEqual(theirs);
    });
  }
});

// Random event sequences over a few ids, read by @ag-ui/client 1.0: where it throws we report an error;
// where it reads the stream we report none, and show the messages, calls, results, activities,
// interrupts and state it holds. The deprecated THINKING_* events are left to the rule tests: 1.0 turns
// them into reasoning spans and throws only at RUN_FINISHED, 0.0.x clients at the event itself, where
// the fold reports them.
const mid = fc.constantFrom('m1', 'm2');
const cid = fc.constantFrom('c1', 'c2');
const ev = fc.oneof(
  fc.constant({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
  fc.constant({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }),
  fc.constant({ type: 'RUN_ERROR', message: 'boom' }),
  fc.constant({ type: 'STEP_STARTED', stepName: 's' }),
  fc.constant({ type: 'STEP_FINISHED', stepName: 's' }),
  mid.map((m) => ({ type: 'TEXT_MESSAGE_START', messageId: m, role: 'assistant' })),
  mid.map((m) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: m, delta: 'x' })),
  mid.map((m) => ({ type: 'TEXT_MESSAGE_END', messageId: m })),
  fc.tuple(mid, fc.constantFrom('a', '')).map(([m, d]) => ({ type: 'TEXT_MESSAGE_CHUNK', messageId: m, delta: d })),
  fc.constant({ type: 'TEXT_MESSAGE_CHUNK', delta: 'y' }),
  cid.map((c) => ({ type: 'TOOL_CALL_START', toolCallId: c, toolCallName: 'calc' })),
  cid.map((c) => ({ type: 'TOOL_CALL_START', toolCallId: c, toolCallName: 'calc', parentMessageId: 'm1' })),
  fc.tuple(cid, fc.constantFrom('{"v":', '1}')).map(([c, d]) => ({ type: 'TOOL_CALL_ARGS', toolCallId: c, delta: d })),
  cid.map((c) => ({ type: 'TOOL_CALL_END', toolCallId: c })),
  cid.map((c) => ({ type: 'TOOL_CALL_RESULT', messageId: `r-${c}`, toolCallId: c, content: 'ok' })),
  fc.tuple(cid, fc.constantFrom('{"a":1}', '')).map(([c, d]) => ({ type: 'TOOL_CALL_CHUNK', toolCallId: c, toolCallName: 'calc', delta: d })),
  mid.map((m) => ({ type: 'REASONING_START', messageId: m })),
  mid.map((m) => ({ type: 'REASONING_MESSAGE_START', messageId: `rs-${m}`, role: 'reasoning' })),
  mid.map((m) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: `rs-${m}`, delta: 'r' })),
  mid.map((m) => ({ type: 'REASONING_MESSAGE_END', messageId: `rs-${m}` })),
  mid.map((m) => ({ type: 'REASONING_END', messageId: m })),
  fc.constant({ type: 'STATE_SNAPSHOT', snapshot: { n: 1 } }),
  fc.constant({ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 2 }] }),
  fc.constant({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/m', value: 3 }] }),
  fc.constant({ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'assistant', content: 'snap' }] }),
  fc.constant({ type: 'CUSTOM', name: 'n', value: 1 }),
  fc.constant({ type: 'RAW', event: { a: 1 } }),
  fc.constant({ type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'progress', content: { p: 1 } }),
  fc.constant({ type: 'ACTIVITY_DELTA', messageId: 'act', activityType: 'progress', patch: [{ op: 'replace', path: '/p', value: 2 }] }),
  fc.constant({ type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/zz' }] }),
  fc.constant({ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'calc', arguments: '{}' } }] }, { id: 'r-c1', role: 'tool', toolCallId: 'c1', content: 'snapres' }] }),
  mid.map((m) => ({ type: 'TEXT_MESSAGE_START', messageId: m, role: 'user' })),
  fc.constant({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'input_required', message: 'ok?' }] } }),
  fc.tuple(cid, mid).map(([c, m]) => ({ type: 'TOOL_CALL_CHUNK', toolCallId: c, toolCallName: 'calc', parentMessageId: m, delta: '{}' })),
  fc.tuple(mid).map(([m]) => ({ type: 'REASONING_MESSAGE_CHUNK', messageId: m, delta: 'q' })),
);
// What the random sequences found, each kept as a case: the view now holds what the client holds.
describe('streams the random sequences found', () => {
  const result = (id: string, messageId = `r-${id}`) => ({ type: 'TOOL_CALL_RESULT', messageId, toolCallId: id, content: 'ok' });
  const cases: Record<string, object[]> = {
    'a result before its call, then the call: both show': [result('c1'), { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'calc' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }],
    'a second result for a call: two tool messages': [{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'calc' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, result('c1'), result('c1', 'r-again')],
    'results a snapshot leaves out go': [result('c2'), result('c2'), { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'assistant', content: 'snap' }] }],
    "a snapshot's tool message replaces a result shown on its own": [result('c1'), { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'r-c1', role: 'tool', toolCallId: 'c1', content: 'snapres' }] }],
    'reasoning streamed into the message a tool call opened is its text': [{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'calc', parentMessageId: 'm1' }, { type: 'REASONING_MESSAGE_CHUNK', messageId: 'm1', delta: 'q' }],
    'an interrupt a later run raises again is held once': [
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'input_required', message: 'ok?' }] } },
      { type: 'RUN_STARTED', threadId: 't', runId: 'r2' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r2', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'input_required', message: 'ok?' }] } },
    ],
  };
  for (const [name, events] of Object.entries(cases)) {
    it(name, async () => {
      const frames = framesOf([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, ...events]);
      const reference = await runReference(bodyOf(frames));
      expect(reference.error).toBeUndefined();
      const ours = run(frames);
      expect(errors(ours.findings)).toEqual([]);
      expect(comparable(seenInView(ours.view))).toEqual(comparable(reference.seen));
    });
  }
});

/** A drawn stream through the client and the fold: an error where it throws; elsewhere none, and the same `shown` of what each holds. */
async function agreeWithClient(frames: Frame[], shown: (seen: Seen) => unknown): Promise<void> {
  const reference = await runReference(bodyOf(frames));
  const ours = run(frames);
  if (reference.error !== undefined) {
    expect(errors(ours.findings).length, `reference: ${reference.error}`).toBeGreaterThan(0);
    return;
  }
  expect(errors(ours.findings), 'the client read the stream').toEqual([]);
  expect(shown(seenInView(ours.view))).toEqual(shown(reference.seen));
}

describe('agreement with @ag-ui/client on random event sequences', () => {
  it('errs exactly where the client throws, and holds what it holds elsewhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ev, { maxLength: 16 }), async (events) => {
        await agreeWithClient(framesOf([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, ...events]), comparable);
      }),
      // A fixed seed keeps CI deterministic; 60 other seeds of 300 runs each agreed when this was written.
      { numRuns: 300, seed: 42 },
    );
  });
});

// Sub-agents (1.1), which the draw above leaves out: the parent's and up to two sub-agents' parts (a text
// message, a tool call, one with its result, a reasoning span, chunks), each a well-formed sequence
// attributed by subagentRunId, a sub-agent opened by SUBAGENT_STARTED and ended by SUBAGENT_FINISHED,
// SUBAGENT_ERROR or nothing; interleaved at random, then up to two events dropped, repeated or swapped,
// and the run finished, errored or left open. The view nests a sub-agent's messages under it, where it
// started, so texts and reasoning compare as sets; the client lists them as they began.
type AgentPart = 'text' | 'tool' | 'tool and result' | 'reasoning' | 'chunks';

function agentPart(actor: string, n: number, part: AgentPart, sub: string | undefined): object[] {
  const by = sub !== undefined ? { subagentRunId: sub } : {};
  const [m, c] = [`${actor}-m${n}`, `${actor}-c${n}`];
  const call = (extra: object = {}) => [{ type: 'TOOL_CALL_START', toolCallId: c, toolCallName: 'calc', ...extra, ...by }, { type: 'TOOL_CALL_ARGS', toolCallId: c, delta: '{"v":1}' }, { type: 'TOOL_CALL_END', toolCallId: c, ...by }];
  switch (part) {
    case 'text':
      return [{ type: 'TEXT_MESSAGE_START', messageId: m, role: 'assistant', ...by }, { type: 'TEXT_MESSAGE_CONTENT', messageId: m, delta: `text of ${m}` }, { type: 'TEXT_MESSAGE_END', messageId: m, ...by }];
    case 'tool':
      return call();
    case 'tool and result':
      return [...call({ parentMessageId: m }), { type: 'TOOL_CALL_RESULT', messageId: `r-${c}`, toolCallId: c, content: 'ok', ...by }];
    case 'reasoning':
      return [{ type: 'REASONING_START', messageId: `span-${m}`, ...by }, { type: 'REASONING_MESSAGE_START', messageId: `rs-${m}`, role: 'reasoning', ...by }, { type: 'REASONING_MESSAGE_CONTENT', messageId: `rs-${m}`, delta: `thought of ${m}` }, { type: 'REASONING_MESSAGE_END', messageId: `rs-${m}`, ...by }, { type: 'REASONING_END', messageId: `span-${m}`, ...by }];
    case 'chunks':
      return [{ type: 'TEXT_MESSAGE_CHUNK', messageId: m, role: 'assistant', delta: 'a', ...by }, { type: 'TEXT_MESSAGE_CHUNK', messageId: m, delta: 'b' }, { type: 'TOOL_CALL_CHUNK', toolCallId: c, toolCallName: 'calc', delta: '{}', ...by }];
  }
}

const agentParts = fc.array(fc.constantFrom<AgentPart>('text', 'tool', 'tool and result', 'reasoning', 'chunks'), { maxLength: 2 });
const subagentRun = fc.record({
  parent: agentParts,
  subagents: fc.array(fc.record({ parts: agentParts, ending: fc.constantFrom('SUBAGENT_FINISHED', 'SUBAGENT_ERROR', 'none'), underParentCall: fc.boolean() }), { maxLength: 2 }),
  turns: turnsArb,
  mutations: mutationsArb,
  ending: fc.constantFrom('RUN_FINISHED', 'RUN_ERROR', 'none'),
});

function subagentEvents(drawn: typeof subagentRun extends fc.Arbitrary<infer T> ? T : never): object[] {
  const sequences = [drawn.parent.flatMap((part, n) => agentPart('p', n, part, undefined))];
  drawn.subagents.forEach((sub, k) => {
    const id = `sub-${k}`;
    const ending = sub.ending === 'none' ? [] : [sub.ending === 'SUBAGENT_ERROR' ? { type: 'SUBAGENT_ERROR', subagentRunId: id, message: 'failed' } : { type: 'SUBAGENT_FINISHED', subagentRunId: id }];
    sequences.push([{ type: 'SUBAGENT_STARTED', subagentRunId: id, name: `agent ${k}`, ...(sub.underParentCall && { parentToolCallId: 'p-c0' }) }, ...sub.parts.flatMap((part, n) => agentPart(id, n, part, id)), ...ending]);
  });
  const ending = drawn.ending === 'none' ? [] : [drawn.ending === 'RUN_ERROR' ? { type: 'RUN_ERROR', message: 'boom' } : { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }];
  return [{ type: 'RUN_STARTED', threadId: 't', runId: 'r', protocolVersion: '1.1' }, ...mutate(interleave(sequences, drawn.turns), drawn.mutations, 'none', 1), ...ending];
}

function unordered(seen: Seen) {
  const s = comparable(seen);
  return { ...s, texts: [...s.texts].sort((a, b) => a.text.localeCompare(b.text)), reasoning: [...s.reasoning].sort() };
}

describe('agreement with @ag-ui/client on interleaved sub-agents', () => {
  it('errs exactly where the client throws, and holds what it holds elsewhere', async () => {
    await fc.assert(
      fc.asyncProperty(subagentRun, async (drawn) => {
        await agreeWithClient(framesOf(subagentEvents(drawn)), unordered);
      }),
      // A fixed seed keeps CI deterministic; 9,200 other streams over 6 seeds agreed when this was written.
      { numRuns: 300, seed: 42 },
    );
  });
});
