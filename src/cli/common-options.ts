// Options every command takes, and the checks of values several commands share.
import type { ParseArgsConfig } from 'node:util';
import { isProtocolId, protocolIds } from '../api/inspect';
import type { ProtocolId } from '../protocols/types';

export const commonOptions = {
  help: { type: 'boolean', short: 'h' },
  debug: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const COMMON_HELP = `  -h, --help          this help
      --debug         on an internal failure, print the stack too`;

export const PROTOCOL_HELP = `      --protocol ID   read every connection as this protocol instead of detecting it:
${wrapped(protocolIds.join(', '), 22, 100)}`;

/** `text` broken at spaces into lines of at most `width` characters, each indented by `indent`. */
function wrapped(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => ' '.repeat(indent) + l).join('\n');
}

/** A bad option value: the command prints it with its usage and exits 2. */
export class UsageError extends Error {}

export function protocolOption(value: unknown): ProtocolId | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && isProtocolId(value)) return value;
  throw new UsageError(`unknown protocol "${String(value)}"; valid ids: ${protocolIds.join(', ')}`);
}
