// Client requests (frames with direction 'out', e.g. the POST body of /v1/messages). Each request
// repeats the conversation, so only its last message is new: the user's text, or the results of
// the tools the previous turn called.
import type { Frame } from '../../model/frame';
import type { FoldState } from './state';
import { isRecord } from '../shared/view-helpers';

export function applyRequest(state: FoldState, json: unknown, frame: Frame): void {
  if (!isRecord(json)) return;
  if (Array.isArray(json.tools)) {
    // Fine-grained tool streaming: partial or invalid tool JSON is expected, not a fault.
    state.pendingEager = json.tools.some((t) => isRecord(t) && t.eager_input_streaming === true);
  }
  const messages = Array.isArray(json.messages) ? json.messages : [];
  const last: unknown = messages[messages.length - 1];
  if (!isRecord(last) || last.role !== 'user') return;
  const texts: string[] = [];
  if (typeof last.content === 'string') texts.push(last.content);
  else if (Array.isArray(last.content)) {
    for (const block of last.content) {
      if (!isRecord(block)) continue;
      if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const tool = state.tools.get(block.tool_use_id);
        if (!tool) continue;
        tool.result = block.content;
        tool.status = block.is_error === true ? 'error' : 'success';
        tool.frames.push(frame.index);
      }
    }
  }
  if (texts.length > 0) {
    state.model.items.push({ kind: 'user', id: `user-${frame.index}`, frames: [frame.index], text: texts.join('\n') });
  }
}
