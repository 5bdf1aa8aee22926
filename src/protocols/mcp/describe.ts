// What an MCP message is, for the timeline: `→ tools/call get_weather`, `← result #3`,
// `← error #3`, `progress 40%`, `← elicitation/create`. The arrow is the direction (→ the page sent it).
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, describeGeneric, isRecord, previewValue, str } from '../shared/describe-helpers';

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const { json, frame } = decoded;
  if (frame.eventName === 'endpoint') return describe('endpoint', 'lifecycle', frame.data);
  const message = Array.isArray(json) ? json[0] : json;
  if (!isRecord(message) || message.jsonrpc !== '2.0') return undefined;
  const arrow = frame.direction === 'out' ? '→' : '←';
  const batch = Array.isArray(json) && json.length > 1 ? ` (+${json.length - 1} in batch)` : '';
  const method = str(message.method);
  const params = isRecord(message.params) ? message.params : {};
  if (method !== undefined) {
    if (!('id' in message)) return notification(method, params, arrow, batch);
    return request(method, params, arrow, batch);
  }
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? ` #${message.id}` : '';
  if (isRecord(message.error)) return describe(`${arrow} error${id}${batch}`, 'error', str(message.error.message));
  const result = isRecord(message.result) ? message.result : {};
  if (Array.isArray(result.content)) {
    const text = result.content.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join(' ');
    return describe(`${arrow} result${id}${result.isError === true ? ' (isError)' : ''}${batch}`, 'tool-result', text);
  }
  if (typeof result.action === 'string') return describe(`${arrow} result${id}: ${result.action}${batch}`, 'approval', previewValue(result.content));
  return describe(`${arrow} result${id}${batch}`, 'lifecycle', previewValue(result));
}

function request(method: string, params: Record<string, unknown>, arrow: string, batch: string): FrameDescription {
  switch (method) {
    case 'tools/call':
      return describe(`${arrow} tools/call ${str(params.name) ?? '?'}${batch}`, 'tool-call', previewValue(params.arguments));
    case 'elicitation/create':
      return describe(`${arrow} elicitation/create${batch}`, 'approval', str(params.message));
    case 'sampling/createMessage':
      return describe(`${arrow} sampling/createMessage${batch}`, 'request', previewValue(params.messages));
    default:
      return describe(`${arrow} ${method}${batch}`, 'request', previewValue(params));
  }
}

function notification(method: string, params: Record<string, unknown>, arrow: string, batch: string): FrameDescription {
  if (method === 'notifications/progress') {
    const progress = typeof params.progress === 'number' ? params.progress : undefined;
    const total = typeof params.total === 'number' && params.total > 0 ? params.total : undefined;
    const amount = progress === undefined ? '?' : total !== undefined ? `${Math.round((progress / total) * 100)}%` : String(progress);
    return describe(`progress ${amount}${batch}`, 'lifecycle', str(params.message));
  }
  if (method === 'notifications/cancelled') {
    const id = typeof params.requestId === 'string' || typeof params.requestId === 'number' ? ` #${params.requestId}` : '';
    return describe(`${arrow} cancelled${id}${batch}`, 'lifecycle', str(params.reason));
  }
  if (method === 'notifications/message') return describe(`log ${str(params.level) ?? '?'}${batch}`, 'other', previewValue(params.data));
  return describe(`${arrow} ${method}${batch}`, 'lifecycle', previewValue(params));
}

/** Both directions: the page's requests are half of the protocol. Never throws. */
export function describeMcpFrame(decoded: DecodedFrame): FrameDescription {
  try {
    const { frame } = decoded;
    if (frame.kind === 'message') {
      // An event with no data (a priming event) the SDK client skips.
      if (frame.direction === 'in' && frame.data === '' && !frame.truncated) return describe(frame.eventId ? `priming event (id ${frame.eventId})` : 'empty event', 'lifecycle');
      const own = describeEvent(decoded);
      // An event named other than "message" the SDK client ignores.
      const name = frame.eventName;
      if (own && name !== undefined && name !== '' && name !== 'message' && name !== 'endpoint') return { ...own, event: `${own.event} (event: ${name}, ignored)` };
      if (own) return own;
    }
  } catch {
    // fall through to the generic description
  }
  try {
    return describeGeneric(decoded);
  } catch {
    return { event: '(frame)', category: 'other' };
  }
}
