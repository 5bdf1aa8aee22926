// A file read into a Capture in pieces, for the command line (Node only: the panel reads a File's stream
// through readInputStream). A file that cannot be opened is an InputError like one that cannot be read.
// Pieces stay under 1 MB: Node decodes larger ones into external two-byte strings, twice the memory of
// the one-byte strings it makes for smaller ASCII text, and every frame's payload is a slice of a piece.
import { createReadStream } from 'node:fs';
import { InputError, readInputStream, type ReadResult } from './read-input';

export async function readInputFile(path: string): Promise<ReadResult> {
  const stream = createReadStream(path, { highWaterMark: 1 << 19 });
  try {
    return await readInputStream(stream);
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot be read (${code ?? String(err)})`);
  } finally {
    stream.destroy();
  }
}
