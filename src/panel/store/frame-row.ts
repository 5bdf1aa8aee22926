// What the timeline needs of a frame beyond the frame itself and its description (describeRawFrame):
// its size in bytes, computed once when the frame arrives, and how numbers and sizes are written.
import type { Frame } from '../../model/frame';

/** Bytes of the payload as it crossed the wire (UTF-8 for text, decoded length for base64). */
export function payloadBytes(frame: Frame): number {
  if (frame.truncated) return frame.truncated.originalLength;
  if (frame.encoding === 'base64') {
    const data = frame.data;
    const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
    return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
  }
  return utf8Length(frame.data);
}

export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  // Whole kB from 100 kB on, as the Network panel writes them: "900.1 kB" would not fit the Size column.
  if (bytes < 99_950) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 999_500) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Frames are numbered from 1 everywhere a person reads a number: the panel, findings and the CLI. */
export function frameNumber(index: number): number {
  return index + 1;
}
