// What an AI SDK v4 data stream line is: the part name its `<code>:` prefix stands for (`text`,
// `tool_call`, `finish_message`…) and the text or value after it.
import { frameText } from '../../model/decode';
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewValue, str, withShortLabel, type FrameCategory } from '../shared/describe-helpers';
import { DATA_STREAM_PARTS, isDataStreamCode } from './schema';

const CATEGORY: ReadonlyMap<string, FrameCategory> = new Map([
  ['text', 'text'],
  ['reasoning', 'reasoning'],
  ['redacted_reasoning', 'reasoning'],
  ['tool_call', 'tool-call'],
  ['tool_call_streaming_start', 'tool-call'],
  ['tool_call_delta', 'tool-call'],
  ['tool_result', 'tool-result'],
  ['error', 'error'],
  ['finish_message', 'lifecycle'],
  ['finish_step', 'lifecycle'],
  ['start_step', 'lifecycle'],
]);

function describeLine(decoded: DecodedFrame): FrameDescription | undefined {
  const line = frameText(decoded.frame).trim();
  const sep = line.indexOf(':');
  if (sep <= 0) return undefined;
  const code = line.slice(0, sep);
  if (!isDataStreamCode(code)) return undefined;
  const name = DATA_STREAM_PARTS[code].name;
  let value: unknown;
  try {
    value = JSON.parse(line.slice(sep + 1));
  } catch {
    return describe(name, CATEGORY.get(name) ?? 'other', line.slice(sep + 1));
  }
  return describe(labelOf(name, value), CATEGORY.get(name) ?? 'other', carried(value));
}

function labelOf(name: string, value: unknown): string {
  if (!isRecord(value)) return name;
  const tool = str(value.toolName);
  if (tool && (name === 'tool_call' || name === 'tool_call_streaming_start')) return `${name} ${tool}`;
  const finish = str(value.finishReason);
  if (finish && (name === 'finish_message' || name === 'finish_step')) return `${name}: ${finish}`;
  return name;
}

function carried(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return previewValue(value);
  return str(value.argsTextDelta) ?? previewValue(value.args ?? value.result ?? value.usage ?? value);
}

/** The timeline's short form: `Δ args` for argument deltas, `tool_call_start <name>` for a streamed call's start. */
export function shortAiSdkDataLabel(event: string): string {
  if (event === 'tool_call_delta') return 'Δ args';
  if (event.startsWith('tool_call_streaming_start')) return `tool_call_start${event.slice('tool_call_streaming_start'.length)}`;
  return event;
}

export const describeAiSdkDataFrame = withShortLabel(guardedDescribe(describeLine), shortAiSdkDataLabel);
