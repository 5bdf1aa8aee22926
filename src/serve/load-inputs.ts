// Reads the captures to replay: file paths through the same reader as `check`, recognised by content.
import { readFile } from 'node:fs/promises';
import { openInputPath } from '../readers/input-path';
import { readInput, InputError } from '../readers/read-input';
import type { NamedCapture } from './routes';
import type { ReplayInput } from './types';

/** An input that cannot be read or recognised; the message names it and says why. */
export class ReplayInputError extends Error {}

export async function loadInputs(inputs: readonly ReplayInput[]): Promise<NamedCapture[]> {
  return Promise.all(
    inputs.map(async (input, i) => {
      if (typeof input !== 'string') return 'capture' in input ? input : { name: `capture ${i + 1}`, capture: input };
      let text: string;
      try {
        // A directory, a device or a named pipe with no writer is refused before it is opened.
        const file = await openInputPath(input);
        try {
          text = await readFile(file.path, 'utf8');
        } finally {
          await file.release();
        }
      } catch (err) {
        if (err instanceof InputError) throw new ReplayInputError(`${input}: ${err.message}`);
        const code = (err as NodeJS.ErrnoException).code;
        throw new ReplayInputError(`${input}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? String(err)})`}`);
      }
      try {
        return { name: input, capture: readInput(text).capture };
      } catch (err) {
        if (err instanceof InputError) throw new ReplayInputError(`${input}: ${err.message}`);
        throw err;
      }
    }),
  );
}
