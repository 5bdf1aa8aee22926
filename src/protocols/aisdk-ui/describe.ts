// What an AI SDK UI message stream chunk is: its `type` (`text-delta`, `tool-input-start get_weather`,
// `tool-output-available`…) and the text, input or output it carries.
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewValue, str, withShortLabel, type FrameCategory } from '../shared/describe-helpers';

function categoryOf(type: string): FrameCategory {
  if (type === 'text-delta') return 'text';
  if (type === 'reasoning-delta' || type === 'reasoning') return 'reasoning';
  if (type.startsWith('tool-approval')) return 'approval';
  if (type.startsWith('tool-output') || type === 'tool-result') return 'tool-result';
  if (type.startsWith('tool-input') || type === 'tool-call') return 'tool-call';
  if (type === 'error' || type === 'abort') return 'error';
  if (type === 'start' || type === 'finish' || type.endsWith('-start') || type.endsWith('-end') || type.endsWith('-step')) return 'lifecycle';
  return 'other';
}

function describeChunk(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  const type = str(json.type);
  if (!type) return undefined;
  const name = str(json.toolName);
  const event = type === 'tool-input-start' && name ? `${type} ${name}` : type === 'finish' && str(json.finishReason) ? `finish: ${str(json.finishReason)}` : type;
  const carried =
    str(json.delta) ??
    str(json.inputTextDelta) ??
    str(json.errorText) ??
    (json.input !== undefined ? previewValue(json.input) : undefined) ??
    (json.output !== undefined ? previewValue(json.output) : undefined) ??
    (type.startsWith('data-') ? previewValue(json.data) : undefined) ??
    (type === 'steering-message' ? steeringText(json.parts) : undefined) ??
    str(json.url);
  return describe(event, categoryOf(type), carried);
}

/** The first text part of a steering message (ai 7.0.163), which is what the user typed. */
function steeringText(parts: unknown): string | undefined {
  if (!Array.isArray(parts)) return undefined;
  for (const p of parts.slice(0, 20)) if (isRecord(p) && p.type === 'text' && str(p.text) !== undefined) return str(p.text);
  return undefined;
}

/** The timeline's short form: deltas as `Δ text`, `Δ reasoning`, `Δ args`; `tool-input`, `tool-output` for the available parts. */
export function shortAiSdkUiLabel(event: string): string {
  if (event === 'tool-input-delta') return 'Δ args';
  if (event.endsWith('-delta')) return `Δ ${event.slice(0, -'-delta'.length)}`;
  if (event === 'tool-input-available' || event === 'tool-output-available') return event.slice(0, -'-available'.length);
  if (event.startsWith('tool-input-start ')) return `tool-start ${event.slice('tool-input-start '.length)}`;
  return event;
}

export const describeAiSdkUiFrame = withShortLabel(guardedDescribe(describeChunk), shortAiSdkUiLabel);
