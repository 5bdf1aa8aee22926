// Test helpers: turn an SSE body or a list of events into frames and run them through the pipeline.
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { anthropicProtocol } from './index';

export { sseFrames } from '../shared/sse-frames';

/** An SSE frame for one event object: the event name is the object's `type` unless given. */
export function eventFrames(events: readonly (object | string)[], connectionId = 'c1'): Frame[] {
  return events.map((e, index) => {
    const data = typeof e === 'string' ? e : JSON.stringify(e);
    const type = typeof e === 'string' ? undefined : (e as { type?: unknown }).type;
    const frame: Frame = { index, connectionId, time: index, direction: 'in', kind: 'message', data };
    if (typeof type === 'string') frame.eventName = type;
    return frame;
  });
}

export function runAnthropic(frames: readonly Frame[]) {
  const pipeline = new SessionPipeline([anthropicProtocol], { protocol: 'anthropic' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view(), pipeline };
}

/** SSE text for a list of events, with `event:` lines named after each type. */
export function toSse(events: readonly object[]): string {
  return events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}
