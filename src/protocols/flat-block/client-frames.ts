// Frames the page sends (direction `out`): approval replies and stream subscriptions.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { safeText } from '../../model/safe-text';
import { parseEventId } from './ids';
import { ApprovalReplySchema, firstIssue, SubscriptionSchema, type ApprovalReply } from './schema';
import { isPlainApprovalReply } from './plain-events';
import type { FlatState } from './state';

export function applyClientFrame(state: FlatState, json: unknown, frame: Frame, sink: FindingSink): void {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return;
  const message = json as Record<string, unknown>;
  if (message.type === 'approval') {
    if (isPlainApprovalReply(message)) {
      state.approvals.reply(message as ApprovalReply, frame.index, frame.time, sink);
      return;
    }
    const reply = ApprovalReplySchema.safeParse(message);
    if (!reply.success) {
      sink.report('flat/invalid-event', `approval reply does not match the protocol: ${firstIssue(reply.error)}`, [frame.index]);
      return;
    }
    state.approvals.reply(reply.data, frame.index, frame.time, sink);
    return;
  }
  const userText = userMessageText(message);
  if (userText !== undefined) {
    state.view.standalone({ kind: 'user', id: state.view.id('user'), frames: [frame.index], text: userText });
    return;
  }
  // Any client frame that carries `last_event_id` subscribes to the replay after it.
  if ('last_event_id' in message && message.last_event_id !== null && message.last_event_id !== undefined) {
    const sub = SubscriptionSchema.safeParse(message);
    if (sub.success) state.replay = { cursor: parseEventId(sub.data.last_event_id), frame: frame.index, first: true };
  }
}

const USER_MESSAGE_TYPES = new Set(['user_message', 'message', 'chat']);

/**
 * The protocol leaves the page's own chat message open; these are the shapes pages send it in
 * (`{type: "user_message", text}`, `{role: "user", content}`). The client shows it as the user's turn.
 */
function userMessageText(message: Record<string, unknown>): string | undefined {
  if (message.role !== 'user' && !USER_MESSAGE_TYPES.has(safeText(message.type))) return undefined;
  for (const key of ['text', 'content', 'message']) {
    const value = message[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}
