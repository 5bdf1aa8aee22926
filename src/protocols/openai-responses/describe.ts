// What a Responses API event is, by its type without the `response.` prefix: `output_text.delta`,
// `output_item.added: function_call get_weather`, `output_item.done: mcp_approval_request`…
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewValue, str, withShortLabel, type FrameCategory } from '../shared/describe-helpers';

const LIFECYCLE = new Set(['created', 'in_progress', 'completed', 'queued']);
const FAILED = new Set(['failed', 'incomplete', 'error']);

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  const type = str(json.type);
  if (!type) return undefined;
  const short = type.startsWith('response.') ? type.slice('response.'.length) : type;
  if (LIFECYCLE.has(short)) return describe(short, 'lifecycle', usagePreview(json.response));
  if (FAILED.has(short)) return describe(short, 'error', failurePreview(json));
  if (short === 'output_item.added' || short === 'output_item.done') return outputItem(short, json.item);
  const delta = str(json.delta) ?? str(json.text) ?? str(json.arguments) ?? str(json.code) ?? str(json.input);
  return describe(short, categoryOf(short), delta ?? (isRecord(json.part) ? str(json.part.text) : undefined));
}

function categoryOf(short: string): FrameCategory {
  if (short.startsWith('reasoning')) return short.endsWith('.delta') ? 'reasoning' : 'lifecycle';
  if (short.startsWith('output_text') || short.startsWith('refusal')) return short.endsWith('.delta') ? 'text' : 'lifecycle';
  if (short.endsWith('_arguments.delta') || short.endsWith('_input.delta') || short.endsWith('_code.delta') || short.endsWith('_command.delta')) return 'tool-call';
  if (short.endsWith('_call.completed') || short.endsWith('_call.failed')) return 'tool-result';
  if (short.startsWith('content_part') || short.endsWith('.done') || short.endsWith('.in_progress')) return 'lifecycle';
  return 'other';
}

function outputItem(short: string, item: unknown): FrameDescription {
  if (!isRecord(item)) return describe(short, 'lifecycle');
  const type = str(item.type) ?? '?';
  const name = str(item.name);
  const label = `${short}: ${type}${name ? ` ${name}` : ''}`;
  const done = short.endsWith('.done');
  if (type === 'mcp_approval_request') return describe(label, 'approval', str(item.arguments));
  if (type.endsWith('_call_output')) return describe(label, 'tool-result', previewValue(item.output));
  // Programmatic tool calling's code and its result, and a hosted tool search's answer: a call and results.
  if (type === 'program') return describe(label, 'tool-call', str(item.code) || undefined);
  if (type === 'program_output') return describe(label, 'tool-result', str(item.result) || undefined);
  if (type === 'tool_search_output') return describe(label, 'tool-result', previewValue(item.tools));
  if (type.endsWith('_call')) {
    // A call's done item carries its output when the server ran it (MCP, web search): that is its result.
    if (done && item.output !== undefined && item.output !== null) return describe(label, 'tool-result', previewValue(item.output));
    if (done && str(item.error)) return describe(label, 'tool-result', str(item.error));
    return describe(label, 'tool-call', str(item.arguments) || undefined);
  }
  return describe(label, 'lifecycle');
}

function usagePreview(response: unknown): string | undefined {
  return isRecord(response) && isRecord(response.usage) ? previewValue(response.usage) : undefined;
}

function failurePreview(json: Record<string, unknown>): string | undefined {
  const response = isRecord(json.response) ? json.response : {};
  const error = isRecord(response.error) ? response.error : isRecord(json.error) ? json.error : undefined;
  if (error) return str(error.message) ?? previewValue(error);
  return str(json.message) ?? previewValue(response.incomplete_details);
}

/** What a delta streams, by the part of its type before `.delta`. */
const DELTA_NAMES: ReadonlyMap<string, string> = new Map([
  ['output_text', 'text'],
  ['reasoning_summary_text', 'summary'],
  ['reasoning_text', 'reasoning'],
  ['function_call_arguments', 'args'],
  ['mcp_call_arguments', 'args'],
]);

/** The timeline's short form: `Δ text`, `Δ args`, `item.added: function_call get_weather`, `part.done`. */
export function shortOpenAIResponsesLabel(event: string): string {
  if (event.endsWith('.delta')) {
    const what = event.slice(0, -'.delta'.length);
    return `Δ ${DELTA_NAMES.get(what) ?? what.replace(/_arguments$/, ' args')}`;
  }
  if (event.startsWith('output_item.')) return `item.${event.slice('output_item.'.length)}`;
  if (event.startsWith('content_part.')) return `part.${event.slice('content_part.'.length)}`;
  if (event.startsWith('reasoning_summary_part.')) return `summary_part.${event.slice('reasoning_summary_part.'.length)}`;
  if (event.startsWith('reasoning_summary_text.')) return `summary.${event.slice('reasoning_summary_text.'.length)}`;
  if (event.startsWith('output_text.')) return `text.${event.slice('output_text.'.length)}`;
  if (event.startsWith('function_call_arguments.')) return `args.${event.slice('function_call_arguments.'.length)}`;
  return event;
}

export const describeOpenAIResponsesFrame = withShortLabel(guardedDescribe(describeEvent), shortOpenAIResponsesLabel);
