// Where a reader puts what it reads, as it reads: connections, and frames in reading order. A frame's
// time is final only when the reader has ended (see EventClock), and its place in the capture is given
// after that (CaptureCollector).
import type { Connection } from '../model/frame';
import type { PendingFrame } from '../capture-format/build-capture';

export interface InputSink {
  connection(connection: Connection): void;
  frame(frame: PendingFrame): void;
}

/** Hands a whole capture's connections and frames to a sink. */
export function emitCapture(out: InputSink, capture: { connections: readonly Connection[]; frames: readonly PendingFrame[] }): void {
  for (const connection of capture.connections) out.connection(connection);
  for (const frame of capture.frames) out.frame(frame);
}
