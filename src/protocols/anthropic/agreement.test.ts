// @vitest-environment node
// Agreement with the official client: @anthropic-ai/sdk's MessageStream, fed the same SSE bodies
// through its own SSE reader (Stream.fromSSEResponse → toReadableStream → MessageStream.fromReadableStream,
// the path a frontend uses). No network: the Response is built locally.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import path from 'node:path';
import { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream';
import { Stream } from '@anthropic-ai/sdk/streaming';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { corpusPath, HAS_CORPUS, needsShared } from '../../../test/support/shared-dir';
import type { ViewModel } from '../../model/view';
import { blockEvents, type BlockKind, runAnthropic, sseFrames, toSse } from './test-helpers';
import { interleave, mutate, mutationsArb, turnsArb, type Mutation } from '../../../test/support/interleave';

interface Summary {
  texts: string[];
  thinking: string[];
  tools: { id: string; name: string; input: unknown }[];
}

async function sdkFinal(body: string): Promise<{ ok: true; summary: Summary } | { ok: false; error: string }> {
  const sse = Stream.fromSSEResponse(new Response(body), new AbortController());
  const runner = MessageStream.fromReadableStream(sse.toReadableStream());
  try {
    const message = await runner.finalMessage();
    const summary: Summary = { texts: [], thinking: [], tools: [] };
    for (const block of message.content) {
      if (block.type === 'text') summary.texts.push(block.text);
      else if (block.type === 'thinking') summary.thinking.push(block.thinking);
      else if (block.type === 'tool_use' || block.type === 'server_tool_use') summary.tools.push({ id: block.id, name: block.name, input: block.input });
      // The view shows a redacted block as a reasoning item that says so.
      else if (block.type === 'redacted_thinking') summary.thinking.push('(redacted thinking)');
    }
    return { ok: true, summary };
  } catch (err) {
    return { ok: false, error: String(err) };
  }
}

function ourSummary(view: ViewModel): Summary {
  const summary: Summary = { texts: [], thinking: [], tools: [] };
  for (const item of view.items) {
    if (item.kind === 'text') summary.texts.push(item.text);
    else if (item.kind === 'reasoning') summary.thinking.push(item.text);
    else if (item.kind === 'tool' && !item.orphanResult) summary.tools.push({ id: item.toolId, name: item.name, input: item.input });
  }
  return summary;
}

const corpus = corpusPath('anthropic');
const valid = ['basic_response.sse', 'tool_use_response.sse', 'stream-a-refusal.sse', 'stream-a-toolrefusal.sse', 'stream-b-fallback.sse'];
const testdata = path.resolve(__dirname, 'testdata');

const start = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], usage: { input_tokens: 1, output_tokens: 1 } } };
const textBlock = [
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
  { type: 'content_block_stop', index: 0 },
];
const finish = [{ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } }, { type: 'message_stop' }];

/** Streams the SDK rejects; each must give at least one error finding. */
const rejected: Record<string, string> = {
  'message_start inside a message': toSse([start, ...textBlock, start, ...finish]),
  'non-JSON data': `${toSse([start])}event: content_block_start\ndata: {"type":\n\n`,
  'no events': '',
  'message_delta without usage': toSse([start, ...textBlock, { type: 'message_delta', delta: { stop_reason: 'end_turn' } }, { type: 'message_stop' }]),
  'no message_stop': toSse([start, ...textBlock, finish[0] as object]),
};

