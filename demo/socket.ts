// The WebSocket side of a chat client: `user_message` starts a run, `approval` answers, and any frame with
// `last_event_id` (e.g. `subscribe` after a reload) replays what came after it and follows the run.
import type { WebSocket } from 'ws';
import { parseObject, type SessionStore } from './store';
import type { DemoSession } from './session';

const error = (message: string): string => JSON.stringify({ type: 'error', error: { type: 'invalid_request', message } });

export function attachSocket(socket: WebSocket, store: SessionStore): void {
  const subscriptions = new Map<DemoSession, () => void>();
  const follow = (session: DemoSession, afterId: number): void => {
    subscriptions.get(session)?.();
    subscriptions.set(
      session,
      session.subscribe((event) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      }, afterId),
    );
  };

  socket.on('message', (raw, isBinary) => {
    const frame = isBinary ? undefined : parseObject(String(raw));
    if (!frame) return socket.send(error('expected a JSON object frame'));
    if (frame.type === 'user_message') {
      const session = store.create(frame.session_id, frame.scenario, frame.buggy);
      if (typeof session === 'string') return socket.send(error(session));
      return follow(session, 0);
    }
    const session = store.get(frame.session_id);
    if (!session) return socket.send(error(`unknown session_id ${String(frame.session_id)}`));
    if ('last_event_id' in frame) {
      const after = Number(frame.last_event_id);
      return follow(session, Number.isFinite(after) ? after : 0);
    }
    if (frame.type === 'approval') {
      const result = session.reply(frame);
      return result.ok ? undefined : socket.send(error(result.error));
    }
    socket.send(error(`unknown frame type ${String(frame.type)}`));
  });
  socket.on('close', () => {
    for (const unsubscribe of subscriptions.values()) unsubscribe();
    subscriptions.clear();
  });
}
