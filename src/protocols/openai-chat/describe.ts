// What a Chat Completions chunk is: `delta: text`, `delta: reasoning`, `tool_calls[0] start get_weather`,
// `tool_calls[0] args`, `finish: tool_calls`, `usage`, an in-stream error, or `[DONE]`.
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, describeError, guardedDescribe, isRecord, previewValue, str, withShortLabel, type FrameCategory } from '../shared/describe-helpers';

interface Label {
  event: string;
  category: FrameCategory;
  preview?: string;
}

function describeChunk(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  if (json.error !== undefined && json.choices === undefined) return describeError(json.error);
  if (!Array.isArray(json.choices)) return undefined;
  const labels: Label[] = [];
  for (const choice of json.choices) if (isRecord(choice)) choiceLabels(choice, labels);
  if (isRecord(json.usage)) labels.push({ event: 'usage', category: 'lifecycle', preview: previewValue(json.usage) });
  const first = labels.find((l) => l.category !== 'lifecycle') ?? labels[0];
  if (!first) return describe(json.choices.length === 0 ? 'empty chunk' : 'delta: empty', 'lifecycle');
  const event = labels.map((l) => l.event).join(', ');
  return describe(event, first.category, first.preview ?? labels.find((l) => l.preview !== undefined)?.preview);
}

function choiceLabels(choice: Record<string, unknown>, out: Label[]): void {
  const delta = choice.delta;
  if (isRecord(delta)) {
    const reasoning = str(delta.reasoning_content) || str(delta.reasoning);
    if (reasoning) out.push({ event: 'delta: reasoning', category: 'reasoning', preview: reasoning });
    const content = str(delta.content);
    if (content) out.push({ event: 'delta: text', category: 'text', preview: content });
    const refusal = str(delta.refusal);
    if (refusal) out.push({ event: 'delta: refusal', category: 'text', preview: refusal });
    if (Array.isArray(delta.tool_calls)) {
      delta.tool_calls.forEach((call, position) => toolCallLabel(call, position, out));
    }
    if (isRecord(delta.function_call)) {
      const name = str(delta.function_call.name);
      const args = str(delta.function_call.arguments);
      if (name) out.push({ event: `function_call start ${name}`, category: 'tool-call', preview: args || undefined });
      else out.push({ event: 'function_call args', category: 'tool-call', preview: args || undefined });
    }
    if (out.length === 0 && str(delta.role)) out.push({ event: `delta: role ${str(delta.role)}`, category: 'lifecycle' });
  }
  const finish = str(choice.finish_reason);
  if (finish) out.push({ event: `finish: ${finish}`, category: 'lifecycle' });
}

function toolCallLabel(call: unknown, position: number, out: Label[]): void {
  if (!isRecord(call)) return;
  const index = typeof call.index === 'number' && Number.isInteger(call.index) ? call.index : position;
  const fn = isRecord(call.function) ? call.function : {};
  const name = str(fn.name);
  const args = str(fn.arguments);
  if (name) out.push({ event: `tool_calls[${index}] start ${name}`, category: 'tool-call', preview: args || undefined });
  else out.push({ event: `tool_calls[${index}] args`, category: 'tool-call', preview: args || undefined });
}

/** The timeline's short form of each part of a chunk's label: `Δ text`, `tool get_weather`, `Δ args`, `Δ args[1]`. */
export function shortOpenAIChatLabel(event: string): string {
  return event.split(', ').map(shortPart).join(', ');
}

function shortPart(part: string): string {
  if (part.startsWith('delta: role ')) return `role: ${part.slice('delta: role '.length)}`;
  if (part.startsWith('delta: ')) return `Δ ${part.slice('delta: '.length)}`;
  const call = /^tool_calls\[(\d+)\] (start (.*)|args)$/.exec(part);
  if (call) {
    const at = call[1] === '0' ? '' : `[${call[1]}]`;
    return call[3] !== undefined ? `tool${at} ${call[3]}` : `Δ args${at}`;
  }
  if (part.startsWith('function_call start ')) return `function ${part.slice('function_call start '.length)}`;
  if (part === 'function_call args') return 'Δ args';
  return part;
}

export const describeOpenAIChatFrame = withShortLabel(guardedDescribe(describeChunk), shortOpenAIChatLabel);
