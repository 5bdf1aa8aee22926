// A write function for a stream whose reader may go away: after the stream reports EPIPE (the reader
// closed the pipe), writes are dropped quietly. Any other stream error still surfaces.

/** The part of a Node writable the CLI uses. */
export interface WritableLike {
  write(text: string): unknown;
  on(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
}

export function closableWriter(stream: WritableLike): (text: string) => void {
  let closed = false;
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') {
      closed = true;
      return;
    }
    throw error;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}
