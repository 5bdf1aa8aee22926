// Three ways the page talks to the demo backend: one WebSocket (/ws), SSE read with fetch + getReader
// (eventsource-parser does the framing), and EventSource. Replies go over the socket, or POST /approval.
import { createParser } from '/vendor/eventsource-parser.js';

// `?server=http://127.0.0.1:PORT` points the page at another backend, e.g. `agent-stream-inspector serve`
// replaying a captured session; without it the page talks to the site that served it.
const server = new URLSearchParams(location.search).get('server');

/** A backend path as a URL on the chosen server. */
export function backendUrl(path) {
  return server ? new URL(path, server).href : path;
}

function socketUrl(path) {
  const url = new URL(path, server ?? location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

const EVENT_TYPES = ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'group_start', 'group_end', 'message_stop', 'error'];

function parse(data, onEvent) {
  try {
    const event = JSON.parse(data);
    if (event && typeof event === 'object') onEvent(event);
  } catch {
    onEvent({ type: 'error', error: { message: `unreadable frame: ${String(data).slice(0, 200)}` } });
  }
}

async function postApproval(frame, onStatus) {
  const res = await fetch(backendUrl('/approval'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(frame) });
  if (!res.ok) onStatus(`approval refused: ${(await res.json().catch(() => ({}))).error || res.status}`);
}

export function webSocketTransport({ onEvent, onStatus }) {
  let socket;
  const queue = [];
  const open = () => {
    if (socket && socket.readyState <= WebSocket.OPEN) return socket;
    socket = new WebSocket(socketUrl('/ws'));
    socket.addEventListener('open', () => queue.splice(0).forEach((f) => socket.send(f)));
    socket.addEventListener('message', (e) => parse(e.data, onEvent));
    socket.addEventListener('close', () => onStatus('WebSocket closed'));
    return socket;
  };
  const send = (frame) => {
    const s = open();
    const text = JSON.stringify(frame);
    if (s.readyState === WebSocket.OPEN) s.send(text);
    else queue.push(text);
  };
  return {
    start: (session) => send({ type: 'user_message', session_id: session.id, scenario: session.scenario, buggy: session.buggy, text: session.text }),
    resume: (session, lastEventId) => send({ type: 'subscribe', session_id: session.id, last_event_id: lastEventId }),
    reply: (frame) => send(frame),
  };
}

function sseUrl(session, lastEventId) {
  const params = new URLSearchParams({ session: session.id, scenario: session.scenario });
  if (session.buggy) params.set('buggy', '1');
  if (lastEventId !== undefined) params.set('last_event_id', String(lastEventId));
  return backendUrl(`/sse?${params}`);
}

export function fetchSseTransport({ onEvent, onStatus }) {
  const read = async (url) => {
    const res = await fetch(url, { headers: { accept: 'text/event-stream' } });
    if (res.status === 204) return onStatus('stream already finished');
    if (!res.ok || !res.body) return onStatus(`SSE failed: HTTP ${res.status}`);
    const parser = createParser({ onEvent: (message) => parse(message.data, onEvent) });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    onStatus('SSE stream ended');
  };
  const run = (url) => read(url).catch((e) => onStatus(`SSE error: ${e}`));
  return {
    start: (session) => run(sseUrl(session)),
    resume: (session, lastEventId) => run(sseUrl(session, lastEventId)),
    reply: (frame) => postApproval(frame, onStatus),
  };
}

export function eventSourceTransport({ onEvent, onStatus }) {
  const run = (url) => {
    const source = new EventSource(url);
    const handle = (e) => {
      // EventSource's own connection errors arrive as plain `error` events without data.
      if (typeof e.data !== 'string') return onStatus(source.readyState === EventSource.CLOSED ? 'EventSource closed' : 'EventSource reconnecting…');
      parse(e.data, (event) => {
        onEvent(event);
        if (event.type === 'message_stop') source.close();
      });
    };
    for (const type of [...EVENT_TYPES, 'message']) source.addEventListener(type, handle);
  };
  return {
    start: (session) => run(sseUrl(session)),
    resume: (session, lastEventId) => run(sseUrl(session, lastEventId)),
    reply: (frame) => postApproval(frame, onStatus),
  };
}

export const transports = { ws: webSocketTransport, sse: fetchSseTransport, eventsource: eventSourceTransport };
