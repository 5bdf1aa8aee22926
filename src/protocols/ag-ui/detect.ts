// AG-UI detection. A frame whose `type` is an UPPER_SNAKE AG-UI event type is AG-UI (no other supported
// protocol uses such names); RAW and CUSTOM are common words, so they alone only make it plausible.
// A connection is AG-UI when its body is the AG-UI protobuf media type or its request is a RunAgentInput.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isAguiEventType } from './schema';

const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const GENERIC_TYPES = new Set(['RAW', 'CUSTOM']);
/** The media type of the protobuf encoding (@ag-ui/proto AGUI_MEDIA_TYPE). */
export const AGUI_PROTO_MEDIA_TYPE = 'application/vnd.ag-ui.event+proto';

export function detectAguiFrame(decoded: DecodedFrame): DetectScore {
  const json = decoded.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 0;
  const record = json as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string') return isRunAgentInput(record) ? 1 : 0;
  if (!UPPER_SNAKE.test(type)) return 0;
  if (isAguiEventType(type)) return GENERIC_TYPES.has(type) ? 0.5 : 1;
  // An unknown UPPER_SNAKE type with AG-UI's camelCase ids is probably a newer or misspelt AG-UI event.
  return 'messageId' in record || 'toolCallId' in record || 'threadId' in record ? 0.5 : 0;
}

export function detectAguiConnection(connection: Connection): DetectScore {
  const contentType = connection.responseHeaders?.['content-type'] ?? '';
  if (contentType.toLowerCase().startsWith(AGUI_PROTO_MEDIA_TYPE)) return 1;
  const body = parseObject(connection.requestBody);
  return body && isRunAgentInput(body) ? 1 : 0;
}

/** The run request HttpAgent posts: `{threadId, runId, messages[], tools[], context[], ...}`. */
function isRunAgentInput(body: Record<string, unknown>): boolean {
  return (
    typeof body.threadId === 'string' &&
    typeof body.runId === 'string' &&
    Array.isArray(body.messages) &&
    (Array.isArray(body.tools) || Array.isArray(body.context))
  );
}

function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text || text.length > 5_000_000) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The thread id names the agent session: from the run request, else from RUN_STARTED / RUN_FINISHED. */
export function aguiSessionKey(connection: Connection, decoded: DecodedFrame | undefined): string | undefined {
  const json = decoded?.json as { threadId?: unknown } | undefined;
  if (json && typeof json === 'object' && typeof json.threadId === 'string') return json.threadId;
  const body = parseObject(connection.requestBody);
  return typeof body?.threadId === 'string' ? body.threadId : undefined;
}
