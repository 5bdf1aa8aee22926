// A file read into a Capture in pieces, for the command line (Node only: the panel reads a File's stream
// through readInputStream). A file that cannot be opened is an InputError like one that cannot be read.
import { createReadStream } from 'node:fs';
import { InputError, readInputStream, type ReadResult } from './read-input';

export async function readInputFile(path: string): Promise<ReadResult> {
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
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
