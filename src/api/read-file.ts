// Input files from disk, read in pieces (a large file never exists as one string), and where each frame
// of a JSON Lines file stands in it, for reports that point at a line.
import { createReadStream } from 'node:fs';
import { LineSplitter } from '../readers/line-splitter';
import { contentLine } from '../readers/read-json-events';

export { readInputFile } from '../readers/read-input-file';

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
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 19 });
  for await (const piece of stream) splitter.write(piece as string);
  splitter.end();
  return (frameIndex) => (frameIndex >= 0 && frameIndex < count ? lines[frameIndex] : undefined);
}
