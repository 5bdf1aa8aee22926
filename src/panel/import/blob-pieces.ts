// A file's bytes in pieces, read one at a time: a file of hundreds of megabytes never becomes one
// string, and the reader gets its first frames after the first piece.
export const PIECE_BYTES = 256 * 1024;

export async function* blobPieces(blob: Blob, size = PIECE_BYTES): AsyncIterable<Uint8Array> {
  for (let at = 0; at < blob.size; at += size) yield new Uint8Array(await blob.slice(at, at + size).arrayBuffer());
}
