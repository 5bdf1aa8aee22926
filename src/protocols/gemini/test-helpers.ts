// Test helpers: Gemini response chunks → frames → the pipeline.
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { geminiProtocol } from './index';

/** One `data:` frame per payload (objects are JSON-encoded, strings kept as is). */
export function chunkFrames(payloads: readonly (object | string)[], connectionId = 'c1', from = 0): Frame[] {
  return payloads.map((p, i) => ({ index: from + i, connectionId, time: from + i, direction: 'in', kind: 'message', data: typeof p === 'string' ? p : JSON.stringify(p) }));
}

export function runGemini(frames: readonly Frame[]) {
  const pipeline = new SessionPipeline([geminiProtocol], { protocol: 'gemini' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view() };
}

/** A response chunk with candidate 0 carrying these parts (and candidate fields such as finishReason). */
export function chunk(parts: readonly object[], candidate: object = {}, extra: object = {}): object {
  return { candidates: [{ content: { role: 'model', parts }, index: 0, ...candidate }], modelVersion: 'gemini-2.5-flash', responseId: 'r1', ...extra };
}

export const text = (t: string) => chunk([{ text: t }]);
export const stop = chunk([{ text: '' }], { finishReason: 'STOP' });
