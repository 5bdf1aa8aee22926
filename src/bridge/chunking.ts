// Splits messages that would be too big for one port message into numbered string pieces and puts
// them back together on the other side. Chrome refuses port messages over 64 MiB (and serialises
// them as JSON), so anything whose JSON is longer than the cap travels as pieces well under it.
import { z } from 'zod';

/** JSON characters per piece. */
export const CHUNK_CHARS = 1_000_000;
/** A reassembled message may not exceed this many pieces (bounds memory on the receiving side). */
export const MAX_PIECES = 300;

export const CHUNK_TAG = '__asiChunk';

export interface ChunkPiece {
  readonly [CHUNK_TAG]: number;
  readonly i: number;
  readonly n: number;
  readonly part: string;
}

const ChunkPieceSchema = z.object({
  [CHUNK_TAG]: z.number().int().nonnegative(),
  i: z.number().int().nonnegative(),
  n: z.number().int().min(2).max(MAX_PIECES),
  part: z.string().max(CHUNK_CHARS),
});

/** Returns the message itself when it is small enough, else the pieces of its JSON text. */
export function splitMessage(message: unknown, id: number, cap = CHUNK_CHARS): unknown[] {
  // Most messages are far under the cap: a bound on their JSON length, found without writing it,
  // spares a copy of every message as text (the hub posts ten appends a second in a flood).
  if (jsonLengthAtMost(message, cap) <= cap) return [message];
  const text = JSON.stringify(message);
  if (text.length <= cap) return [message];
  const n = Math.ceil(text.length / cap);
  const pieces: ChunkPiece[] = [];
  for (let i = 0; i < n; i++) pieces.push({ [CHUNK_TAG]: id, i, n, part: text.slice(i * cap, (i + 1) * cap) });
  return pieces;
}

/**
 * At least the length of `JSON.stringify(value)` (every character of a string counted as its longest
 * escape), or anything over `limit` once the walk has passed it. For the plain data the ports carry;
 * a value with a toJSON or a non-finite number may be written shorter, never longer.
 */
/**
 * The longest JSON a finite number is written as: a sign, "0.", five zeros and 17 digits
 * (`-0.0000012695021989343502`); the exponent forms (`-1.2345678901234567e-308`) are shorter.
 */
const MAX_NUMBER_LENGTH = 25;

export function jsonLengthAtMost(value: unknown, limit: number): number {
  switch (typeof value) {
    case 'string':
      return value.length * 6 + 2;
    case 'number':
      return MAX_NUMBER_LENGTH;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      let n = 2;
      if (Array.isArray(value)) {
        // By index: an iterator per array walked showed in the worker's garbage (packed appends are arrays of numbers).
        const items = value as unknown[];
        for (let i = 0; i < items.length; i++) {
          const item = items[i];
          n += (typeof item === 'number' ? MAX_NUMBER_LENGTH : jsonLengthAtMost(item, limit)) + 1;
          if (n > limit) return n;
        }
        return n;
      }
      const record = value as Record<string, unknown>;
      for (const key in record) {
        n += key.length * 6 + 4 + jsonLengthAtMost(record[key], limit);
        if (n > limit) return n;
      }
      return n;
    }
    default:
      return 0; // undefined and functions are left out of JSON
  }
}

export function isChunkPiece(value: unknown): boolean {
  return typeof value === 'object' && value !== null && CHUNK_TAG in value;
}

/** Collects pieces per id; returns the whole message once its last piece arrived. */
export class ChunkAssembler {
  private readonly pending = new Map<number, { n: number; parts: string[]; got: number }>();

  /** `{ complete: true, message }` when a message is whole, `{ complete: false }` while waiting or on a bad piece. */
  add(value: unknown): { complete: true; message: unknown } | { complete: false; error?: string } {
    const parsed = ChunkPieceSchema.safeParse(value);
    if (!parsed.success) return { complete: false, error: 'malformed piece' };
    const piece = parsed.data;
    const id = piece[CHUNK_TAG];
    let entry = this.pending.get(id);
    if (!entry) {
      // Pieces of one message arrive in order on one port; a new id means any older one was abandoned.
      this.pending.clear();
      entry = { n: piece.n, parts: [], got: 0 };
      this.pending.set(id, entry);
    }
    if (piece.n !== entry.n || piece.i !== entry.got) {
      this.pending.delete(id);
      return { complete: false, error: 'pieces out of order' };
    }
    entry.parts.push(piece.part);
    entry.got++;
    if (entry.got < entry.n) return { complete: false };
    this.pending.delete(id);
    try {
      return { complete: true, message: JSON.parse(entry.parts.join('')) as unknown };
    } catch {
      return { complete: false, error: 'pieces do not form JSON' };
    }
  }
}
