// Client requests (direction 'out': the POST body of /chat/completions). The conversation is
// resent each time, so only the tail is new: the user's message, or tool results for the calls
// of the previous completion.
import type { Frame } from '../../model/frame';
import type { FoldState } from './state';
import { isRecord } from '../shared/view-helpers';

export function applyRequest(state: FoldState, json: unknown, frame: Frame): void {
  if (!isRecord(json)) return;
  state.pendingParseHelpers = usesParseHelpers(json);
  const messages = Array.isArray(json.messages) ? json.messages : [];
  let i = messages.length - 1;
  for (; i >= 0; i--) {
    const m: unknown = messages[i];
    if (!isRecord(m) || m.role !== 'tool' || typeof m.tool_call_id !== 'string') break;
    const tool = state.tools.get(m.tool_call_id);
    if (!tool) continue;
    tool.result = m.content;
    tool.status = 'success';
    tool.frames.push(frame.index);
  }
  const last: unknown = messages[messages.length - 1];
  if (i === messages.length - 1 && isRecord(last) && last.role === 'user') {
    const text = contentText(last.content);
    if (text) state.model.items.push({ kind: 'user', id: `user-${frame.index}`, frames: [frame.index], text });
  }
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (isRecord(p) && p.type === 'text' && typeof p.text === 'string' ? p.text : ''))
    .filter((t) => t.length > 0)
    .join('\n');
}

/** Structured outputs or strict tools: openai-node's parse helpers throw on length / content_filter. */
function usesParseHelpers(body: Record<string, unknown>): boolean {
  const format = body.response_format;
  if (isRecord(format) && format.type === 'json_schema') return true;
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return tools.some((t) => isRecord(t) && isRecord(t.function) && t.function.strict === true);
}
