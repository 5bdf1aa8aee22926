// One triggering input and one near-identical clean input for every Anthropic rule.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { anthropicRules } from './rules';
import { eventFrames, runAnthropic } from './test-helpers';

const start = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], usage: { input_tokens: 5, output_tokens: 1 } } };
const textStart = (index = 0) => ({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
const textDelta = (text: string, index = 0) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
const toolStart = (index: number, name = 'get_weather') => ({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name, input: {} } });
const jsonDelta = (index: number, partial_json: string) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
const stop = (index = 0) => ({ type: 'content_block_stop', index });
const delta = (stop_reason: string | null = 'end_turn') => ({ type: 'message_delta', delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: 9 } });
const end = { type: 'message_stop' };
const text = [start, textStart(), textDelta('Hi'), stop(), delta(), end];
const thinkStart = { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } };
const think = (t: string) => ({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: t } });
const sig = { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2ln' } };

interface Case {
  rule: string;
  bad: Frame[];
  good: Frame[];
  /** Frame index the finding must point at first. */
  at: number;
}

const withName = (frames: Frame[], i: number, name: string): Frame[] => frames.map((f) => (f.index === i ? { ...f, eventName: name } : f));

const stripNames = (frames: Frame[]): Frame[] => frames.map(({ eventName: _n, ...f }) => f);

const cases: Case[] = [
  { rule: 'anthropic/invalid-json', bad: eventFrames([start, textStart(), '{"type":"content_block_delta",', stop(), delta(), end]), good: eventFrames(text), at: 2 },
  { rule: 'anthropic/invalid-event', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), { type: 'message_delta', delta: { stop_reason: 'end_turn' } }, end]), good: eventFrames(text), at: 4 },
  { rule: 'anthropic/unknown-event', bad: eventFrames([start, { type: 'message_annotation', note: 1 }, textStart(), textDelta('Hi'), stop(), delta(), end]), good: eventFrames(text), at: 1 },
  { rule: 'anthropic/event-name-mismatch', bad: withName(eventFrames(text), 2, 'content_block_start'), good: eventFrames(text), at: 2 },
  { rule: 'anthropic/missing-event-name', bad: stripNames(eventFrames(text)), good: eventFrames(text), at: 0 },
  { rule: 'anthropic/first-event-not-message-start', bad: eventFrames([textStart(), start, textDelta('Hi'), stop(), delta(), end]), good: eventFrames(text), at: 0 },
  // A message_start after message_stop is the next message of a server-side tool loop; inside a message it is wrong.
  { rule: 'anthropic/duplicate-message-start', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), start, delta(), end]), good: eventFrames([...text, ...text]), at: 4 },
  { rule: 'anthropic/block-index-out-of-order', bad: eventFrames([start, textStart(1), textDelta('Hi', 1), stop(1), delta(), end]), good: eventFrames(text), at: 1 },
  { rule: 'anthropic/block-not-open', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), stop(), delta(), end]), good: eventFrames(text), at: 4 },
  // Text after its block's stop: @anthropic-ai/sdk appends it, ai's streamText drops it with an error.
  { rule: 'anthropic/content-after-stop', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), textDelta(' there'), delta(), end]), good: eventFrames([start, textStart(), textDelta('Hi'), textDelta(' there'), stop(), delta(), end]), at: 4 },
  { rule: 'anthropic/delta-before-block', bad: eventFrames([start, textDelta('Hi'), textStart(), stop(), delta(), end]), good: eventFrames(text), at: 1 },
  { rule: 'anthropic/delta-type-mismatch', bad: eventFrames([start, textStart(), jsonDelta(0, '{}'), stop(), delta(), end]), good: eventFrames(text), at: 2 },
  // A text delta for a block not started (while another is): @anthropic-ai/sdk drops it, the AI SDK streams it.
  { rule: 'anthropic/stray-content-delta', bad: eventFrames([start, textStart(), textDelta('Hi'), textDelta('?', 1), stop(), delta(), end]), good: eventFrames([start, textStart(), textDelta('Hi'), textDelta('', 1), stop(), delta(), end]), at: 3 },
  { rule: 'anthropic/block-not-stopped', bad: eventFrames([start, textStart(), textDelta('Hi'), delta(), end]), good: eventFrames(text), at: 3 },
  { rule: 'anthropic/signature-not-last', bad: eventFrames([start, thinkStart, think('a'), sig, think('b'), stop(), delta(), end]), good: eventFrames([start, thinkStart, think('a'), think('b'), sig, stop(), delta(), end]), at: 4 },
  { rule: 'anthropic/invalid-tool-json', bad: eventFrames([start, toolStart(0), jsonDelta(0, '{"city": "Par'), stop(), delta('tool_use'), end]), good: eventFrames([start, toolStart(0), jsonDelta(0, '{"city": "Paris"}'), stop(), delta('tool_use'), end]), at: 3 },
  {
    rule: 'anthropic/tool-input-twice',
    bad: eventFrames([start, { ...toolStart(0), content_block: { ...toolStart(0).content_block, input: { city: 'Paris' } } }, jsonDelta(0, '{"city": "Paris"}'), stop(), delta('tool_use'), end]),
    good: eventFrames([start, { ...toolStart(0), content_block: { ...toolStart(0).content_block, input: { city: 'Paris' } } }, stop(), delta('tool_use'), end]),
    at: 2,
  },
  {
    rule: 'anthropic/partial-tool-json-expected',
    bad: [{ index: 0, connectionId: 'c1', time: 0, direction: 'out', kind: 'message', data: JSON.stringify({ tools: [{ name: 'get_weather', eager_input_streaming: true }], messages: [] }) }, ...eventFrames([start, toolStart(0), jsonDelta(0, '{"city": "Par'), stop(), delta('tool_use'), end]).map((f) => ({ ...f, index: f.index + 1 }))],
    good: [{ index: 0, connectionId: 'c1', time: 0, direction: 'out', kind: 'message', data: JSON.stringify({ tools: [{ name: 'get_weather', eager_input_streaming: true }], messages: [] }) }, ...eventFrames([start, toolStart(0), jsonDelta(0, '{"city": "Paris"}'), stop(), delta('tool_use'), end]).map((f) => ({ ...f, index: f.index + 1 }))],
    at: 4,
  },
  { rule: 'anthropic/missing-stop-reason', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), delta(null), end]), good: eventFrames(text), at: 5 },
  { rule: 'anthropic/stream-incomplete', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), delta()]), good: eventFrames(text), at: 4 },
  { rule: 'anthropic/error-event', bad: eventFrames([start, textStart(), textDelta('Hi'), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]), good: eventFrames(text), at: 3 },
  { rule: 'anthropic/event-after-stop', bad: eventFrames([...text, textStart(1)]), good: eventFrames([...text, { type: 'ping' }]), at: 6 },
  { rule: 'anthropic/tool-use-stop-without-tool', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), delta('tool_use'), end]), good: eventFrames(text), at: 4 },
  { rule: 'anthropic/pause-turn-without-server-tool', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), delta('pause_turn'), end]), good: eventFrames(text), at: 4 },
  { rule: 'anthropic/refusal', bad: eventFrames([start, textStart(), textDelta('Hi'), stop(), delta('refusal'), end]), good: eventFrames(text), at: 4 },
];

