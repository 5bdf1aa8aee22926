// Test helpers: SSE bodies, event lists and WebSocket turns → frames → the pipeline.
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { openaiResponsesProtocol } from './index';

export { sseFrames } from '../shared/sse-frames';

export type Step = object | string | { out: object } | { close: string };

/**
 * Frames for a list of steps: an object is an incoming event (named after its type, as over SSE),
 * a string is raw incoming data, `{out}` a client frame, `{close}` a socket close.
 */
export function frames(steps: readonly Step[], connectionId = 'c1', named = true): Frame[] {
  return steps.map((s, index): Frame => {
    const base = { index, connectionId, time: index };
    if (typeof s === 'string') return { ...base, direction: 'in', kind: 'message', data: s };
    if ('out' in s) return { ...base, direction: 'out', kind: 'message', data: JSON.stringify(s.out) };
    if ('close' in s && Object.keys(s).length === 1) return { ...base, direction: 'in', kind: 'close', data: String(s.close) };
    const frame: Frame = { ...base, direction: 'in', kind: 'message', data: JSON.stringify(s) };
    const type = (s as { type?: unknown }).type;
    if (named && typeof type === 'string') frame.eventName = type;
    return frame;
  });
}

/** Numbers events 0, 1, 2, … (restarting after each `{out}` step, as WebSocket mode does). */
export function numbered(steps: readonly Step[]): Step[] {
  let seq = 0;
  return steps.map((s) => {
    if (typeof s === 'string' || 'out' in s || 'close' in s) {
      if (typeof s !== 'string' && 'out' in s) seq = 0;
      return s;
    }
    return { ...s, sequence_number: seq++ };
  });
}

export function runResponses(list: readonly Frame[]) {
  const pipeline = new SessionPipeline([openaiResponsesProtocol], { protocol: 'openai-responses' });
  for (const f of list) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view() };
}

export function toSse(events: readonly object[]): string {
  return events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}
