// One triggering input and one near-identical clean input per rule.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { aisdkUiRules } from './rules';
import { chunkFrames, run, withRequest } from './testing';
import { SessionPipeline } from '../../analysis/pipeline';
import { aisdkUiProtocol } from './index';

type C = Record<string, unknown> | string;

const S = { type: 'start', messageId: 'm' };
const F = { type: 'finish' };
const D = '[DONE]';
const ts = (id = 't') => ({ type: 'text-start', id });
const td = (id = 't', delta = 'x') => ({ type: 'text-delta', id, delta });
const te = (id = 't') => ({ type: 'text-end', id });
const rs = (id = 'r') => ({ type: 'reasoning-start', id });
const rd = (id = 'r') => ({ type: 'reasoning-delta', id, delta: 'y' });
const re = (id = 'r') => ({ type: 'reasoning-end', id });
const tis = (id = 'c', toolName = 'calc') => ({ type: 'tool-input-start', toolCallId: id, toolName });
const tid = (id = 'c', inputTextDelta = '{"a":1}') => ({ type: 'tool-input-delta', toolCallId: id, inputTextDelta });
const tia = (id = 'c', input: unknown = { a: 1 }, toolName = 'calc') => ({ type: 'tool-input-available', toolCallId: id, toolName, input });
const toa = (id = 'c') => ({ type: 'tool-output-available', toolCallId: id, output: 2 });
const SS = { type: 'start-step' };
const FS = { type: 'finish-step' };

interface Case {
  rule: string;
  bad: C[];
  good: C[];
  /** Frame index the finding must point at first. */
  frame: number;
  /** Frames appended after the chunks (e.g. a close frame). */
  close?: boolean;
}

