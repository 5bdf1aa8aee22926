// An SSE stream subscribes by its request (`?last_event_id=` or a Last-Event-ID header), not by a
// client frame: the replay rules compare against that cursor too.
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { flatBlockProtocol } from './index';

function replay(connection: Connection, firstId: number): string[] {
  const pipeline = new SessionPipeline([flatBlockProtocol], { protocol: 'flat-block' });
  pipeline.addConnection(connection);
  const events = [
    { type: 'content_block_start', index: 4, content_block: { type: 'text', text: 'tiếp tục', is_final: true } },
    { type: 'content_block_stop', index: 4 },
    { type: 'message_stop' },
  ];
  events.forEach((e, i) => {
    const frame: Frame = { index: i, connectionId: connection.id, time: i, direction: 'in', kind: 'message', data: JSON.stringify(e), eventId: String(firstId + i) };
    pipeline.append(frame);
  });
  return pipeline.findings().map((f) => `${f.rule}@${f.frames.join(',')}`);
}

describe('replay after an SSE subscription', () => {
  const url = 'http://127.0.0.1:5173/sse?session=s1&last_event_id=11';

  it('flags an overlap against ?last_event_id= in the request URL', () => {
    expect(replay({ id: 'sse', transport: 'sse', url }, 11)).toEqual(['flat/replay-overlap@0,0']);
  });

  it('flags a gap against a Last-Event-ID request header', () => {
    const connection: Connection = { id: 'sse', transport: 'sse', url: 'http://127.0.0.1:5173/sse', requestHeaders: { 'last-event-id': '11' } };
    expect(replay(connection, 14)).toEqual(['flat/replay-gap@0,0']);
  });

  it('accepts a replay that starts right after the cursor', () => {
    expect(replay({ id: 'sse', transport: 'sse', url }, 12)).toEqual([]);
  });

  it('checks nothing for a request that does not subscribe', () => {
    expect(replay({ id: 'sse', transport: 'sse', url: 'http://127.0.0.1:5173/sse?session=s1' }, 1)).toEqual([]);
  });
});
