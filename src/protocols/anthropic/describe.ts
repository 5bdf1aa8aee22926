// What an Anthropic Messages event is: `content_block_start: tool_use get_weather`,
// `content_block_delta: text_delta`, `message_delta: tool_use`, `error: overloaded_error`…
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { blockStartLabel, describe, describeError, describeTextStart, guardedDescribe, isRecord, previewValue, str, withShortLabel, type FrameCategory } from '../shared/describe-helpers';

const DELTA_CATEGORY: ReadonlyMap<string, FrameCategory> = new Map([
  ['text_delta', 'text'],
  ['thinking_delta', 'reasoning'],
  ['input_json_delta', 'tool-call'],
  ['citations_delta', 'text'],
]);

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  const type = str(json.type);
  if (!type) return undefined;
  switch (type) {
    case 'content_block_start':
      return blockStart(json.content_block);
    case 'content_block_delta':
      return blockDelta(json.delta);
    case 'message_delta': {
      const delta = isRecord(json.delta) ? json.delta : {};
      const stop = str(delta.stop_reason);
      return describe(stop ? `message_delta: ${stop}` : 'message_delta', 'lifecycle', previewValue(json.usage));
    }
    case 'error':
      return describeError(json.error);
    case 'message_start': {
      const message = isRecord(json.message) ? json.message : {};
      return describe('message_start', 'lifecycle', str(message.model));
    }
    case 'message_stop':
    case 'content_block_stop':
    case 'ping':
      return describe(type, 'lifecycle');
    default:
      return describe(type, 'other', previewValue(json));
  }
}

function blockStart(block: unknown): FrameDescription {
  if (!isRecord(block)) return describe('content_block_start', 'lifecycle');
  const { type, label } = blockStartLabel(block);
  if (type === 'text') return describeTextStart(label, 'text', str(block.text));
  if (type === 'thinking' || type === 'redacted_thinking') return describeTextStart(label, 'reasoning', str(block.thinking));
  if (type.endsWith('tool_use')) return describe(label, 'tool-call', isRecord(block.input) && Object.keys(block.input).length === 0 ? undefined : previewValue(block.input));
  if (type.endsWith('tool_result')) return describe(label, 'tool-result', previewValue(block.content));
  return describe(label, 'other', previewValue(block));
}

function blockDelta(delta: unknown): FrameDescription {
  if (!isRecord(delta)) return describe('content_block_delta', 'other');
  const type = str(delta.type) ?? '?';
  const text = str(delta.text) ?? str(delta.thinking) ?? str(delta.partial_json) ?? (type === 'citations_delta' ? previewValue(delta.citation) : undefined);
  return describe(`content_block_delta: ${type}`, DELTA_CATEGORY.get(type) ?? 'other', text);
}

/** The timeline's short form: `block_start: tool_use get_weather`, `Δ text`, `Δ input`, `block_stop`. */
export function shortAnthropicLabel(event: string): string {
  if (event.startsWith('content_block_delta: ')) {
    const delta = event.slice('content_block_delta: '.length);
    return `Δ ${delta === 'input_json_delta' ? 'input' : delta.replace(/_delta$/, '')}`;
  }
  if (event.startsWith('content_block_')) return `block_${event.slice('content_block_'.length)}`;
  return event;
}

export const describeAnthropicFrame = withShortLabel(guardedDescribe(describeEvent), shortAnthropicLabel);
