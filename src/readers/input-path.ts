// What the command line may read (Node only): regular files, standard input (`-`) and pipes it was
// given (a shell's `<(…)` names one as /dev/fd/N). Anything else is refused at once with a reason,
// before it is opened: a directory, a device (/dev/zero never ends, a terminal waits for a person), a
// socket, and a named pipe nobody writes to (opening one for reading waits for a writer, forever).
// Standard input and pipes can be read only once, and the analysis reads some inputs twice (the line
// map of a JSON Lines file, whole texts after digests, frames that need sorting), so they are first
// copied into a temporary file, which is removed when the caller is done.
import { closeSync, constants, createWriteStream, openSync, readSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InputError } from './input-error';

/** The name that stands for standard input. */
export const STDIN_NAME = '-';

export interface InputPath {
  /** A regular file to read (the input itself, or the copy of a pipe's content). */
  readonly path: string;
  /** Removes the copy, if one was made. */
  release(): Promise<void>;
}

/**
 * A pipe the shell handed over by its descriptor: process substitution (`<(…)`), `/dev/stdin`. Its
 * writer may already have written everything and gone, which is not an error.
 */
export function isDescriptorPath(name: string): boolean {
  return /^\/(dev\/fd|proc\/self\/fd|proc\/\d+\/fd)\/\d+$/.test(name) || name === '/dev/stdin';
}

/** Checks `name` and gives a regular file to read; throws InputError for what cannot or must not be read. */
export async function openInputPath(name: string, stdin: Readable = process.stdin): Promise<InputPath> {
  if (name === STDIN_NAME) return copied(stdin);
  let kind;
  try {
    kind = await stat(name);
  } catch (err) {
    throw new InputError(statProblem(err));
  }
  if (kind.isFile()) return { path: name, release: () => Promise.resolve() };
  if (kind.isDirectory()) throw new InputError('is a directory');
  if (kind.isCharacterDevice() || kind.isBlockDevice()) throw new InputError('is a device, not a file');
  if (kind.isSocket()) throw new InputError('is a socket, not a file');
  if (kind.isFIFO()) return copied(openPipe(name));
  throw new InputError('is not a regular file');
}

function statProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file';
  return `cannot be read (${code ?? 'unknown error'})`;
}

/**
 * Opens a pipe without waiting: a blocking open of a FIFO waits for a writer (forever, when none comes);
 * without O_NONBLOCK it returns at once. A named pipe with no writer right now is refused; one of ours
 * by descriptor is read to its end whatever its writer does.
 */
function openPipe(name: string): Readable {
  let fd: number;
  try {
    fd = openSync(name, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw new InputError(statProblem(err));
  }
  if (!isDescriptorPath(name)) {
    // A read of 0 bytes with no writer is the end; EAGAIN means a writer is there, with nothing written yet.
    const probe = Buffer.alloc(1);
    let got: number;
    try {
      got = readSync(fd, probe, 0, 1, null);
    } catch (err) {
      got = (err as NodeJS.ErrnoException).code === 'EAGAIN' ? -1 : 0;
    }
    if (got === 0) {
      closeSync(fd);
      throw new InputError('is a named pipe with no writer');
    }
    const socket = new Socket({ fd, readable: true, writable: false });
    if (got === 1) socket.unshift(probe);
    return socket;
  }
  return new Socket({ fd, readable: true, writable: false });
}

/** The content of `source` in a temporary file. */
async function copied(source: Readable): Promise<InputPath> {
  const dir = await mkdtemp(join(tmpdir(), 'asi-input-'));
  const path = join(dir, 'input');
  const release = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(source, createWriteStream(path));
  } catch (err) {
    await release();
    throw new InputError(`cannot be read (${(err as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  return { path, release };
}
