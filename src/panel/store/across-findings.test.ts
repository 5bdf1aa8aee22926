// Findings across requests in the panel: listed with the session's own findings, marked on the
// timeline, a live stall reported only once its wait is over, and recomputed on connection changes,
// not per frame.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Capture } from '../../model/frame';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import { assistantCalls, callsAnswer, loopCapture, system, textAnswer, toolResult, user, weather } from '../../analysis/tool-loop/test-support';
import { createStore, type PanelStore } from './store';
import { applyEvent } from './apply';

const call = weather('call_1', 'Hanoi');
/** A tool call answered with a result under another id: the follow-up's findings. */
const broken = loopCapture([
  { messages: [system, user('Weather?')], answer: callsAnswer([call]) },
  { messages: [system, user('Weather?'), assistantCalls([call]), toolResult('get_weather')], answer: textAnswer('Sunny.') },
]);
const stalled = loopCapture([{ messages: [system, user('Weather?')], answer: callsAnswer([call]) }]);

function hub(store: PanelStore, message: HubToPanel): void {
  applyEvent(store, { type: 'hub', message });
}

function liveStore(capture: Capture, now: () => number): PanelStore {
  const store = createStore({ across: { stallAfterMs: 10_000, now } });
  hub(store, { type: 'snapshot', tabId: 1, capture: { connections: [], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  hub(store, { type: 'append', frames: capture.frames, connections: capture.connections, sessions: [] });
  return store;
}

const rulesOf = (store: PanelStore) => store.sessions.set.list.flatMap((s) => store.findings.across.of(s).map((f) => f.rule));

describe('findings across requests in the panel store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lists them with the session they point at, counts and marks them', () => {
    const store = createStore();
    applyEvent(store, { type: 'importCapture', capture: broken, fileName: 'loop.json' });
    const followUp = store.sessions.set.ofConnection('req-2');
    expect(followUp).toBeDefined();
    applyEvent(store, { type: 'selectSession', id: followUp!.id });
    const rules = store.sessions.view.value?.findings.map((f) => f.rule) ?? [];
    expect(rules).toContain('openai-chat/loop-unknown-tool-call-id');
    expect(rules).toContain('openai-chat/loop-missing-tool-result');
    expect(store.findings.counts.value.error).toBeGreaterThanOrEqual(2);
    const first = broken.frames.find((f) => f.connectionId === 'req-2')!.index;
    expect(store.filters.context.severityOf(first)).toBe('error');
    // A file is a finished capture: nothing waits for a stall timer.
    applyEvent(store, { type: 'importCapture', capture: stalled, fileName: 'stalled.json' });
    expect(rulesOf(store)).toEqual(['openai-chat/loop-stalled']);
  });

  it('reports a live stall only after the wait, without a new frame', () => {
    let clock = 5_000;
    const store = liveStore(stalled, () => clock);
    expect(rulesOf(store)).toEqual([]);
    expect(store.findings.counts.value.warning).toBe(0);
    // Meanwhile the check says it is waiting, and until when (the panel's countdown).
    const waiting = store.findings.across.waiting();
    expect(waiting.map((w) => w.finding.rule)).toEqual(['openai-chat/loop-stalled']);
    expect(waiting[0]!.session).toBe(store.sessions.set.ofConnection('req-1'));
    // Due 10 s after the frame where the stream asked for tools.
    const asked = stalled.frames.find((f) => f.index === waiting[0]!.finding.frames[0])!;
    expect(asked.data).toContain('tool_calls');
    expect(waiting[0]!.due).toBe(asked.time + 10_000);
    const version = store.findingsVersion.value;
    clock = 10_100;
    vi.advanceTimersByTime(6_000);
    expect(store.findingsVersion.value).toBeGreaterThan(version);
    expect(rulesOf(store)).toEqual(['openai-chat/loop-stalled']);
    expect(store.findings.counts.value.warning).toBe(1);
    expect(store.findings.across.waiting()).toEqual([]);
  });

  it('a follow-up that arrives in time leaves no stall behind', () => {
    let clock = 5_000;
    const both = loopCapture([
      { messages: [system, user('Weather?')], answer: callsAnswer([call]) },
      { messages: [system, user('Weather?'), assistantCalls([call]), toolResult('call_1')], answer: textAnswer('Sunny.') },
    ]);
    const store = liveStore({ connections: both.connections.slice(0, 1), frames: both.frames.filter((f) => f.connectionId === 'req-1') }, () => clock);
    expect(rulesOf(store)).toEqual([]);
    hub(store, { type: 'append', frames: both.frames.filter((f) => f.connectionId === 'req-2'), connections: both.connections.slice(1), sessions: [] });
    clock = 60_000;
    vi.advanceTimersByTime(60_000);
    expect(rulesOf(store)).toEqual([]);
  });

  it('is computed again when a connection arrives, not for frames of known connections', () => {
    const store = liveStore(stalled, () => 0);
    rulesOf(store);
    const runs = store.findings.across.computeCount;
    const last = stalled.frames[stalled.frames.length - 1]!;
    for (let i = 1; i <= 50; i++) {
      hub(store, { type: 'append', frames: [{ ...last, index: last.index + i, data: '[DONE]' }], connections: [], sessions: [] });
      rulesOf(store);
      void store.sessions.view.value;
    }
    expect(store.findings.across.computeCount).toBe(runs);
    hub(store, { type: 'append', frames: [], connections: [{ id: 'other', transport: 'sse', url: 'https://api.example/v1/other' }], sessions: [] });
    rulesOf(store);
    expect(store.findings.across.computeCount).toBe(runs + 1);
  });
});
