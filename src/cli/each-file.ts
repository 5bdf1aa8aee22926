// The per-file loop of the commands that read every FILE and report on all of them (stats, otel): a file
// that cannot be read is said in one line on stderr, a file the tool fails on too (its stack under
// --debug), and neither stops the files after it. The exit code says the worst that happened.
import { EXIT } from './command';
import { InternalFailure, oneLine, stackOf } from './failure';
import type { Output } from './output';
import { InputError } from '../readers/read-input';

/** Runs `work` on each file in turn; EXIT.internal if it failed on one, else EXIT.unreadable if one could not be read, else EXIT.ok. */
export async function eachFile(files: readonly string[], out: Output, debug: boolean, work: (file: string) => Promise<void>): Promise<number> {
  let unreadable = false;
  let failed = false;
  for (const file of files) {
    try {
      await work(file);
    } catch (err) {
      if (err instanceof InputError) {
        unreadable = true;
        out.stderr(`${file}: ${err.message}\n`);
        continue;
      }
      failed = true;
      const failure = err instanceof InternalFailure ? err : new InternalFailure(file, err);
      out.stderr(`${file}: internal failure: ${oneLine(failure.cause)}\n`);
      if (debug) out.stderr(`${stackOf(failure)}\n`);
    }
  }
  return failed ? EXIT.internal : unreadable ? EXIT.unreadable : EXIT.ok;
}
