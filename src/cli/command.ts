// One CLI command: its options in `node:util` parseArgs form, and a run function that returns the exit
// code. Each command lives in its own `src/cli/<name>-command.ts`; `main.ts` lists them.
import type { ParseArgsConfig } from 'node:util';
import type { Output } from './output';

/** Exit codes shared by every command. */
export const EXIT = {
  /** Clean: no error findings (and, with --max-warnings, no more warnings than allowed). */
  ok: 0,
  /** Error findings, or more warnings than --max-warnings allows. */
  findings: 1,
  /** An input could not be read, or no agent protocol was recognised in it. */
  unreadable: 2,
  /** The tool itself failed. */
  internal: 3,
} as const;

export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface Command {
  name: string;
  /** One line for the general help. */
  summary: string;
  /** The usage line(s) and option help printed by `<command> --help`. */
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(args: { values: ParsedValues; positionals: string[] }, out: Output): Promise<number>;
}
