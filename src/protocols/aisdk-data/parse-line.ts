// Parses one data stream line the way the v4 client does, but returns what went wrong instead of throwing.
import { ASSISTANT_STREAM_CODES, DATA_STREAM_PARTS, isDataStreamCode, type DataStreamPart } from './schema';

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
 * The hot parts (text, reasoning, tool argument deltas) checked by hand so they skip the zod schema;
 * it accepts only what the schema accepts (fast-path.test.ts), and anything else still goes through it.
 */
export function isPlainPart(code: string, value: unknown): boolean {
  switch (code) {
    case '0':
    case 'g':
      return typeof value === 'string';
    case 'c': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const v = value as { toolCallId?: unknown; argsTextDelta?: unknown };
      return typeof v.toolCallId === 'string' && typeof v.argsTextDelta === 'string';
    }
    default:
      return false;
  }
}
