// Real clients for the replay server's tests: Node's fetch read with eventsource-parser, and `ws`.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { WebSocket } from 'ws';

export interface SseRead {
  events: EventSourceMessage[];
  /** Real time (performance.now()) at which each event arrived. */
  times: number[];
  /** Real time at which the request was made. */
  started: number;
  /** How the body ended: normally, or with a network error (a cut stream). */
  ended: 'done' | 'error';
}

/** Reads an SSE response to its end (or until `stopAfter` events, leaving it open). */
export async function readSse(
  url: string,
  init: RequestInit = {},
  stopAfter = Infinity,
): Promise<SseRead & { response: Response; reader: ReadableStreamDefaultReader<string> }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const events: EventSourceMessage[] = [];
  const times: number[] = [];
  const parser = createParser({
    onEvent: (e) => {
      events.push(e);
      times.push(performance.now());
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (events.length < stopAfter) {
      const { done, value } = await reader.read();
      if (done) return { response, reader, started, events, times, ended: 'done' };
      parser.feed(value);
    }
    return { response, reader, started, events, times, ended: 'done' };
  } catch {
    return { response, reader, started, events, times, ended: 'error' };
  }
}

export interface SocketClient {
  socket: WebSocket;
  received: string[];
  /** Resolves once `count` messages arrived. */
  waitFor(count: number): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

export async function openSocket(url: string): Promise<SocketClient> {
  const socket = new WebSocket(url);
  const received: string[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  socket.on('message', (data) => {
    received.push(String(data));
    for (const w of waiters.filter((x) => received.length >= x.count)) w.resolve();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    closed,
    waitFor: (count) => (received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
  };
}