const cases: Case[] = [
  { rule: 'aisdk/invalid-json', bad: [S, '{"type":"text-start",', F, D], good: [S, '{"type":"text-start","id":"t"}', te(), F, D], frame: 1 },
  { rule: 'aisdk/unknown-chunk-type', bad: [S, { type: 'text-chunk', id: 't' }, F, D], good: [S, ts(), te(), F, D], frame: 1 },
  { rule: 'aisdk/invalid-chunk', bad: [S, ts(), { type: 'text-delta', id: 't', delta: 5 }, te(), F, D], good: [S, ts(), td(), te(), F, D], frame: 2 },
  { rule: 'aisdk/text-not-started', bad: [S, td(), F, D], good: [S, ts(), td(), te(), F, D], frame: 1 },
  { rule: 'aisdk/reasoning-not-started', bad: [S, rs('r1'), rd('r2'), re('r1'), F, D], good: [S, rs('r2'), rd('r2'), re('r2'), F, D], frame: 2 },
  { rule: 'aisdk/tool-input-delta-not-started', bad: [S, tid(), tia(), toa(), F, D], good: [S, tis(), tid(), tia(), toa(), F, D], frame: 1 },
  { rule: 'aisdk/tool-call-not-in-capture', bad: [S, { type: 'tool-output-denied', toolCallId: 'c1' }, F, D], good: [S, tia('c1'), { type: 'tool-output-denied', toolCallId: 'c1' }, F, D], frame: 1 },
  { rule: 'aisdk/tool-call-not-found', bad: [S, tia('c1'), toa('c2'), F, D], good: [S, tia('c2'), toa('c2'), F, D], frame: 2 },
  {
    rule: 'aisdk/approval-not-found',
    bad: [S, tia(), { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c' }, { type: 'tool-approval-response', approvalId: 'a2', approved: true }, F, D],
    good: [S, tia(), { type: 'tool-approval-request', approvalId: 'a2', toolCallId: 'c' }, { type: 'tool-approval-response', approvalId: 'a2', approved: true }, F, D],
    frame: 3,
  },
  { rule: 'aisdk/unknown-key', bad: [S, ts(), { ...td(), extra: true }, te(), F, D], good: [S, ts(), td(), te(), F, D], frame: 2 },
  { rule: 'aisdk/version-specific-chunk', bad: [S, { type: 'reset-step' }, F, D], good: [S, { type: 'start-step' }, FS, F, D], frame: 1 },
  { rule: 'aisdk/retired-chunk-type', bad: [S, { type: 'reasoning-part-finish' }, F, D], good: [S, F, D], frame: 1 },
  { rule: 'aisdk/missing-start', bad: [ts(), te(), F, D], good: [S, ts(), te(), F, D], frame: 0 },
  { rule: 'aisdk/chunk-after-finish', bad: [S, F, ts(), D], good: [S, ts(), F, D], frame: 2 },
  { rule: 'aisdk/after-done', bad: [S, F, D, ts()], good: [S, ts(), F, D], frame: 3 },
  { rule: 'aisdk/missing-finish', bad: [S, ts(), te()], good: [S, ts(), te(), F], frame: 2 },
  { rule: 'aisdk/step-mismatch', bad: [S, SS, FS, FS, F, D], good: [S, SS, FS, SS, FS, F, D], frame: 3 },
  { rule: 'aisdk/part-not-ended', bad: [S, SS, ts(), td(), FS, F, D], good: [S, SS, ts(), td(), te(), FS, F, D], frame: 2 },
  { rule: 'aisdk/part-after-step', bad: [S, SS, ts(), td(), FS, td(), te(), F, D], good: [S, SS, ts(), td(), te(), FS, F, D], frame: 5 },
  { rule: 'aisdk/duplicate-part-id', bad: [S, ts('a'), ts('a'), te('a'), F, D], good: [S, ts('a'), te('a'), ts('a'), te('a'), F, D], frame: 2 },
  { rule: 'aisdk/tool-input-incomplete', bad: [S, tis(), tid(), F, D], good: [S, tis(), tid(), tia(), F, D], frame: 1 },
  { rule: 'aisdk/tool-out-of-order', bad: [S, tis(), toa(), tia(), F, D], good: [S, tis(), tia(), toa(), F, D], frame: 2 },
  { rule: 'aisdk/tool-input-invalid-json', bad: [S, tis(), tid('c', '{"a":'), tia(), F, D], good: [S, tis(), tid('c', '{"a":1}'), tia(), F, D], frame: 3 },
  { rule: 'aisdk/tool-input-mismatch', bad: [S, tis(), tid('c', '{"a":2}'), tia(), F, D], good: [S, tis(), tid('c', '{ "a" : 1 }'), tia(), F, D], frame: 3 },
  { rule: 'aisdk/tool-name-changed', bad: [S, tis('c', 'calc'), tia('c', { a: 1 }, 'calc2'), F, D], good: [S, tis('c', 'calc'), tia('c', { a: 1 }, 'calc'), F, D], frame: 2 },
  { rule: 'aisdk/error-chunk', bad: [S, { type: 'error', errorText: 'boom' }, F, D], good: [S, { type: 'message-metadata', messageMetadata: { note: 'boom' } }, F, D], frame: 1 },
  { rule: 'aisdk/aborted', bad: [S, ts(), te(), { type: 'abort' }], good: [S, ts(), te(), F, D], frame: 3 },
  { rule: 'aisdk/missing-done', bad: [S, ts(), te(), F], good: [S, ts(), te(), F, D], frame: 3 },
];

function frames(chunks: C[]): Frame[] {
  return chunkFrames(chunks);
}

describe('aisdk-ui rules', () => {
  it('has a test case for every rule', () => {
    expect(cases.map((c) => c.rule).sort()).toEqual(aisdkUiRules.map((r) => r.id).sort());
  });

  for (const c of cases) {
    const meta = aisdkUiRules.find((r) => r.id === c.rule);
    it(`${c.rule} (${meta?.severity}) fires on the bad input`, () => {
      const { findings } = run(frames(c.bad));
      const hit = findings.find((f) => f.rule === c.rule);
      expect(hit, JSON.stringify(findings)).toBeDefined();
      expect(hit?.severity).toBe(meta?.severity);
      expect(hit?.frames[0]).toBe(c.frame);
      expect(hit?.message.length).toBeGreaterThan(20);
    });
    it(`${c.rule} stays quiet on the near-identical good input`, () => {
      const { findings } = run(frames(c.good));
      expect(findings.filter((f) => f.rule === c.rule)).toEqual([]);
    });
  }
});

// A real recording (an agent framework's AI SDK adapter answering a denied approval) continues the
// previous assistant message: its first chunks are the outputs of calls made in the previous response.
// ai's useChat holds that message and accepts the stream; readUIMessageStream on an empty conversation
// throws "No tool invocation found". Without the request we cannot tell the two apart, so the finding is
// info; with the request, the conversation decides.
describe('aisdk-ui: a message continued after a tool approval', () => {
  const continued: C[] = [S, SS, { type: 'tool-output-denied', toolCallId: 'call-1' }, ts(), td(), te(), FS, F, D];
  const previous = [{ id: 'm', role: 'assistant', parts: [{ type: 'tool-delete_file', toolCallId: 'call-1', state: 'approval-responded', input: {}, approval: { id: 'a1', approved: false } }] }];

  it('is info when the request is not captured', () => {
    const found = run(frames(continued)).findings.filter((f) => f.severity !== 'info' || f.rule === 'aisdk/tool-call-not-in-capture');
    expect(found.map((f) => [f.rule, f.severity])).toEqual([['aisdk/tool-call-not-in-capture', 'info']]);
  });

  it('is clean when the captured request holds the call', () => {
    expect(run(withRequest(frames(continued), previous)).findings).toEqual([]);
  });

  // A HAR or capture file holds the request as the connection's body, not as a frame the page sent.
  function runWithBody(messages: readonly unknown[], chunks: C[] = continued) {
    const pipeline = new SessionPipeline([aisdkUiProtocol], { protocol: 'aisdk-ui' });
    pipeline.addConnection({ id: 'c1', transport: 'sse', method: 'POST', url: 'http://127.0.0.1/api/chat', requestBody: JSON.stringify({ id: 'chat-1', messages, trigger: 'submit-message' }) });
    for (const f of frames(chunks)) pipeline.append({ ...f, connectionId: 'c1' });
    pipeline.finish();
    return pipeline.findings().map((f) => [f.rule, f.severity, f.frames[0]]);
  }

  it('reads the call from the request body of a captured connection, also after a new call in the same step', () => {
    expect(runWithBody(previous)).toEqual([]);
    const afterNewCall: C[] = [S, SS, tia('c2'), { type: 'tool-output-available', toolCallId: 'c2', output: 1 }, { type: 'tool-output-denied', toolCallId: 'call-1' }, ts(), td(), te(), FS, F, D];
    expect(runWithBody(previous, afterNewCall)).toEqual([]);
    expect(runWithBody([], afterNewCall)).toEqual([['aisdk/tool-call-not-found', 'error', 4]]);
  });

  it('is an error when the captured request does not hold the call (the broken twin)', () => {
    const findings = run(withRequest(frames(continued), [])).findings;
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['aisdk/tool-call-not-found', 'error', 3]]);
  });
});

