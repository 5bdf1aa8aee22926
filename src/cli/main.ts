// agent-stream-inspector: checks and renders captured agent streams.
import { isProtocolId } from './analyse';
import { runCheck } from './check';
import type { Output } from './output';
import { runRender } from './render';
import type { ProtocolId } from '../protocols/types';

export const USAGE = `Usage:
  agent-stream-inspector check [--json] [--protocol ID] FILE...
      One line per finding: FILE:LOCATION SEVERITY RULE-ID message
      (LOCATION is the 1-based frame number, then a place inside the frame such as messages[3]).
      --json prints an array with one result per session.
      Exit 0: no error findings; 1: error findings; 2: an input could not be read or recognised.
  agent-stream-inspector render [--json] [--protocol ID] [--session KEY] [--expand] FILE
      The reference rendering as indented text; --json prints the view model.
      --expand shows every item of running groups (the UI shows the newest 3).

Inputs are recognised by content: an Agent Stream Inspector capture, a HAR file, a raw SSE body,
JSON Lines or a JSON array of events, or a History API response.
`;

interface Parsed {
  command?: string;
  files: string[];
  json: boolean;
  expand: boolean;
  protocol?: string;
  session?: string;
  help: boolean;
  error?: string;
}

function parseArgs(args: string[]): Parsed {
  const parsed: Parsed = { files: [], json: false, expand: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--json') parsed.json = true;
    else if (arg === '--expand') parsed.expand = true;
    else if (arg === '--help' || arg === '-h') parsed.help = true;
    else if (arg === '--protocol' || arg === '--session') {
      const value = args[++i];
      if (value === undefined) parsed.error = `${arg} needs a value`;
      else if (arg === '--protocol') parsed.protocol = value;
      else parsed.session = value;
    } else if (arg.startsWith('--')) parsed.error = `unknown option ${arg}`;
    else if (parsed.command === undefined) parsed.command = arg;
    else parsed.files.push(arg);
  }
  return parsed;
}

export async function main(args: string[], out: Output): Promise<number> {
  const p = parseArgs(args);
  if (p.help || p.command === 'help') {
    out.stdout(USAGE);
    return 0;
  }
  if (p.error) return usageError(p.error, out);
  let protocol: ProtocolId | undefined;
  if (p.protocol !== undefined) {
    if (!isProtocolId(p.protocol)) return usageError(`unknown protocol "${p.protocol}"`, out);
    protocol = p.protocol;
  }
  if (p.command === 'check') {
    if (p.files.length === 0) return usageError('check needs at least one FILE', out);
    return runCheck(p.files, { json: p.json, ...(protocol ? { protocol } : {}) }, out);
  }
  if (p.command === 'render') {
    if (p.files.length !== 1) return usageError('render takes exactly one FILE', out);
    return runRender(p.files[0] as string, { json: p.json, expand: p.expand, ...(protocol ? { protocol } : {}), ...(p.session !== undefined ? { session: p.session } : {}) }, out);
  }
  return usageError(p.command === undefined ? 'no command given' : `unknown command "${p.command}"`, out);
}

function usageError(message: string, out: Output): number {
  out.stderr(`agent-stream-inspector: ${message}\n\n${USAGE}`);
  return 2;
}
