import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { FrameLog } from './frame-log';

const frame = (index: number): Frame => ({ index, connectionId: index % 2 ? 'a' : 'b', time: index, direction: 'in', kind: 'message', data: `{"n":${index}}` });

describe('FrameLog.positionOf', () => {
  it('finds frames added in capture order, before and after a trim', () => {
    const log = new FrameLog();
    for (const i of [3, 5, 6, 9, 12]) log.add(frame(i));
    expect([3, 5, 6, 9, 12, 4, 13, 0].map((i) => log.positionOf(i))).toEqual([0, 1, 2, 3, 4, undefined, undefined, undefined]);
    log.trim(6);
    expect([5, 6, 9, 12].map((i) => log.positionOf(i))).toEqual([undefined, 0, 1, 2]);
    expect(log.byIndex(9)).toEqual(frame(9));
  });

  it('still finds every frame when some arrive out of order', () => {
    const log = new FrameLog();
    for (const i of [3, 5, 4, 9, 1]) log.add(frame(i));
    expect([3, 5, 4, 9, 1, 2].map((i) => log.positionOf(i))).toEqual([0, 1, 2, 3, 4, undefined]);
    log.trim(4);
    expect([3, 5, 4, 9, 1].map((i) => log.positionOf(i))).toEqual([undefined, 0, 1, 2, 3]);
  });
});
