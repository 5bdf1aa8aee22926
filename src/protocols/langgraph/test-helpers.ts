// Test helpers: LangGraph run stream events → frames (event names and ids kept) → the pipeline.
import type { Connection, Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { langgraphProtocol } from './index';

/** One event: its name and its data (a string is sent as is, anything else as JSON). */
export type Ev = readonly [name: string, data: unknown];

export function eventFrames(events: readonly Ev[], connectionId = 'c1', from = 0): Frame[] {
  return events.map(([name, data], i) => ({
    index: from + i,
    connectionId,
    time: from + i,
    direction: 'in',
    kind: 'message',
    data: typeof data === 'string' ? data : JSON.stringify(data),
    eventName: name,
    eventId: String(i),
  }));
}

export function runLangGraph(frames: readonly Frame[], connections: readonly Connection[] = []) {
  const pipeline = new SessionPipeline([langgraphProtocol], { protocol: 'langgraph' });
  for (const c of connections) pipeline.addConnection(c);
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view() };
}

export const RUN = '01a221bf-dd4e-7590-8d9f-1d56e7474cd1';
export const metadata: Ev = ['metadata', { run_id: RUN, attempt: 1 }];
export const human = { type: 'human', content: 'Weather in Paris?', id: 'h1' };
export const chunk = (content: string, extra: object = {}): Ev => ['messages', [{ type: 'AIMessageChunk', content, id: 'ai1', ...extra }, { langgraph_node: 'agent' }]];
export const aiMessage = (content: string, extra: object = {}) => ({ type: 'ai', content, id: 'ai1', tool_calls: [], ...extra });
export const call = { id: 'call_1', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' };
export const toolMessage = (toolCallId = 'call_1') => ({ type: 'tool', content: 'Sunny', tool_call_id: toolCallId, id: `tool-${toolCallId}`, status: 'success' });
export const values = (...messages: object[]): Ev => ['values', { messages }];
export const interrupt = (id?: string): Ev => ['updates', { __interrupt__: [{ ...(id !== undefined && { id }), value: { action_requests: [{ name: 'get_weather', args: { city: 'Paris' } }], review_configs: [{ action_name: 'get_weather', allowed_decisions: ['approve', 'reject'] }] } }] }];

/** A clean run: the user's turn, a streamed answer, the state with it. */
export const answer: readonly Ev[] = [metadata, values(human), chunk('It is '), chunk('sunny.'), ['updates', { agent: { messages: [aiMessage('It is sunny.')] } }], values(human, aiMessage('It is sunny.'))];
