// agent-stream-inspector: checks, renders and times captured agent streams. Each command is one
// `<name>-command.ts`; adding a command is one import and one entry in `commands`.
import { parseArgs } from 'node:util';
import { checkCommand } from './check-command';
import { diffCommand } from './diff-command';
import { EXIT, type Command } from './command';
import { commonOptions, UsageError } from './common-options';
import { InternalFailure, oneLine, stackOf } from './failure';
import type { Output } from './output';
import { otelCommand } from './otel-command';
import { packageInfo } from '../model/package-info';
import { renderCommand } from './render-command';
import { serveCommand } from './serve-command';
import { statsCommand } from './stats-command';

export const commands: readonly Command[] = [checkCommand, renderCommand, statsCommand, diffCommand, serveCommand, otelCommand];

const BIN = 'agent-stream-inspector';

export function generalHelp(list: readonly Command[] = commands): string {
  const width = list.reduce((w, c) => Math.max(w, c.name.length), 0) + 3;
  return `${BIN} ${packageInfo.version}: checks and renders captured AI agent streams

Usage: ${BIN} <command> [options] FILE...

Commands:
${list.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}

Options:
  -h, --help      this help; '${BIN} <command> --help' shows a command's options
  -v, --version   the version

Inputs are recognised by content: an Agent Stream Inspector capture, a HAR file, a raw SSE body,
JSON Lines or a JSON array of events, or a History API response. FILE may be '-' for standard
input or a pipe such as <(…); a directory, a device or a named pipe with no writer is refused.
Exit codes: 0 clean, 1 error findings, 2 an input cannot be read or no agent protocol is recognised
in it, 3 the tool failed.
`;
}

export async function main(args: readonly string[], out: Output, list: readonly Command[] = commands): Promise<number> {
  const [first, ...rest] = args;
  if (first === '--version' || first === '-v') {
    out.stdout(`${packageInfo.version}\n`);
    return EXIT.ok;
  }
  if (first === '--help' || first === '-h' || (first === 'help' && rest.length === 0)) {
    out.stdout(generalHelp(list));
    return EXIT.ok;
  }
  if (first === 'help') return main([rest[0] as string, '--help'], out, list);
  if (first === undefined) {
    out.stderr(`${BIN}: no command given\n\n${generalHelp(list)}`);
    return EXIT.unreadable;
  }
  const command = list.find((c) => c.name === first);
  if (!command) {
    const known = list.map((c) => c.name).join(', ');
    out.stderr(`${BIN}: unknown command "${first}"; commands: ${known}\nRun '${BIN} --help' for usage.\n`);
    return EXIT.unreadable;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: { ...commonOptions, ...command.options }, allowPositionals: true, strict: true });
  } catch (err) {
    return usageError(command, parseErrorMessage(err), out);
  }
  if (parsed.values.help === true) {
    out.stdout(`${command.usage}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(parsed, out);
  } catch (err) {
    if (err instanceof UsageError) return usageError(command, err.message, out);
    const where = err instanceof InternalFailure && err.file !== undefined ? `${err.file}: ` : '';
    const cause = err instanceof InternalFailure ? err.cause : err;
    out.stderr(`${BIN} ${command.name}: ${where}internal failure: ${oneLine(cause)}${parsed.values.debug === true ? '' : ' (--debug prints the stack)'}\n`);
    if (parsed.values.debug === true) out.stderr(`${stackOf(err)}\n`);
    return EXIT.internal;
  }
}

function usageError(command: Command, message: string, out: Output): number {
  const usageLine = command.usage.split('\n')[0] ?? '';
  out.stderr(`${BIN} ${command.name}: ${message}\n${usageLine}\nRun '${BIN} ${command.name} --help' for its options.\n`);
  return EXIT.unreadable;
}

// parseArgs says what is wrong in its first sentence; the rest is advice about `--` we do not need.
function parseErrorMessage(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) throw err;
  const message = oneLine(err).replace(/^TypeError(\s\[\w+\])?:\s*/, '');
  const sentence = message.split(/(?<=\.)\s/)[0] ?? message;
  return sentence.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
}
