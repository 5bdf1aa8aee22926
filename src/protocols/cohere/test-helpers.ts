// Test helpers: Cohere v2 events → frames → the pipeline.
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { cohereProtocol } from './index';

export function eventFrames(payloads: readonly (object | string)[], connectionId = 'c1', from = 0): Frame[] {
  return payloads.map((p, i) => ({ index: from + i, connectionId, time: from + i, direction: 'in', kind: 'message', data: typeof p === 'string' ? p : JSON.stringify(p) }));
}

export function runCohere(frames: readonly Frame[]) {
  const pipeline = new SessionPipeline([cohereProtocol], { protocol: 'cohere' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view() };
}

export const start = { id: 'm1', type: 'message-start', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } };
export const contentStart = (index: number, type = 'text') => ({ type: 'content-start', index, delta: { message: { content: type === 'text' ? { type, text: '' } : { type, thinking: '' } } } });
export const contentDelta = (index: number, text: string, field = 'text') => ({ type: 'content-delta', index, delta: { message: { content: { [field]: text } } } });
export const contentEnd = (index: number) => ({ type: 'content-end', index });
export const plan = (text: string) => ({ type: 'tool-plan-delta', delta: { message: { tool_plan: text } } });
export const callStart = (index: number, name: string) => ({ type: 'tool-call-start', index, delta: { message: { tool_calls: { id: `${name}_1`, type: 'function', function: { name, arguments: '' } } } } });
export const callDelta = (index: number, args: string) => ({ type: 'tool-call-delta', index, delta: { message: { tool_calls: { function: { arguments: args } } } } });
export const callEnd = (index: number) => ({ type: 'tool-call-end', index });
export const end = (finish_reason: string, extra: object = {}) => ({ type: 'message-end', delta: { finish_reason, usage: { billed_units: { input_tokens: 3, output_tokens: 2 }, tokens: { input_tokens: 40, output_tokens: 2 } }, ...extra } });
