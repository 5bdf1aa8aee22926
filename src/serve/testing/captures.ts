// Small captures for the replay server's tests: one connection each, frames with recorded times.
import type { Capture, Connection, Frame } from '../../model/frame';
import { buildCapture, type PendingFrame } from '../../capture-format/build-capture';

export type TestFrame = Partial<Omit<Frame, 'index' | 'connectionId'>> & { data: string };

/** Frames default to `in` messages; `time` defaults to 1000 + 100 ms per position. */
export function captureOf(...connections: Array<Connection & { frames: TestFrame[] }>): Capture {
  const pending: PendingFrame[] = [];
  let position = 0;
  for (const { frames, ...connection } of connections) {
    for (const f of frames) {
      pending.push({ connectionId: connection.id, direction: 'in', kind: 'message', time: 1000 + 100 * position++, ...f });
    }
  }
  return buildCapture(
    connections.map(({ frames: _frames, ...c }) => c),
    pending,
    'test',
  );
}

/** Ten numbered JSON events over SSE at GET /stream, frames 1-10. */
export function sseCapture(options: { url?: string; eventNames?: boolean } = {}): Capture {
  return captureOf({
    id: 'sse-1',
    transport: 'sse',
    url: options.url ?? 'http://127.0.0.1:5173/stream',
    method: 'GET',
    status: 200,
    responseHeaders: { 'content-type': 'text/event-stream', 'content-length': '999', 'content-encoding': 'gzip', 'x-recorded': 'yes' },
    startedAt: 1000,
    frames: Array.from({ length: 10 }, (_, i) => ({
      data: JSON.stringify({ n: i + 1 }),
      eventId: String(i + 1),
      ...(options.eventNames ? { eventName: i % 2 === 0 ? 'tick' : 'tock' } : {}),
    })),
  });
}

/** A socket at /socket: the page says hello (frame 1), gets frames 2-4, says bye (frame 5), gets 6-7. */
export function socketCapture(closed?: { code: number; reason?: string }): Capture {
  const frames: TestFrame[] = [
    { direction: 'out', data: '{"type":"hello","session":"s-1"}' },
    { data: '{"n":1}' },
    { data: '{"n":2}' },
    { data: '{"n":3}' },
    { direction: 'out', data: '{"type":"bye"}' },
    { data: '{"n":4}' },
    { data: '{"n":5}' },
  ];
  if (closed) frames.push({ kind: 'close', data: '' });
  return captureOf({ id: 'ws-1', transport: 'websocket', url: 'ws://127.0.0.1:5173/socket?x=1', startedAt: 900, ...(closed ? { closed } : {}), frames });
}
