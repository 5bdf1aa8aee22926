// What a flat-block frame is: the event type and, for content blocks, the block type
// (`content_block_start: tool_use web_search`, `content_block_delta: text`), or a History API response.
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { blockStartLabel, describe, describeError, describeTextStart, guardedDescribe, isRecord, previewValue, str, withShortLabel, type FrameCategory } from '../shared/describe-helpers';

const BLOCK_CATEGORY: ReadonlyMap<string, FrameCategory> = new Map([
  ['text', 'text'],
  ['thinking', 'reasoning'],
  ['tool_use', 'tool-call'],
  ['tool_result', 'tool-result'],
  ['approval_request', 'approval'],
  ['approval_result', 'approval'],
  ['approval_timeout', 'approval'],
]);

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  const type = str(json.type);
  if (!type) return Array.isArray(json.messages) ? describe(`history: ${json.messages.length} messages`, 'other') : undefined;
  switch (type) {
    case 'content_block_start':
      return blockStart(json.content_block);
    case 'content_block_delta':
      return blockDelta(json.delta);
    case 'group_start':
    case 'group_end':
      return describe(type, 'lifecycle', str(json.summary));
    case 'error':
      return describeError(json.error);
    case 'message_start':
    case 'message_stop':
    case 'content_block_stop':
      return describe(type, 'lifecycle');
    default:
      return describe(type, 'other', previewValue(json));
  }
}

function blockStart(block: unknown): FrameDescription {
  if (!isRecord(block)) return describe('content_block_start', 'lifecycle');
  const { type, label } = blockStartLabel(block);
  const carried = str(block.text) || str(block.tool_content_message) || (type === 'tool_result' ? previewValue(block.content) : undefined) || str(block.approval_key);
  const category = BLOCK_CATEGORY.get(type) ?? 'other';
  if (category === 'text' || category === 'reasoning') return describeTextStart(label, category, carried);
  return describe(label, category, carried);
}

function blockDelta(delta: unknown): FrameDescription {
  if (!isRecord(delta)) return describe('content_block_delta', 'other');
  if (Array.isArray(delta.action_requests) || delta.review_configs !== undefined) {
    const first: unknown = Array.isArray(delta.action_requests) ? delta.action_requests[0] : undefined;
    return describe('content_block_delta: approval', 'approval', isRecord(first) ? str(first.name) : undefined);
  }
  const thinking = str(delta.thinking);
  if (thinking !== undefined) return describe('content_block_delta: thinking', 'reasoning', thinking);
  const text = str(delta.text);
  if (text !== undefined) return describe('content_block_delta: text', 'text', text);
  const json = str(delta.partial_json);
  if (json !== undefined) return describe('content_block_delta: input', 'tool-call', json);
  return describe('content_block_delta', 'other', previewValue(delta));
}

/** The timeline's short form: `block_start: text`, `Δ text`, `Δ input`, `block_stop`. */
export function shortFlatBlockLabel(event: string): string {
  if (event.startsWith('content_block_delta: ')) return `Δ ${event.slice('content_block_delta: '.length)}`;
  if (event.startsWith('content_block_')) return `block_${event.slice('content_block_'.length)}`;
  return event;
}

export const describeFlatBlockFrame = withShortLabel(guardedDescribe(describeEvent), shortFlatBlockLabel);
