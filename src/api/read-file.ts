// Input files from disk, read in pieces (a large file never exists as one string), and where each frame
// of a JSON Lines file stands in it, for reports that point at a line.
import { createReadStream } from 'node:fs';
import { LineSplitter } from '../readers/line-splitter';
import { contentLine } from '../readers/read-json-events';

export { readInputFile } from '../readers/read-input-file';

/**
 * Pieces a file is read in as text: a little under 128 KB, because a larger string goes to V8's
 * large-object space, which only a full collection frees; 512 KB pieces of a 200 MB file piled up there
 * between collections (`check`'s peak 136 MB against 100 MB, in the same time). ASCII text gives
 * one-byte strings.
 */
export const FILE_PIECE_BYTES = (1 << 17) - 1024;

/**
 * The 1-based line of each frame of a JSON Lines file: the reader makes one frame per non-blank line,
 * so frame N is the N-th such line. Read in pieces with the reader's own line splitting.
 */
export async function jsonLinesLineMapOfFile(path: string): Promise<(frameIndex: number) => number | undefined> {
  let lines = new Int32Array(1024);
  let count = 0;
  let lineNumber = 0;
  const splitter = new LineSplitter((line) => {
    lineNumber++;
    if (contentLine(line) === '') return;
    if (count === lines.length) {
      const grown = new Int32Array(lines.length * 2);
      grown.set(lines);
      lines = grown;
    }
    lines[count++] = lineNumber;
  });
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: FILE_PIECE_BYTES });
  for await (const piece of stream) splitter.write(piece as string);
  splitter.end();
  return (frameIndex) => (frameIndex >= 0 && frameIndex < count ? lines[frameIndex] : undefined);
}
