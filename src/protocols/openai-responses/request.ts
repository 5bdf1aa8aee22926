// Client requests (direction 'out'): a WebSocket `response.create` frame or the POST body of
// /responses. `input` is a string or a list of items: user messages become user items, and
// `function_call_output` / `mcp_approval_response` items complete what the last response asked for.
import type { Frame } from '../../model/frame';
import type { FoldState } from './state';
import { isRecord } from '../shared/view-helpers';

export function applyRequest(state: FoldState, json: unknown, frame: Frame): void {
  if (!isRecord(json)) return;
  const input = json.input;
  if (typeof input === 'string') {
    if (input) state.model.items.push({ kind: 'user', id: `user-${frame.index}`, frames: [frame.index], text: input });
    return;
  }
  if (!Array.isArray(input)) return;
  input.forEach((entry: unknown, i) => {
    if (!isRecord(entry)) return;
    if (entry.type === 'function_call_output' || entry.type === 'custom_tool_call_output') {
      const call = typeof entry.call_id === 'string' ? state.calls.get(entry.call_id) : undefined;
      if (call && call.status === 'pending') {
        call.result = entry.output;
        call.status = 'success';
        call.frames.push(frame.index);
      }
    } else if (entry.type === 'mcp_approval_response' && typeof entry.approval_request_id === 'string') {
      const approval = state.approvals.get(entry.approval_request_id);
      if (approval && !approval.outcome) {
        approval.outcome = { type: 'decided', decisions: [entry.approve === true ? 'approve' : 'reject'] };
        approval.frames.push(frame.index);
      }
    } else if (i === input.length - 1 && entry.role === 'user') {
      const text = contentText(entry.content);
      if (text) state.model.items.push({ kind: 'user', id: `user-${frame.index}`, frames: [frame.index], text });
    }
  });
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (isRecord(p) && (p.type === 'input_text' || p.type === 'text') && typeof p.text === 'string' ? p.text : ''))
    .filter((t) => t !== '')
    .join('\n');
}
