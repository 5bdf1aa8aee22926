// The hand checks of frames (the page's to the relay, the hub's to the panel) take only a plain object
// with exactly the fields of the common frame; anything else goes to the schema.

const hasOwn = Object.hasOwn;

/** `value` is a plain, non-array object whose own enumerable keys are exactly `keys`, none inherited. */
export function hasExactlyKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  let count = 0;
  for (const key in v) {
    if (!hasOwn(v, key)) return false;
    count++;
  }
  if (count !== keys.length) return false;
  for (const key of keys) if (!hasOwn(v, key)) return false;
  return true;
}

/**
 * `value` is a plain, non-array object whose own enumerable keys are all of `keys` and any of
 * `optional`, none inherited.
 */
export function hasKeysWithin(value: unknown, keys: readonly string[], optional: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  let count = 0;
  let extra = 0;
  for (const key in v) {
    if (!hasOwn(v, key)) return false;
    count++;
    if (optional.includes(key)) extra++;
  }
  if (count !== keys.length + extra) return false;
  for (const key of keys) if (!hasOwn(v, key)) return false;
  return true;
}
