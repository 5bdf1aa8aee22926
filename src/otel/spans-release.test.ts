// @vitest-environment node
// The OpenTelemetry export names the page's abort as the panel's timeline does: a stop while the turn
// was open, a release once its end marker had arrived (analysis/page-release.ts).
import { describe, expect, it } from 'vitest';
import { splitSessions } from '../analysis/sessions';
import { protocols } from '../protocols/registry';
import { captureSpans } from './spans';
import { releaseThenStopCapture } from '../analysis/test-support';

describe('frame events of a page abort in the OTLP export', () => {
  it('are "released by the page" after [DONE] and "stopped by the page" mid-answer', () => {
    const sessions = splitSessions(releaseThenStopCapture(), protocols);
    for (const s of sessions) s.pipeline.finish();
    expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['openai-chat', 'openai-chat']);
    const events = captureSpans(sessions, 'x.har').flatMap((s) => s.events).filter((e) => e.name === 'agent_stream_inspector.frame');
    const eventOf = (frame: number) => events.find((e) => e.attributes['agent_stream_inspector.frame'] === frame + 1)?.attributes['agent_stream_inspector.event'];
    expect(eventOf(3)).toBe('released by the page');
    expect(eventOf(5)).toBe('stopped by the page');
    expect(eventOf(2)).toBe('[DONE]');
  });
});
