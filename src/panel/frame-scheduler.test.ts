// Hub messages are applied in order, together, once per animation frame (a gap apart under a backlog).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effect, signal } from '@preact/signals';
import { BACKLOG_GAP_MS, frameScheduler } from './frame-scheduler';

afterEach(() => vi.unstubAllGlobals());

describe('frameScheduler', () => {
  it('runs a burst in order on the next animation frame, notifying once', () => {
    // A clock that stands still: the whole burst fits the frame's budget however loaded the machine is.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const count = signal(0);
    const seen: number[] = [];
    const dispose = effect(() => void seen.push(count.value));
    const order: number[] = [];
    const later = frameScheduler();
    for (let i = 1; i <= 1000; i++)
      later.run(() => {
        order.push(i);
        count.value = i;
      });
    expect(order).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(order).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(seen).toEqual([0, 1000]);
    dispose();
    clock.mockRestore();
  });

  it('stops at its budget within one animation frame, and under a backlog goes on a gap later with a larger budget, in order', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const order: number[] = [];
    const later = frameScheduler();
    // Every update takes 5 ms: a 12 ms budget runs three of them, the backlog's 40 ms budget nine.
    for (let i = 1; i <= 20; i++)
      later.run(() => {
        order.push(i);
        clock += 5;
      });
    frames[0]!(0);
    expect(order).toEqual([1, 2, 3]);
    // The next animation frame comes soon after: drawing was quick, but the next update waits for the gap.
    clock += 10;
    expect(frames).toHaveLength(2);
    frames[1]!(0);
    expect(order).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(BACKLOG_GAP_MS - 25 - 1);
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(frames).toHaveLength(3);
    frames[2]!(0);
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    later.flush(); // on demand: everything, whatever the budget
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    now.mockRestore();
    vi.useRealTimers();
  });

  it('after an update that took long to draw, waits as long before the next, so input gets its turn', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const order: number[] = [];
    const later = frameScheduler();
    for (let i = 1; i <= 3; i++)
      later.run(() => {
        order.push(i);
        clock += 45; // past either budget: one update a frame
      });
    frames[0]!(0);
    expect(order).toEqual([1]);
    clock += 300; // drawing that update took 300 ms
    frames[1]!(0);
    expect(order).toEqual([1]);
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(299);
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(frames).toHaveLength(3);
    frames[2]!(0);
    expect(order).toEqual([1, 2]);
    now.mockRestore();
    vi.useRealTimers();
  });

  it('goes on after an update that throws, and flushes or cancels on demand', () => {
    const later = frameScheduler();
    const order: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    later.run(() => order.push('a'));
    later.run(() => {
      throw new Error('bad');
    });
    later.run(() => order.push('c'));
    later.flush();
    expect(order).toEqual(['a', 'c']);
    expect(warn).toHaveBeenCalledOnce();
    later.run(() => order.push('d'));
    later.cancel();
    later.flush();
    expect(order).toEqual(['a', 'c']);
    warn.mockRestore();
  });

  it('without requestAnimationFrame, runs the burst on a timer', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const later = frameScheduler();
    const order: number[] = [];
    later.run(() => order.push(1));
    later.run(() => order.push(2));
    expect(order).toEqual([]);
    await vi.waitFor(() => expect(order).toEqual([1, 2]));
  });
});
