// GET /sse?session=…&scenario=…&buggy=1 starts a run (or follows an existing one) as Server-Sent Events.
// A reconnect (Last-Event-ID header or ?last_event_id=) replays after that id; a finished run answers 204
// so EventSource stops reconnecting.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionStore } from './store';

export function streamSse(req: IncomingMessage, res: ServerResponse, url: URL, store: SessionStore): void {
  const header = req.headers['last-event-id'];
  const cursor = Number(typeof header === 'string' ? header : (url.searchParams.get('last_event_id') ?? 0)) || 0;
  const id = url.searchParams.get('session');
  let session = store.get(id);
  if (!session) {
    const created = store.create(id, url.searchParams.get('scenario'), url.searchParams.get('buggy'));
    if (typeof created === 'string') {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(created);
    }
    session = created;
  } else if (session.finished && cursor >= session.log.length) {
    res.writeHead(204);
    return void res.end();
  }

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let ended = false;
  const unsubscribe = session.subscribe((event) => {
    if (ended) return;
    res.write(`id: ${event.event_id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    if (event.type === 'message_stop') {
      ended = true;
      res.end();
    }
  }, cursor);
  if (ended) unsubscribe();
  else res.on('close', () => {
    ended = true;
    unsubscribe();
  });
}
