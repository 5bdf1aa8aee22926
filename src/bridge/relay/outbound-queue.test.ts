import { describe, expect, it } from 'vitest';
import type { PageToRelay } from '../page-messages';
import { MAX_BATCH_CHARS, MAX_BATCH_MESSAGES } from '../relay-to-hub';
import { OutboundQueue } from './outbound-queue';
import { pageConnection, pageFrame } from './test-messages';

const frame = pageFrame;
const opened = pageConnection();
const marks = { leaving: false, prerendering: false, visit: 0 };
const times = (messages: readonly PageToRelay[]): (number | string)[] => messages.map((m) => (m.type === 'frame' ? m.time : m.type));

describe('OutboundQueue', () => {
  it('cuts what is pending into batches of at most MAX_BATCH_MESSAGES, in order', () => {
    const queue = new OutboundQueue(100_000, 64_000_000);
    for (let i = 0; i < MAX_BATCH_MESSAGES + 5; i++) queue.add(frame(i));
    const lists = queue.takePending();
    expect(lists.map((l) => l.messages.length)).toEqual([MAX_BATCH_MESSAGES, 5]);
    expect(times(lists[1]!.messages)).toEqual([2000, 2001, 2002, 2003, 2004]);
    expect(queue.pendingCount).toBe(0);
    expect(queue.takePending()).toEqual([]);
  });

  it('starts a new batch before MAX_BATCH_CHARS, and gives a larger message a batch of its own', () => {
    const queue = new OutboundQueue(100_000, 64_000_000);
    const third = 'x'.repeat(Math.floor(MAX_BATCH_CHARS / 3));
    const huge = 'y'.repeat(MAX_BATCH_CHARS + 10);
    queue.add(frame(1, third));
    queue.add(frame(2, third));
    queue.add(frame(3, huge));
    queue.add(frame(4, third));
    const lists = queue.takePending();
    expect(lists.map((l) => times(l.messages))).toEqual([[1, 2], [3], [4]]);
    expect(lists[0]!.chars).toBeLessThanOrEqual(MAX_BATCH_CHARS);
    expect(lists[1]!.chars).toBeGreaterThan(MAX_BATCH_CHARS);
  });

  it('numbers batches from 1 and holds them until acknowledged up to their number', () => {
    const queue = new OutboundQueue(100_000, 64_000_000);
    expect(queue.numbered).toBe(0);
    const a = queue.number([frame(1)], 10, marks);
    const b = queue.number([frame(2), frame(3)], 20, { leaving: true, prerendering: false, visit: 2 });
    expect([a.seq, b.seq]).toEqual([1, 2]);
    expect(b).toMatchObject({ leaving: true, visit: 2, prerendering: false });
    expect(b.jsonBound).toBeGreaterThan(JSON.stringify(b.messages).length);
    expect(queue.unackedCount).toBe(3);
    queue.acknowledge(1);
    expect(queue.unconfirmed().map((x) => x.seq)).toEqual([2]);
    queue.acknowledge(5);
    expect(queue.unconfirmed()).toEqual([]);
    expect(queue.numbered).toBe(2);
  });

  it('past its message bound drops the oldest frames, sent ones first, never a connection record, and counts them', () => {
    const queue = new OutboundQueue(3, 64_000_000);
    queue.number([opened, frame(1), frame(2)], 30, marks);
    queue.add(frame(3));
    queue.add(frame(4));
    queue.enforceBound();
    expect(queue.dropped).toBe(2);
    expect(times(queue.unconfirmed()[0]!.messages)).toEqual(['connection']);
    expect(times(queue.takePending().flatMap((l) => l.messages))).toEqual([3, 4]);
  });

  it('past its character bound drops frames until the rest fits, and stops when only connection records are left', () => {
    const queue = new OutboundQueue(100_000, 1_200); // a connection record counts 505 here, a frame 600
    queue.add(opened);
    for (let i = 1; i <= 4; i++) queue.add(frame(i, 'z'.repeat(400)));
    queue.enforceBound();
    expect(queue.dropped).toBe(3);
    expect(times(queue.takePending().flatMap((l) => l.messages))).toEqual(['connection', 4]);

    const tiny = new OutboundQueue(0, 0);
    tiny.add(opened);
    tiny.add(frame(1));
    tiny.enforceBound();
    expect(tiny.dropped).toBe(1);
    expect(tiny.pendingCount).toBe(1);
  });
});
