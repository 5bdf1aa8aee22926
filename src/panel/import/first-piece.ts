// The first rows of a large file before the file is read whole: its first piece is read, so the
// timeline has rows while JSON.parse of the whole document is still running. A piece that starts like
// JSON is walked as one document (the streaming reader would hold it back, since it could still turn
// out to be JSON Lines); any other goes through the streaming reader. The read of the whole file then
// skips the connections and frames the first piece gave, checking that each one it skips is the same:
// a file that was not what its first piece looked like makes the import start again without a first
// piece (see import-run.ts).
import type { Connection } from '../../model/frame';
import type { PendingFrame } from '../../capture-format/build-capture';
import { InputReader } from '../../readers/input-reader';
import { JsonWalker } from '../../readers/json-walker';
import { DocumentReader } from '../../readers/read-document';
import type { InputSink } from '../../readers/input-sink';

/** Bytes read ahead for the first rows; files smaller than FIRST_PIECE_MIN_FILE are read whole at once. */
export const FIRST_PIECE_BYTES = 64 * 1024;
export const FIRST_PIECE_MIN_FILE = 1024 * 1024;

/** What the first piece handed on, in order, for the whole read to skip. */
export interface FirstPiece {
  connections: Connection[];
  frames: PendingFrame[];
}

/** Thrown when the whole read does not begin with what the first piece gave. */
export class FirstPieceMismatch extends Error {}

/** Reads the first `bytes` of `file` into `sink`; an input the reader rejects there gives nothing more (the whole read reports it). */
export async function readFirstPiece(file: Blob, bytes: number, sink: InputSink): Promise<FirstPiece> {
  const given: FirstPiece = { connections: [], frames: [] };
  const recording: InputSink = {
    connection(connection) {
      given.connections.push(connection);
      sink.connection(connection);
    },
    frame(frame) {
      // A copy: the sink numbers the object it gets, and the comparison wants it as read.
      given.frames.push({ ...frame });
      sink.frame(frame);
    },
  };
  // `stream: true` holds back a character cut by the piece's end.
  const text = new TextDecoder('utf-8').decode(await file.slice(0, bytes).arrayBuffer(), { stream: true });
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const at = body.search(/\S/);
  try {
    if (body[at] === '{' || body[at] === '[') new JsonWalker(new DocumentReader(recording)).write(body.slice(at));
    else new InputReader(recording).write(text);
  } catch {
    // Not what it looked like: the whole read finds out what it is and says why it cannot be read.
  }
  return given;
}

/** A sink for the whole read that passes on only what comes after the first piece's connections and frames. */
export function afterFirstPiece(first: FirstPiece, sink: InputSink): InputSink {
  let connections = 0;
  let frames = 0;
  return {
    connection(connection) {
      if (connections < first.connections.length) {
        if (!sameConnection(first.connections[connections++] as Connection, connection)) throw new FirstPieceMismatch();
        return;
      }
      sink.connection(connection);
    },
    frame(frame) {
      if (frames < first.frames.length) {
        if (!sameFrame(first.frames[frames++] as PendingFrame, frame)) throw new FirstPieceMismatch();
        return;
      }
      sink.frame(frame);
    },
  };
}

function sameConnection(a: Connection, b: Connection): boolean {
  return a.id === b.id && a.transport === b.transport && a.url === b.url && a.method === b.method;
}

function sameFrame(a: PendingFrame, b: PendingFrame): boolean {
  return (
    a.connectionId === b.connectionId &&
    a.time === b.time &&
    a.direction === b.direction &&
    a.kind === b.kind &&
    a.data === b.data &&
    a.encoding === b.encoding &&
    a.eventName === b.eventName &&
    a.eventId === b.eventId &&
    a.sentBy === b.sentBy &&
    a.notKeptBefore === b.notKeptBefore &&
    a.truncated?.originalLength === b.truncated?.originalLength
  );
}
