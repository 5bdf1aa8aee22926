// @vitest-environment node
// The OpenTelemetry export names the page's abort as the panel's timeline does: a stop while the turn
// was open, a release once its end marker had arrived (analysis/page-release.ts).
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../model/frame';
import { splitSessions } from '../analysis/sessions';
import { protocols } from '../protocols/registry';
import { captureSpans } from './spans';

const ABORT = 'AbortError: signal is aborted without reason';
const chunk = (delta: object, finish: string | null = null) => JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }] });
const connection = (id: string): Connection => ({ id, transport: 'fetch-stream', method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', responseHeaders: { 'content-type': 'text/event-stream' } });

describe('frame events of a page abort in the OTLP export', () => {
  it('are "released by the page" after [DONE] and "stopped by the page" mid-answer', () => {
    const payloads: [string, Frame['kind'], string][] = [
      ['a', 'message', chunk({ role: 'assistant', content: 'Hello' })],
      ['a', 'message', chunk({}, 'stop')],
      ['a', 'message', '[DONE]'],
      ['a', 'error', ABORT],
      ['b', 'message', chunk({ role: 'assistant', content: 'Hel' })],
      ['b', 'error', ABORT],
    ];
    const frames: Frame[] = payloads.map(([connectionId, kind, data], index) => ({ index, connectionId, time: 1000 + index, direction: 'in', kind, data }));
    const sessions = splitSessions({ connections: [connection('a'), connection('b')], frames }, protocols);
    for (const s of sessions) s.pipeline.finish();
    expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['openai-chat', 'openai-chat']);
    const events = captureSpans(sessions, 'x.har').flatMap((s) => s.events).filter((e) => e.name === 'agent_stream_inspector.frame');
    const eventOf = (frame: number) => events.find((e) => e.attributes['agent_stream_inspector.frame'] === frame + 1)?.attributes['agent_stream_inspector.event'];
    expect(eventOf(3)).toBe('released by the page');
    expect(eventOf(5)).toBe('stopped by the page');
    expect(eventOf(2)).toBe('[DONE]');
  });
});
