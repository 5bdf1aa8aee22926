// What a LangGraph run stream event is for the timeline: `metadata`, `Δ text` / `Δ args` for a
// streamed chunk (`messages`), `values: 3 messages`, `updates: agent`, `interrupt`, `tasks: tools`,
// `custom`, `error`, `end: success`, with the subgraph namespace after the mode (`values|tools:…`).
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewValue, str } from '../shared/describe-helpers';
import { contentTexts } from './content';
import { eventOf } from './event-name';
import { splitEventName } from './schema';

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const name = eventOf(decoded);
  if (name === undefined) return undefined;
  const json = decoded.json;
  if (name === 'thread-state' || name === 'thread-history') {
    const state = name === 'thread-history' && Array.isArray(json) ? json[0] : json;
    const values = isRecord(state) && isRecord(state.values) ? state.values : {};
    const count = Array.isArray(values.messages) ? values.messages.length : 0;
    return describe(name === 'thread-state' ? `thread state: ${count} messages` : `thread history: ${Array.isArray(json) ? json.length : 0} states`, 'other');
  }
  const { mode, namespace } = splitEventName(name);
  const sub = namespace === undefined ? '' : ` (${namespace.split('|')[0]?.split(':')[0] ?? ''})`;
  switch (mode) {
    case 'metadata':
      return describe('metadata', 'lifecycle', isRecord(json) ? str(json.run_id) : undefined);
    case 'messages': {
      const message = Array.isArray(json) && isRecord(json[0]) ? json[0] : {};
      if (message.type === 'tool' || message.type === 'ToolMessageChunk') return { ...describe(`messages: tool result${sub}`, 'tool-result', contentTexts(message.content).text), label: 'tool result' };
      const chunks = Array.isArray(message.tool_call_chunks) ? message.tool_call_chunks : [];
      const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
      const { text, reasoning } = contentTexts(message.content);
      if (reasoning) return { ...describe(`messages: reasoning${sub}`, 'reasoning', reasoning), label: 'Δ reasoning' };
      if (text) return { ...describe(`messages: text${sub}`, 'text', text), label: 'Δ text' };
      const call = isRecord(chunks[0]) ? chunks[0] : isRecord(calls[0]) ? calls[0] : undefined;
      if (call) return { ...describe(`messages: tool call ${str(call.name) ?? ''}${sub}`.replace('  ', ' '), 'tool-call', typeof call.args === 'string' ? call.args : previewValue(call.args)), label: 'Δ args' };
      return { ...describe(`messages${sub}`, 'other'), label: 'Δ' };
    }
    case 'messages/partial':
    case 'messages/complete': {
      const message = Array.isArray(json) && isRecord(json[0]) ? json[0] : {};
      return describe(`${mode}${sub}`, 'text', contentTexts(message.content).text);
    }
    case 'values': {
      const values = isRecord(json) ? json : {};
      if (Array.isArray(values.__interrupt__)) return describe(`values: interrupt${sub}`, 'approval', previewValue(values.__interrupt__));
      const count = Array.isArray(values.messages) ? values.messages.length : 0;
      return { ...describe(`values: ${count} messages${sub}`, 'other'), label: 'values' };
    }
    case 'updates': {
      const nodes = isRecord(json) ? Object.keys(json) : [];
      if (nodes.includes('__interrupt__')) return { ...describe(`updates: interrupt${sub}`, 'approval', previewValue(isRecord(json) ? json.__interrupt__ : undefined)), label: 'interrupt' };
      return describe(`updates: ${nodes.slice(0, 3).join(', ')}${sub}`, 'other');
    }
    case 'tasks': {
      const task = isRecord(json) ? json : {};
      const phase = 'error' in task && task.error ? 'error' : 'result' in task ? 'result' : 'start';
      return describe(`tasks: ${str(task.name) ?? '?'} ${phase}${sub}`, phase === 'error' ? 'error' : 'lifecycle');
    }
    case 'error':
      return describe(`error${sub}`, 'error', isRecord(json) ? (str(json.message) ?? str(json.error)) : str(json));
    case 'end':
      return describe(isRecord(json) && str(json.status) ? `end: ${str(json.status)}` : 'end', 'lifecycle');
    case 'events':
      return describe(`events: ${isRecord(json) ? (str(json.event) ?? '?') : '?'}${sub}`, 'other', isRecord(json) ? str(json.name) : undefined);
    case 'custom':
      return describe(`custom${sub}`, 'other', previewValue(json));
    default:
      return describe(`${mode}${sub}`, mode === 'checkpoints' || mode === 'lifecycle' ? 'lifecycle' : 'other');
  }
}

export const describeLangGraphFrame = guardedDescribe(describeEvent);
