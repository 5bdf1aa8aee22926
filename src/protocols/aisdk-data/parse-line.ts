// Parses one data stream line the way the v4 client does, but returns what went wrong instead of throwing.
import { ASSISTANT_STREAM_CODES, DATA_STREAM_PARTS, isDataStreamCode, type DataStreamPart } from './schema';
import { isRecord } from '../shared/view-helpers';
import { UNREAD, readCompactLine } from './compact-lines';

export type LineResult =
  | { ok: true; part: DataStreamPart }
  | { ok: false; problem: 'no-separator' | 'unknown-code' | 'invalid-json' | 'invalid-value'; message: string; code?: string };

export function parseLine(line: string): LineResult {
  const sep = line.indexOf(':');
  if (sep === -1) {
    return { ok: false, problem: 'no-separator', message: 'Failed to parse stream string. No separator found.' };
  }
  const code = line.slice(0, sep);
  if (!isDataStreamCode(code)) {
    const hint = ASSISTANT_STREAM_CODES.has(code) ? ' (an OpenAI Assistants stream code, not a data stream code)' : '';
    return { ok: false, problem: 'unknown-code', code, message: `Failed to parse stream string. Invalid code ${code}.${hint}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(line.slice(sep + 1));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: false, problem: 'invalid-json', code, message: `the value after "${code}:" is not JSON (${reason})` };
  }
  if (isPlainPart(code, value)) return { ok: true, part: { code, value } as DataStreamPart };
  const def = DATA_STREAM_PARTS[code];
  const parsed = def.schema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: 'invalid-value', code, message: def.expects };
  return { ok: true, part: { code, value: parsed.data } as DataStreamPart };
}

const COLON = 58;

/** 1 at the character code of each data stream code (all are ASCII), else 0. */
const CODE_CHARS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (const code of Object.keys(DATA_STREAM_PARTS)) table[code.charCodeAt(0)] = 1;
  return table;
})();

/** What `parsePlainLine` gives for a line that is not a plain part: `parseLine` says what it is. */
export const NOT_PLAIN: unique symbol = Symbol('not a plain part');

/**
 * The value of a line that is a part in its plain shape (a one-character code, `:`, JSON that passes
 * isPlainPart), parsed once with nothing else made: the fold's path for almost every line. NOT_PLAIN
 * for every other line, which parseLine then parses for its wording. For a line it gives a value for,
 * parseLine gives `{ok: true, part: {code: <first character>, value}}` (fast-path.test.ts).
 */
export function parsePlainLine(line: string): unknown {
  // Every data stream code is one character, so the separator is the second.
  const first = line.charCodeAt(0);
  if (line.charCodeAt(1) !== COLON || first >= 128 || CODE_CHARS[first] !== 1) return NOT_PLAIN;
  const code = line.charAt(0);
  // The server's compact lines are read off the line (compact-lines.ts); the rest parsed.
  let value = readCompactLine(line, first);
  if (value === UNREAD) {
    try {
      value = JSON.parse(line.slice(2));
    } catch {
      return NOT_PLAIN;
    }
  }
  return isPlainPart(code, value) ? value : NOT_PLAIN;
}

/**
 * Parts in their plain shape, checked by hand so they skip the zod schema: it accepts only what the
 * schema accepts (fast-path.test.ts), and anything else still goes through it (for its wording).
 */
export function isPlainPart(code: string, value: unknown): boolean {
  switch (code) {
    case '0':
    case 'g':
    case '3':
      return typeof value === 'string';
    case '2':
    case '8':
      return Array.isArray(value);
    case 'h':
      return typeof value === 'object' && value !== null;
  }
  if (!isRecord(value)) return false;
  switch (code) {
    case 'c':
      return typeof value.toolCallId === 'string' && typeof value.argsTextDelta === 'string';
    case 'b':
      return typeof value.toolCallId === 'string' && typeof value.toolName === 'string';
    case '9':
      return typeof value.toolCallId === 'string' && typeof value.toolName === 'string' && Object.hasOwn(value, 'args') && typeof value.args === 'object' && value.args !== null;
    case 'a':
      return typeof value.toolCallId === 'string' && Object.hasOwn(value, 'result') && value.result !== undefined;
    case 'd':
    case 'e':
      return typeof value.finishReason === 'string';
    case 'f':
      return typeof value.messageId === 'string';
    case 'i':
      return typeof value.data === 'string';
    case 'j':
      return typeof value.signature === 'string';
    case 'k':
      return typeof value.data === 'string' && typeof value.mimeType === 'string';
    default:
      return false;
  }
}