// The SDK logs unparsable records to the console before it throws: quiet for every test of the file.
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('agreement with @anthropic-ai/sdk MessageStream', () => {

  it.each([...(HAS_CORPUS ? valid.map((f) => path.join(corpus, f)) : []), path.join(testdata, 'valid-thinking-tool.sse')])(needsShared('%s: same text, thinking and tool calls (the real streams skip when the corpus is absent)'), async (file) => {
    const body = readFileSync(file, 'utf8');
    const sdk = await sdkFinal(body);
    expect(sdk.ok).toBe(true);
    const ours = runAnthropic(sseFrames(body));
    if (sdk.ok) expect(ourSummary(ours.view)).toEqual(sdk.summary);
    expect(ours.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  // Where the real world is more lenient than the SDK's MessageStream helper, or the stream is
  // well-formed but reports its own failure, the SDK throws and we grade by docs/severity-policy.md:
  // - a second message after message_stop: server-side tool loops (tool search, programmatic tool
  //   calling) send it in one response; the raw event stream and the AI SDK read it, so no finding;
  // - an error event: the stream says the turn failed (the SDK raises APIError with it): a warning.
  it.each([
    ['a second message after message_stop', toSse([start, ...textBlock, ...finish, start, ...finish]), []],
    ['an error event', toSse([start, ...textBlock, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]), ['anthropic/error-event']],
  ])('SDK rejects %s; we grade it by the policy', async (_name, body, warnings) => {
    expect((await sdkFinal(body)).ok).toBe(false);
    const findings = runAnthropic(sseFrames(body)).findings;
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings.filter((f) => f.severity === 'warning').map((f) => f.rule)).toEqual(warnings);
  });

  it.each(Object.entries(rejected))('SDK rejects "%s" and we report an error', async (_name, body) => {
    const sdk = await sdkFinal(body);
    expect(sdk.ok).toBe(false);
    const ours = runAnthropic(sseFrames(body));
    expect(ours.findings.filter((f) => f.severity === 'error').length).toBeGreaterThan(0);
  });
});

// Random event sequences read by @anthropic-ai/sdk's MessageStream: where it throws we report an error,
// except for the second message after message_stop that the policy lets pass (above); where it reads
// the stream, no error and the same text, thinking and calls. Two errors stand where it reads on, as
// readers differ there: a block whose index is not the next (MessageStream files it by arrival, the AI
// SDK by index) and a tool block whose JSON does not parse (MessageStream shows a partial parse, the
// AI SDK fails the call). Three more where the AI SDK alone shows other content, and the view shows
// MessageStream's, so the comparison still holds: a text or thinking delta for a block not started or
// of another type (anthropic/stray-content-delta: the AI SDK streams it, MessageStream drops it), a
// tool block with its input in its start and streamed too (anthropic/tool-input-twice), and a text or
// thinking delta after its block's stop, which MessageStream appends and ai's UI message stream rejects
// (anthropic/content-after-stop; see test/unit/anthropic-aisdk-agreement.test.ts). Events after
// message_stop, which the view shows with a warning and the SDK leaves out of its final message, end
// the comparison there.
const blockIndex = fc.constantFrom(0, 1, 2);
const randomEvent = fc.oneof(
  fc.constant(start),
  blockIndex.map((index) => ({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } })),
  blockIndex.map((index) => ({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } })),
  blockIndex.map((index) => ({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name: 'f', input: {} } })),
  fc.tuple(blockIndex, fc.constantFrom('Hi', '')).map(([index, text]) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })),
  blockIndex.map((index) => ({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: 'hm' } })),
  blockIndex.map((index) => ({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: 'sig' } })),
  fc.tuple(blockIndex, fc.constantFrom('{"a":', '1}', '')).map(([index, json]) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json } })),
  blockIndex.map((index) => ({ type: 'content_block_stop', index })),
  fc.constantFrom('end_turn', 'tool_use', 'max_tokens').map((reason) => ({ type: 'message_delta', delta: { stop_reason: reason, stop_sequence: null }, usage: { output_tokens: 3 } })),
  fc.constant({ type: 'message_stop' }),
  fc.constant({ type: 'ping' }),
);
const SHOWN_AS_MESSAGESTREAM = new Set(['anthropic/stray-content-delta', 'anthropic/tool-input-twice', 'anthropic/content-after-stop']);
const ERRORS_WHERE_READERS_DIFFER = new Set(['anthropic/block-index-out-of-order', 'anthropic/invalid-tool-json', ...SHOWN_AS_MESSAGESTREAM]);
/** Whether the view must be MessageStream's: no error, or only errors where it still shows what MessageStream does. */
const comparable = (errors: readonly string[]): boolean => errors.every((rule) => SHOWN_AS_MESSAGESTREAM.has(rule));

