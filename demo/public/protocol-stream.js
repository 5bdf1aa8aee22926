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
  const request = requestFor(session, text);
  if (session.transport === 'websocket') return readSocket(url, JSON.stringify(request), onPayload, onStatus);
  // A Gemini long decode spans requests: as @google/genai does, the request goes again with the
  // continuationToken of a response that stopped at the per-request cap, and its stream is the rest.
  let token;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const hopState = { token: undefined, finish: undefined };
    const body = JSON.stringify(token === undefined ? request : { ...request, continuationToken: token });
    const init = { method: 'POST', headers: { 'content-type': 'application/json', accept: session.transport === 'sse' ? 'text/event-stream' : 'text/plain' }, body };
    const seen = (data) => (session.id === 'gemini' && watchContinuation(data, hopState), onPayload(data));
    const feed = session.transport === 'sse' ? sseFeed(seen) : lineFeed(seen);
    const status = await (session.worker ? readInWorker(url, init, feed) : readHere(url, init, feed));
    if (status !== undefined) return onStatus(`HTTP ${status}`);
    feed.end();
    if (hopState.finish !== 'CONTINUATION' || hopState.token === undefined || hopState.token === token) break;
    token = hopState.token;
    onStatus('continuing in a new request');
  }
  onStatus('stream ended');
}

/** Fetches the stream on the page's thread, its text to `feed` as it comes; the status when it failed. */
async function readHere(url, init, feed) {
  const res = await fetch(url, init);
  if (!res.ok || !res.body) return res.status;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return undefined;
    feed.push(value);
  }
}

/**
 * The same in a Web Worker (protocol-worker.js), which hands the text over as it comes. One worker for
 * the page, kept, as a chat app keeps its: DevTools drops a worker's requests when the worker ends.
 */
let worker;
function readInWorker(url, init, feed) {
  worker ??= new Worker('/protocol-worker.js');
  return new Promise((resolve) => {
    worker.onmessage = ({ data }) => (typeof data.text === 'string' ? feed.push(data.text) : resolve(data.status));
    worker.onerror = () => resolve(0);
    worker.postMessage({ url, init });
  });
}

/** Requests one answer may take (a long decode's hops). */
const MAX_HOPS = 4;

/** The latest continuationToken and the finishReason of a Gemini response, as @google/genai tracks them. */
function watchContinuation(data, hop) {
  try {
    const candidate = JSON.parse(data)?.candidates?.[0];
    if (typeof candidate?.continuationToken === 'string' && candidate.continuationToken !== '') hop.token = candidate.continuationToken;
    if (typeof candidate?.finishReason === 'string') hop.finish = candidate.finishReason;
  } catch {
    // Not JSON: the page shows it as unreadable; nothing to continue from.
  }
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
