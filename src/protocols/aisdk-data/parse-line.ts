// Parses one data stream line the way the v4 client does, but returns what went wrong instead of throwing.
import { ASSISTANT_STREAM_CODES, DATA_STREAM_PARTS, isDataStreamCode, type DataStreamPart } from './schema';
import { isRecord } from '../shared/view-helpers';

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