describe('agreement with MessageStream on random event sequences', () => {

  it('errs where MessageStream throws, and shows what it reads elsewhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(randomEvent, { maxLength: 14 }), async (events) => {
        const body = toSse([start, ...events]);
        const sdk = await sdkFinal(body);
        const ours = runAnthropic(sseFrames(body));
        const errors = ours.findings.filter((f) => f.severity === 'error').map((f) => f.rule);
        if (!sdk.ok) {
          if (!sdk.error.includes('Unexpected event order')) expect(errors.length, `MessageStream: ${sdk.error}`).toBeGreaterThan(0);
          return;
        }
        expect(errors.filter((rule) => !ERRORS_WHERE_READERS_DIFFER.has(rule)), 'MessageStream read the stream').toEqual([]);
        if (!comparable(errors) || ours.findings.some((f) => f.rule === 'anthropic/event-after-stop')) return;
        expect(ourSummary(ours.view)).toEqual(sdk.summary);
      }),
      // A fixed seed keeps CI deterministic; 24,000 other streams over 8 seeds agreed when this was written.
      { numRuns: 300, seed: 42 },
    );
  });

  // What the random sequences found: a delta before any block of its message, and tool JSON sent
  // after the block's stop, which MessageStream still appends and then cannot parse.
  it('tool JSON after the block stop that breaks it: MessageStream throws, and we report an error', async () => {
    const tool = { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } };
    const json = (partial_json: string) => ({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json } });
    const body = toSse([start, tool, json('{"a":1}'), { type: 'content_block_stop', index: 0 }, json('1}'), ...finish]);
    expect(await sdkFinal(body)).toMatchObject({ ok: false, error: expect.stringContaining('JSON') });
    const errors = runAnthropic(sseFrames(body)).findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => [f.rule, f.frames[0]])).toEqual([['anthropic/invalid-tool-json', 4]]);
    expect(errors[0]?.message).toContain('after its content_block_stop');
  });

  // What the random sequences found: a delta before any block of its message.
  it('a delta before any content_block_start: MessageStream fails, and we report an error', async () => {
    const body = toSse([start, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }, ...textBlock, ...finish]);
    expect(await sdkFinal(body)).toMatchObject({ ok: false, error: expect.stringContaining("Cannot read properties of undefined (reading 'type')") });
    expect(runAnthropic(sseFrames(body)).findings.filter((f) => f.severity === 'error').map((f) => f.rule)).toEqual(['anthropic/delta-before-block']);
  });
});

// The block kinds the draw above leaves out (redacted thinking, text with citations, server tool use and
// its result) beside text, thinking and tool use: one to three blocks, each a well-formed sequence,
// interleaved at random, then up to two events dropped, repeated, swapped or moved to another index,
// and the message ended, cut before message_stop, or not ended. Added without a finding of its own:
// 6,000 other streams over 3 seeds agreed when this was written.
const interleavedMessage = fc.record({
  blocks: fc.array(fc.tuple(fc.constantFrom<BlockKind>('text', 'cited', 'thinking', 'redacted', 'tool', 'server', 'result'), fc.array(fc.constantFrom('a', 'bc', 'x'), { maxLength: 3 })), { minLength: 1, maxLength: 3 }),
  turns: turnsArb,
  ending: fc.constantFrom('end_turn', 'tool_use', 'max_tokens', 'no message_stop', 'none'),
  mutations: mutationsArb,
});

function interleaved(drawn: { blocks: [BlockKind, string[]][]; turns: number[]; ending: string; mutations: Mutation[] }): object[] {
  const events = mutate(interleave(drawn.blocks.map(([kind, pieces], i) => blockEvents(i, kind, pieces)), drawn.turns), drawn.mutations, 'index', drawn.blocks.length);
  const messageDelta = { type: 'message_delta', delta: { stop_reason: drawn.ending === 'no message_stop' ? 'end_turn' : drawn.ending, stop_sequence: null }, usage: { output_tokens: 3 } };
  const ending = drawn.ending === 'none' ? [] : drawn.ending === 'no message_stop' ? [messageDelta] : [messageDelta, { type: 'message_stop' }];
  return [start, ...events, ...ending];
}

describe('agreement with MessageStream on interleaved blocks of every kind', () => {
  it('errs where MessageStream throws, and shows what it reads elsewhere', async () => {
    await fc.assert(
      fc.asyncProperty(interleavedMessage, async (drawn) => {
        const body = toSse(interleaved(drawn));
        const sdk = await sdkFinal(body);
        const ours = runAnthropic(sseFrames(body));
        const errors = ours.findings.filter((f) => f.severity === 'error').map((f) => f.rule);
        if (!sdk.ok) {
          expect(errors.length, `MessageStream: ${sdk.error}`).toBeGreaterThan(0);
          return;
        }
        expect(errors.filter((rule) => !ERRORS_WHERE_READERS_DIFFER.has(rule)), 'MessageStream read the stream').toEqual([]);
        if (comparable(errors)) expect(ourSummary(ours.view)).toEqual(sdk.summary);
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