describe('anthropic rules', () => {
  it('every catalogued rule has a case', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(anthropicRules.map((r) => r.id)));
  });

  it.each(cases)('$rule fires on the bad input and not on the good one', ({ rule, bad, good, at }) => {
    const meta = anthropicRules.find((r) => r.id === rule);
    const hit = runAnthropic(bad).findings.filter((f) => f.rule === rule);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit[0]?.severity).toBe(meta?.severity);
    if (at >= 0) expect(hit[0]?.frames[0]).toBe(at);
    else expect(hit[0]?.frames).toEqual([]);
    expect(runAnthropic(good).findings.filter((f) => f.rule === rule)).toEqual([]);
  });

  it('the clean text stream has no findings at all', () => {
    expect(runAnthropic(eventFrames(text)).findings).toEqual([]);
  });

  it('a close before message_stop reports the stream as incomplete at the close frame', () => {
    const frames = eventFrames([start, textStart(), textDelta('Hi')]);
    frames.push({ index: 3, connectionId: 'c1', time: 3, direction: 'in', kind: 'close', data: '' });
    const { findings, view } = runAnthropic(frames);
    expect(findings.map((f) => [f.rule, f.frames])).toEqual([['anthropic/stream-incomplete', [3]]]);
    expect(view.streaming).toBe(false);
  });

  it('no events at all is an incomplete stream', () => {
    expect(runAnthropic([]).findings.map((f) => f.rule)).toEqual(['anthropic/stream-incomplete']);
  });
});
