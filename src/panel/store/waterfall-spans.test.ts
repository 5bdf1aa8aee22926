import { describe, expect, it } from 'vitest';
import type { SessionMetrics } from '../../analysis/metrics-types';
import { answersFrom, waterfallSpans } from './waterfall-spans';

const metrics = (tools: SessionMetrics['tools'], waits: SessionMetrics['waits'] = []): SessionMetrics => ({
  timing: 'real',
  outputChars: 0,
  gaps: [],
  gapThresholdMs: 2000,
  tools,
  waits,
  frames: 10,
  findings: { error: 0, warning: 0, info: 0 },
});
const timeOf = (index: number) => 1000 + index * 10;

describe('waterfall spans', () => {
  it('ends a call at its result in the stream, else at the follow-up request that carries it', () => {
    const spans = waterfallSpans(
      metrics([
        { id: 'call_1', name: 'get_weather', callFrame: 2 },
        { id: 'call_2', name: 'search', callFrame: 3, resultFrame: 5, latencyMs: 20 },
      ]),
      { timeOf, answers: new Map([['call_1', { frame: 40, time: 1400 }]]), finished: true },
    );
    expect(spans).toEqual([
      { kind: 'tool', label: 'get_weather', startFrame: 2, start: 1020, endFrame: 40, end: 1400, outcome: 'follow-up' },
      { kind: 'tool', label: 'search', startFrame: 3, start: 1030, endFrame: 5, end: 1050, outcome: 'result' },
    ]);
  });

  it('leaves a call with no result open: unanswered on a finished session, waiting on a running one', () => {
    const m = metrics([{ id: 'call_9', name: 'write_todos', callFrame: 1 }], [{ kind: 'approval', id: 'a', askFrame: 4 }]);
    expect(waterfallSpans(m, { timeOf, finished: true }).map((s) => s.outcome)).toEqual(['unanswered', 'unanswered']);
    expect(waterfallSpans(m, { timeOf, finished: false }).map((s) => s.outcome)).toEqual(['waiting', 'waiting']);
    expect(waterfallSpans(m, { timeOf, finished: true })[0]).not.toHaveProperty('end');
  });

  it('ends a call its stream was cut off before at the cut, not open to the end', () => {
    const spans = waterfallSpans(metrics([{ id: 'call_3', name: 'weather', callFrame: 3, cutOffFrame: 5 }]), { timeOf, finished: true });
    expect(spans).toEqual([{ kind: 'tool', label: 'weather', startFrame: 3, start: 1030, endFrame: 5, end: 1050, outcome: 'cut-off' }]);
  });

  it('finds the follow-up of each of the session\u2019s requests in its conversation, for the calls it carries a result for', () => {
    const conversations = [
      {
        requests: [
          { session: 'a', firstFrame: 0, answer: { toolCalls: [{ id: 'call_1' }, { id: 'call_2' }] } },
          // Another session's request that asked for a tool: not this session's.
          { session: 'b', firstFrame: 10, continues: 0, answer: { toolCalls: [{ id: 'call_3' }] } },
          { session: 'c', firstFrame: 20, continues: 1, answer: { toolCalls: [] } },
        ],
      },
      { requests: [{ session: 'a', firstFrame: 30, answer: { toolCalls: [{ id: 'call_4' }] } }] },
    ];
    // The follow-up (frame 10) carries results for call_1 and call_2.
    const both = answersFrom(conversations, (s) => s === 'a', timeOf, (r) => new Set(r.firstFrame === 10 ? ['call_1', 'call_2'] : []));
    expect([...both]).toEqual([
      ['call_1', { frame: 10, time: 1100 }],
      ['call_2', { frame: 10, time: 1100 }],
    ]);
    // call_4 was never followed up.
    expect(both.has('call_4')).toBe(false);
    // A follow-up that carries only one of the results answers only that call.
    const one = answersFrom(conversations, (s) => s === 'a', timeOf, () => new Set(['call_1']));
    expect([...one.keys()]).toEqual(['call_1']);
  });

  it("answers a long decode's calls, from each of its requests, at the request after its last one", () => {
    // Request 1 stops at the cap with call_1; request 2 goes on with its answer (call_2); request 3 carries both results.
    const decode = [
      {
        requests: [
          { session: 'a', firstFrame: 0, answer: { toolCalls: [{ id: 'call_1' }] } },
          { session: 'b', firstFrame: 5, hopOf: 0, answer: { toolCalls: [{ id: 'call_2' }] } },
          { session: 'c', firstFrame: 10, continues: 1, answer: { toolCalls: [] } },
        ],
      },
    ];
    const carried = (r: { firstFrame: number }) => new Set(r.firstFrame === 10 ? ['call_1', 'call_2'] : []);
    expect([...answersFrom(decode, (s) => s === 'a', timeOf, carried)]).toEqual([['call_1', { frame: 10, time: 1100 }]]);
    expect([...answersFrom(decode, (s) => s === 'b', timeOf, carried)]).toEqual([['call_2', { frame: 10, time: 1100 }]]);
  });
});
