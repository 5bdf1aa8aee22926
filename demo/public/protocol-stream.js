// Reads a protocol session as a chat app would: POST + fetch + getReader for SSE (eventsource-parser
// does the framing) and for text lines, or a WebSocket with one JSON request frame.
import { createParser } from '/vendor/eventsource-parser.js';

/** The request each backend expects; only its shape matters to the demo. */
export function requestFor(session, text) {
  const id = crypto.randomUUID();
  switch (session.id) {
    case 'ag-ui':
      return { threadId: `thread-${id}`, runId: `run-${id}`, state: {}, messages: [{ id: `msg-${id}`, role: 'user', content: text }], tools: [], context: [], forwardedProps: {} };
    case 'anthropic':
      return { model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, messages: [{ role: 'user', content: text }] };
    case 'openai-chat':
      return { model: 'deepseek-reasoner', stream: true, messages: [{ role: 'user', content: text }] };
    case 'openai-responses':
      return session.transport === 'websocket' ? { type: 'response.create', model: 'gpt-5-mini', input: text } : { model: 'gpt-5-mini', stream: true, input: text };
    case 'aisdk-ui':
      return { id, messages: [{ id: `msg-${id}`, role: 'user', parts: [{ type: 'text', text }] }] };
    case 'gemini':
      return { contents: [{ role: 'user', parts: [{ text }] }] };
    case 'gemini-interactions':
      return { model: 'gemini-2.5-flash', stream: true, input: text };
    case 'cohere':
      return { model: 'command-a-03-2025', stream: true, messages: [{ role: 'user', content: text }] };
    default:
      return { messages: [{ role: 'user', content: text }] };
  }
}

/** Calls onPayload(data string) per SSE record, text line or socket frame; resolves when the stream ends. */
export async function readSession(session, { buggy, text, onPayload, onStatus }) {
  // A route may carry its own query (Gemini's `?alt=sse`).
  const url = buggy ? `${session.path}${session.path.includes('?') ? '&' : '?'}buggy=1` : session.path;
  const body = JSON.stringify(requestFor(session, text));
  if (session.transport === 'websocket') return readSocket(url, body, onPayload, onStatus);
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: session.transport === 'sse' ? 'text/event-stream' : 'text/plain' }, body });
  if (!res.ok || !res.body) return onStatus(`HTTP ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const feed = session.transport === 'sse' ? sseFeed(onPayload) : lineFeed(onPayload);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    feed.push(value);
  }
  feed.end();
  onStatus('stream ended');
}

function sseFeed(onPayload) {
  const parser = createParser({ onEvent: (message) => onPayload(message.data) });
  return { push: (chunk) => parser.feed(chunk), end: () => parser.reset({ consume: true }) };
}

function lineFeed(onPayload) {
  let rest = '';
  const emit = (line) => line.trim() !== '' && onPayload(line);
  return {
    push(chunk) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      lines.forEach(emit);
    },
    end: () => emit(rest),
  };
}

function readSocket(url, body, onPayload, onStatus) {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${url}`);
    // The backend keeps the socket open for further requests; the page closes it once the run went quiet.
    let quiet;
    const settle = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => socket.close(1000, 'run finished'), 3000);
    };
    socket.addEventListener('open', () => (socket.send(body), settle()));
    socket.addEventListener('message', (e) => (onPayload(String(e.data)), settle()));
    socket.addEventListener('close', (e) => (onStatus(`WebSocket closed (${e.code}${e.reason ? `: ${e.reason}` : ''})`), resolve()));
  });
}
