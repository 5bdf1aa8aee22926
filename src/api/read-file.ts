// Reads an input file from disk; the reason a file cannot be read becomes an InputError like any
// other unreadable input.
import { readFile } from 'node:fs/promises';
import { InputError, readInput, type ReadResult } from '../readers/read-input';

export async function readInputText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT') throw new InputError('no such file');
    if (code === 'EISDIR') throw new InputError('is a directory');
    throw new InputError(`cannot be read (${code ?? 'unknown reason'})`);
  }
}

/** Reads and recognises an input file; throws InputError when it cannot be read or recognised. */
export async function readInputFile(path: string): Promise<ReadResult> {
  return readInput(await readInputText(path));
}
