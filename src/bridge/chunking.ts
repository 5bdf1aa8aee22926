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
  const text = JSON.stringify(message);
  if (text.length <= cap) return [message];
  const n = Math.ceil(text.length / cap);
  const pieces: ChunkPiece[] = [];
  for (let i = 0; i < n; i++) pieces.push({ [CHUNK_TAG]: id, i, n, part: text.slice(i * cap, (i + 1) * cap) });
  return pieces;
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
