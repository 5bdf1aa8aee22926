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

export const PROTOCOL_HELP = `      --protocol ID   read every connection as this protocol instead of detecting it
                      (${protocolIds.join(', ')})`;

/** A bad option value: the command prints it with its usage and exits 2. */
export class UsageError extends Error {}

export function protocolOption(value: unknown): ProtocolId | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && isProtocolId(value)) return value;
  throw new UsageError(`unknown protocol "${String(value)}"; valid ids: ${protocolIds.join(', ')}`);
}
