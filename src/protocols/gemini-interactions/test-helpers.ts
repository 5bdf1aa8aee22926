// Test helpers: Interactions API events → frames → the pipeline.
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { geminiInteractionsProtocol } from './index';

export function eventFrames(payloads: readonly (object | string)[], connectionId = 'c1', from = 0): Frame[] {
  return payloads.map((p, i) => ({ index: from + i, connectionId, time: from + i, direction: 'in', kind: 'message', data: typeof p === 'string' ? p : JSON.stringify(p) }));
}

export function runInteractions(frames: readonly Frame[]) {
  const pipeline = new SessionPipeline([geminiInteractionsProtocol], { protocol: 'gemini-interactions' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view() };
}

const interaction = (status: string, extra: object = {}) => ({ id: 'v1_1', status, object: 'interaction', model: 'gemini-2.5-flash', ...extra });
export const created = { interaction: interaction('in_progress'), event_type: 'interaction.created' };
export const inProgress = { interaction_id: 'v1_1', status: 'in_progress', event_type: 'interaction.status_update' };
/** interaction.completed with this status, and a long decode's continuation_token where given. */
export const completed = (status = 'completed', token?: string) => ({ interaction: interaction(status, { usage: { total_tokens: 10, total_output_tokens: 4 }, ...(token ? { continuation_token: token } : {}) }), event_type: 'interaction.completed' });
export const stepStart = (index: number, step: object) => ({ index, step, event_type: 'step.start' });
export const stepDelta = (index: number, delta: object) => ({ index, delta, event_type: 'step.delta' });
export const stepStop = (index: number) => ({ index, event_type: 'step.stop' });
export const thought = (index: number) => [stepStart(index, { type: 'thought' }), stepDelta(index, { signature: 'c2ln', type: 'thought_signature' }), stepStop(index)];
export const output = (index: number, ...texts: string[]) => [stepStart(index, { type: 'model_output' }), ...texts.map((text) => stepDelta(index, { text, type: 'text' })), stepStop(index)];
export const functionCall = (index: number, args: string) => [stepStart(index, { id: 'call_1', signature: '', type: 'function_call', name: 'getWeather', arguments: {} }), stepDelta(index, { arguments: args, type: 'arguments_delta' }), stepStop(index)];
