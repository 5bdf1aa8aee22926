// Appends one array to another without spreading it into a call: `push(...items)` passes every item
// as an argument and overflows the engine's stack somewhere past 100,000 items.

export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
