// Gathers what a reader reads into a Capture: frames ordered by time across connections (stable, so
// frames of one connection that share a clock tick keep their reading order) and numbered 0…, or, for
// capture files, ordered by their own index and keeping it (see keptIndex). The frames are the
// reader's own objects, given their index in place, so collecting costs no second copy of a large input.
import type { Capture, Connection, Frame } from '../model/frame';
import type { PendingFrame } from '../capture-format/build-capture';
import type { InputSink } from './input-sink';
import type { InputEnd } from './input-reader';

export class CaptureCollector implements InputSink {
  private readonly connections: Connection[] = [];
  private readonly frames: PendingFrame[] = [];

  connection(connection: Connection): void {
    this.connections.push(connection);
  }

  frame(frame: PendingFrame): void {
    this.frames.push(frame);
  }

  capture(end: InputEnd): Capture {
    const frames = this.frames as Frame[];
    for (let i = 0; i < (end.untimedLead ?? 0); i++) (frames[i] as Frame).time = 0;
    // Array.prototype.sort is stable: ties keep reading order.
    if (end.order === 'index') {
      frames.sort((a, b) => a.index - b.index);
      let previous = -1;
      for (const frame of frames) previous = frame.index = keptIndex(frame.index, previous);
    } else {
      if (!inTimeOrder(frames)) frames.sort((a, b) => a.time - b.time);
      frames.forEach((frame, index) => (frame.index = index));
    }
    const capture: Capture = { connections: this.connections, frames, source: { format: end.format } };
    if (end.dropped !== undefined) capture.dropped = end.dropped;
    if (end.timing !== undefined) capture.timing = end.timing;
    if (end.pageUrl !== undefined && capture.source) capture.source.pageUrl = end.pageUrl;
    return capture;
  }
}

/**
 * A capture file's frame keeps its own number: the panel showed it, and an export of one session or
 * of a capture past a buffer bound has gaps or starts above 0, so `check` on the file prints the
 * numbers the panel showed. Only a number used twice (a file edited by hand) moves up past the
 * previous one.
 */
export function keptIndex(own: number, previous: number): number {
  return own > previous ? own : previous + 1;
}

function inTimeOrder(frames: readonly PendingFrame[]): boolean {
  for (let i = 1; i < frames.length; i++) if ((frames[i] as PendingFrame).time < (frames[i - 1] as PendingFrame).time) return false;
  return true;
}
