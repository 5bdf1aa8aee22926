// How the CLI tells an unreadable input (exit 2) from its own failure (exit 3), and says either in one line.

/** The tool failed on this file: a bug, not a finding and not bad input. */
export class InternalFailure extends Error {
  constructor(
    readonly file: string | undefined,
    override readonly cause: unknown,
  ) {
    super(oneLine(cause));
  }
}

/** One line that says what went wrong, safe for any thrown value (page data may reach an error message). */
export function oneLine(err: unknown): string {
  let text: string;
  if (err instanceof Error) text = `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}`;
  else if (typeof err === 'string') text = err;
  else text = Object.prototype.toString.call(err);
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat || 'unknown error';
}

/** The stack of a thrown value, for --debug. */
export function stackOf(err: unknown): string {
  const inner = err instanceof InternalFailure ? err.cause : err;
  return inner instanceof Error && typeof inner.stack === 'string' ? inner.stack : oneLine(inner);
}
