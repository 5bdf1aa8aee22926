// What an AG-UI event is: its type (`TEXT_MESSAGE_CONTENT`, `TOOL_CALL_START get_weather`,
// `RUN_FINISHED: interrupt`…) and the text or arguments it carries.
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewValue, str, withShortLabel, type FrameCategory } from '../shared/describe-helpers';

function categoryOf(type: string): FrameCategory {
  if (type === 'TEXT_MESSAGE_CONTENT' || type === 'TEXT_MESSAGE_CHUNK') return 'text';
  if ((type.startsWith('THINKING') || type.startsWith('REASONING')) && (type.endsWith('_CONTENT') || type.endsWith('_CHUNK'))) return 'reasoning';
  if (type === 'TOOL_CALL_RESULT') return 'tool-result';
  if (type.startsWith('TOOL_CALL')) return 'tool-call';
  if (type === 'RUN_ERROR') return 'error';
  if (type.endsWith('_START') || type.endsWith('_STARTED') || type.endsWith('_END') || type.endsWith('_FINISHED')) return 'lifecycle';
  return 'other';
}

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  const type = str(json.type);
  if (!type) return undefined;
  if (type === 'RUN_FINISHED') return runFinished(json);
  if (type === 'RUN_ERROR') return describe(type, 'error', str(json.message) ?? previewValue(json.code));
  if (type === 'TOOL_CALL_START' || type === 'TOOL_CALL_CHUNK') {
    const name = str(json.toolCallName);
    return describe(name ? `${type} ${name}` : type, 'tool-call', str(json.delta));
  }
  if (type === 'TOOL_CALL_RESULT') return describe(type, 'tool-result', previewValue(json.content));
  if (type === 'STEP_STARTED' || type === 'STEP_FINISHED') return describe(type, 'lifecycle', str(json.stepName));
  const category = categoryOf(type);
  const carried = str(json.delta) ?? (type.includes('SNAPSHOT') || type === 'CUSTOM' || type === 'RAW' ? previewValue(json.snapshot ?? json.messages ?? json.value ?? json.event) : undefined);
  return describe(type, category, carried ?? (type === 'STATE_DELTA' ? previewValue(json.delta) : undefined));
}

function runFinished(json: Record<string, unknown>): FrameDescription {
  const outcome = isRecord(json.outcome) ? str(json.outcome.type) : undefined;
  if (outcome === 'interrupt') {
    const interrupts = isRecord(json.outcome) && Array.isArray(json.outcome.interrupts) ? json.outcome.interrupts : [];
    const first: unknown = interrupts[0];
    const reason = isRecord(first) ? (str(first.message) ?? str(first.reason)) : undefined;
    return describe('RUN_FINISHED: interrupt', 'approval', reason);
  }
  return describe(outcome ? `RUN_FINISHED: ${outcome}` : 'RUN_FINISHED', 'lifecycle', previewValue(json.result));
}

/**
 * The timeline's short form: the type in lower case without `_MESSAGE` (but for a reasoning message's
 * start and end, which the reasoning phase's would read as), a content event as a delta
 * (`Δ text`, `Δ thinking text`, `Δ args`), the rest of the label kept (`tool_call start get_weather`,
 * `run finished: interrupt`).
 */
export function shortAgUiLabel(event: string): string {
  const type = /^[A-Z][A-Z_]*/.exec(event)?.[0];
  if (type === undefined) return event;
  const rest = event.slice(type.length);
  // A reasoning message's START and END keep "message": REASONING_START and REASONING_END open and
  // close the reasoning phase around such messages, and would read the same without it.
  const words = (type === 'REASONING_MESSAGE_START' || type === 'REASONING_MESSAGE_END' ? type : type.replace(/_MESSAGE(?=_|$)/g, '')).toLowerCase();
  if (words === 'tool_call_args') return `Δ args${rest}`;
  const content = /^(.*)_content$/.exec(words);
  if (content) return `Δ ${content[1]!.replace(/_/g, ' ')}${rest}`;
  const tool = /^tool_call_(.*)$/.exec(words);
  if (tool) return `tool_call ${tool[1]!.replace(/_/g, ' ')}${rest}`;
  return `${words.replace(/_/g, ' ')}${rest}`;
}

export const describeAgUiFrame = withShortLabel(guardedDescribe(describeEvent), shortAgUiLabel);
