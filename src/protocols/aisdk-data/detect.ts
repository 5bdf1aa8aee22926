// Detection of the v4 data stream. Its frames are text lines `<code>:<JSON>`, never JSON as a whole, so
// the score comes from the frame text. Lines only a data stream sends score 1; `0:` text and `3:` error
// lines are shared with the OpenAI Assistants helper stream, and data/annotation/source/file lines are
// rare alone, so those only make the protocol plausible.
import type { Connection, DecodedFrame } from '../../model/frame';
import { frameText } from '../../model/decode';
import { parseLine } from './parse-line';

const DECISIVE = new Set(['9', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);

export function detectDataFrame(decoded: DecodedFrame): number {
  if (decoded.frame.kind !== 'message' || decoded.json !== undefined) return 0;
  const text = frameText(decoded.frame);
  const line = firstLine(text);
  if (line === undefined || !/^[0-9a-k]:/.test(line)) return 0;
  const parsed = parseLine(line);
  if (!parsed.ok) return 0;
  return DECISIVE.has(parsed.part.code) ? 1 : 0.5;
}

function firstLine(text: string): string | undefined {
  for (const raw of text.split('\n', 8)) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() !== '') return line;
  }
  return undefined;
}

export function detectDataConnection(connection: Connection): number {
  const header = connection.responseHeaders?.['x-vercel-ai-data-stream'];
  return header !== undefined && header.trim().toLowerCase() === 'v1' ? 1 : 0;
}
