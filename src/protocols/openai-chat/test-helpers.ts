// Test helpers: chunk lists and SSE bodies → frames → the pipeline.
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { openaiChatProtocol } from './index';

export { sseFrames } from '../shared/sse-frames';

/** One `data:` frame per payload (objects are JSON-encoded, strings kept as is, e.g. `[DONE]`). */
export function chunkFrames(payloads: readonly (object | string)[], connectionId = 'c1', from = 0): Frame[] {
  return payloads.map((p, i) => ({
    index: from + i,
    connectionId,
    time: from + i,
    direction: 'in',
    kind: 'message',
    data: typeof p === 'string' ? p : JSON.stringify(p),
  }));
}

export function toSse(payloads: readonly (object | string)[]): string {
  return payloads.map((p) => `data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`).join('');
}

export function runChat(frames: readonly Frame[]) {
  const pipeline = new SessionPipeline([openaiChatProtocol], { protocol: 'openai-chat' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view() };
}

/** A chunk with one choice (index 0) carrying `delta`. */
export function chunk(delta: object, finish_reason: string | null = null, extra: object = {}): object {
  return { ...choiceChunk(0, delta, finish_reason), ...extra };
}

/** A chunk with one choice, numbered `index`, carrying `delta`. */
export function choiceChunk(index: number, delta: object, finish_reason: string | null = null): object {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-x', choices: [{ index, delta, finish_reason }] };
}
