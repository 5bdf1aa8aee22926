// Streams for the random-sequence agreement tests that mostly read: well-formed event sequences (one per
// message part, block or item) interleaved at random, then a few small mutations. Events drawn one by
// one at random mostly fail at once; these reach the states where a client and the view can differ.
import fc from 'fast-check';

export type Mutation = [op: 'drop' | 'repeat' | 'swap' | 'reindex', at: number];

/** Which sequence's next event comes next, in turn (see interleave). */
export const turnsArb = fc.array(fc.nat(2), { maxLength: 40 });

/** Up to two mutations, each at a position taken modulo the stream's length. */
export const mutationsArb = fc.array(fc.tuple(fc.constantFrom<Mutation[0]>('drop', 'repeat', 'swap', 'reindex'), fc.nat(60)), { maxLength: 2 });

/** The sequences' events, the next one from the sequence `turns` names (modulo their count), the rest in order. */
export function interleave(sequences: readonly (readonly object[])[], turns: readonly number[]): object[] {
  const queues = sequences.map((s) => [...s]);
  const events: object[] = [];
  for (let turn = 0; queues.some((q) => q.length > 0); turn++) {
    const wanted = queues[(turns[turn] ?? 0) % queues.length] as object[];
    events.push((wanted.length > 0 ? wanted : (queues.find((q) => q.length > 0) as object[])).shift() as object);
  }
  return events;
}

/**
 * The events with each mutation applied in turn: one dropped, repeated, swapped with the next, or moved
 * to the next of `count` positions through its numeric `field` (a block's index, an item's output_index).
 */
export function mutate(events: readonly object[], mutations: readonly Mutation[], field: string, count: number): object[] {
  const out = [...events];
  for (const [op, at] of mutations) {
    if (out.length === 0) break;
    const k = at % out.length;
    const event = out[k] as Record<string, unknown>;
    const position = event[field];
    if (op === 'drop') out.splice(k, 1);
    else if (op === 'repeat') out.splice(k, 0, event);
    else if (op === 'swap' && k + 1 < out.length) out.splice(k, 2, out[k + 1] as object, event);
    else if (op === 'reindex' && typeof position === 'number') out[k] = { ...event, [field]: (position + 1) % count };
  }
  return out;
}
