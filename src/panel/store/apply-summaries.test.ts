// The hub sends, with each append, a summary of every session the batch added frames to: a summary
// that changes nothing about the sessions must not make the panel recompute what spans requests,
// while one that regroups connections must.
import { describe, expect, it } from 'vitest';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import type { SessionSummary } from '../../bridge/shared-schemas';
import { callsAnswer, loopCapture, system, user, weather } from '../../analysis/tool-loop/test-support';
import { createStore, type PanelStore } from './store';
import { applyEvent } from './apply';

const stalled = loopCapture([{ messages: [system, user('Weather?')], answer: callsAnswer([weather('call_1', 'Hanoi')]) }]);

function hub(store: PanelStore, message: HubToPanel): void {
  applyEvent(store, { type: 'hub', message });
}

const summary = (id: string, connectionIds: string[], frames: number): SessionSummary => ({ id, connectionIds, protocol: 'openai-chat', frames, errors: 0, warnings: 0, infos: 0, rules: [] });

describe('session summaries with appended frames', () => {
  it('recompute the findings across requests only when they regroup sessions', () => {
    const store = createStore();
    hub(store, { type: 'snapshot', tabId: 1, capture: { connections: [], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
    hub(store, { type: 'append', frames: stalled.frames, connections: stalled.connections, sessions: [] });
    const session = store.sessions.set.list[0]!;
    void store.findings.across.of(session);
    const runs = store.findings.across.computeCount;
    const last = stalled.frames[stalled.frames.length - 1]!;
    for (let i = 1; i <= 20; i++) {
      hub(store, { type: 'append', frames: [{ ...last, index: last.index + i }], connections: [], sessions: [summary(session.id, [...session.connectionIds], stalled.frames.length + i)] });
      void store.findings.across.of(session);
    }
    expect(store.findings.across.computeCount).toBe(runs);
    const other = { id: 'other', transport: 'sse' as const, url: 'https://api.example/v1/other' };
    hub(store, { type: 'append', frames: [], connections: [], sessions: [summary('joined', [...session.connectionIds, other.id], 30)] });
    void store.findings.across.of(store.sessions.set.list[0]!);
    expect(store.findings.across.computeCount).toBe(runs + 1);
  });
});