describe('aisdk-ui rules: details', () => {
  // ai 7.0.79 and later keep a part open across finish-step (earlier clients dropped it there and throw
  // on its next chunk): the text goes on, with one warning for the unended part and one for the late chunk.
  it('goes on with a part left open at finish-step, as ai 7 does', () => {
    const { view, findings } = run(frames([S, SS, ts(), td('t', 'a'), FS, SS, td('t', 'b'), td('t', 'c'), te(), FS, F, D]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      ['aisdk/part-not-ended', 'warning', 2],
      ['aisdk/part-after-step', 'warning', 6],
    ]);
    expect(findings[1]?.message).toMatch(/ai 7\.0\.79 and later go on with the part; ai 5, ai 6 and ai 7 before 7\.0\.79 closed it there and throw/);
    expect(view.items.filter((i) => i.kind === 'text').map((i) => (i as { text: string }).text)).toEqual(['abc']);
  });

  it('a part left open at finish-step whose id a later step starts again is reported once', () => {
    const { findings } = run(frames([S, SS, ts(), td(), FS, SS, ts(), td(), te(), FS, F, D]));
    expect(findings.map((f) => [f.rule, f.frames[0]])).toEqual([['aisdk/part-not-ended', 2]]);
  });

  it('a start without a messageId after finish goes on with the open parts', () => {
    const { findings } = run(frames([S, rs('a'), F, { type: 'start' }, rd('a'), re('a'), F, D]));
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('an unknown finish reason fails the schema', () => {
    const { findings } = run(frames([S, { type: 'finish', finishReason: 'done' }, D]));
    expect(findings.map((f) => [f.rule, f.severity])).toContainEqual(['aisdk/invalid-chunk', 'error']);
  });

  it('a text inputEncoding skips the JSON check', () => {
    const chunks = [S, { ...tis(), inputEncoding: 'text' }, tid('c', 'plain words'), tia('c', 'plain words'), F, D];
    expect(run(frames(chunks)).findings).toEqual([]);
  });

  it('a close frame before finish reports the missing finish once', () => {
    const fs = frames([S, ts()]);
    fs.push({ index: 2, connectionId: 'c1', time: 2, direction: 'in', kind: 'close', data: '' });
    const { findings } = run(fs);
    expect(findings.filter((f) => f.rule === 'aisdk/missing-finish').map((f) => f.frames)).toEqual([[2]]);
  });
});
