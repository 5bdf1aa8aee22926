// One line saying how a message the client sent differs from the recorded one: the JSON paths that
// differ when both are JSON, else both texts, shortened.
const MAX_PATHS = 4;
const MAX_DEPTH = 32;
const SHOWN = 60;

export function describeDifference(recorded: string, received: string): string {
  const a = parseJson(recorded);
  const b = parseJson(received);
  if (a.ok && b.ok) {
    const paths: string[] = [];
    collect(a.value, b.value, '', 0, paths);
    if (paths.length > 0) {
      const shown = paths.slice(0, MAX_PATHS).join('; ');
      return paths.length > MAX_PATHS ? `${shown}; and ${paths.length - MAX_PATHS} more` : shown;
    }
  }
  return `recorded ${shortText(recorded)}, got ${shortText(received)}`;
}

function collect(a: unknown, b: unknown, path: string, depth: number, out: string[]): void {
  if (out.length > MAX_PATHS) return;
  if (Object.is(a, b)) return;
  const bothObjects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) {
    out.push(`${path || '(value)'}: recorded ${shortJson(a)}, got ${shortJson(b)}`);
    return;
  }
  if (depth >= MAX_DEPTH) {
    out.push(`${path}: differs more than ${MAX_DEPTH} levels deep`);
    return;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) {
    const child = Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (!Object.hasOwn(rb, key)) out.push(`${child}: missing (recorded ${shortJson(ra[key])})`);
    else if (!Object.hasOwn(ra, key)) out.push(`${child}: not in the recording (got ${shortJson(rb[key])})`);
    else collect(ra[key], rb[key], child, depth + 1, out);
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function shortJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'undefined';
  } catch {
    text = '(unprintable)';
  }
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/** A text as a JSON string, cut to a readable length. */
export function shortText(text: string): string {
  return JSON.stringify(text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);
}
