// Event id comparison for replay checks. Ids may be numbers, numeric strings, or strings with a
// trailing counter such as `evt-41`; ids with different prefixes are only comparable for equality.

export interface ParsedEventId {
  raw: string;
  prefix: string;
  /** Trailing counter, when the id ends in digits. */
  counter?: number;
  /** The whole id is a number. */
  numeric: boolean;
}

export function parseEventId(id: string | number): ParsedEventId {
  const raw = String(id);
  const match = /^(.*?)(\d+)$/.exec(raw);
  if (!match) return { raw, prefix: raw, numeric: false };
  const prefix = match[1] ?? '';
  return { raw, prefix, counter: Number(match[2]), numeric: prefix === '' };
}

/** True when `id` is certainly not after `cursor`. */
export function isNotAfter(id: ParsedEventId, cursor: ParsedEventId): boolean {
  if (id.counter !== undefined && cursor.counter !== undefined && id.prefix === cursor.prefix) {
    return id.counter <= cursor.counter;
  }
  return id.raw === cursor.raw;
}

/** How far past the cursor a numeric id is (1 = right after), or undefined when not numeric. */
export function distancePast(id: ParsedEventId, cursor: ParsedEventId): number | undefined {
  if (!id.numeric || !cursor.numeric || id.counter === undefined || cursor.counter === undefined) return undefined;
  return id.counter - cursor.counter;
}
