// Hub messages are applied in order, together, once per animation frame.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effect, signal } from '@preact/signals';
import { frameScheduler } from './frame-scheduler';

afterEach(() => vi.unstubAllGlobals());

describe('frameScheduler', () => {
  it('runs a burst in order on the next animation frame, notifying once', () => {
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
  });

  it('stops at its budget within one animation frame and goes on in the next, in order', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    // Every update takes 5 ms by this clock: a 12 ms budget runs three of them a frame.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
    const order: number[] = [];
    const later = frameScheduler();
    for (let i = 1; i <= 7; i++) later.run(() => order.push(i));
    frames[0]!(0);
    expect(order).toEqual([1, 2, 3]);
    expect(frames).toHaveLength(2);
    frames[1]!(0);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    later.flush(); // on demand: everything, whatever the budget
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7]);
    now.mockRestore();
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
        clock += 20; // past the budget: one update a frame
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
