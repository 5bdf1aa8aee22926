// What a Cohere v2 event is for the timeline: `Δ text`, `Δ thinking`, `Δ tool plan`,
// `tool-call-start weather`, `tool-call args`, `citation`, `message-end: COMPLETE`, …
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewValue, str } from '../shared/describe-helpers';

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  const type = str(json.type);
  if (!type) return undefined;
  const delta = isRecord(json.delta) ? json.delta : {};
  const message = isRecord(delta.message) ? delta.message : {};
  const content = isRecord(message.content) ? message.content : {};
  const call = isRecord(message.tool_calls) ? message.tool_calls : {};
  const fn = isRecord(call.function) ? call.function : {};
  switch (type) {
    case 'content-delta':
      return str(content.thinking) !== undefined ? describe('Δ thinking', 'reasoning', str(content.thinking)) : describe('Δ text', 'text', str(content.text));
    case 'content-start':
      return describe(`content-start ${str(content.type) ?? ''}`.trim(), str(content.type) === 'thinking' ? 'reasoning' : 'text');
    case 'tool-plan-delta':
      return describe('Δ tool plan', 'reasoning', str(message.tool_plan));
    case 'tool-call-start':
      return describe(`tool-call-start ${str(fn.name) ?? ''}`.trim(), 'tool-call', str(fn.arguments));
    case 'tool-call-delta':
      return describe('tool-call args', 'tool-call', str(fn.arguments));
    case 'citation-start':
      return describe('citation', 'other', previewValue(isRecord(message.citations) ? message.citations.text : undefined));
    case 'message-end': {
      const reason = str(delta.finish_reason);
      const error = str(delta.error);
      if (reason === 'ERROR' || error) return describe('message-end: ERROR', 'error', error);
      return describe(reason ? `message-end: ${reason}` : 'message-end', 'lifecycle', previewValue(delta.usage));
    }
    default:
      return describe(type, type === 'tool-call-end' ? 'tool-call' : 'lifecycle');
  }
}

export const describeCohereFrame = guardedDescribe(describeEvent);
