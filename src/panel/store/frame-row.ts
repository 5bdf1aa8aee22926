// What a timeline row shows for a frame, computed once when the frame arrives (O(1) per frame):
// the event type (JSON `type`, else the SSE event name) and the payload size. No copy of the payload
// is kept: 100,000 frames already hold theirs.
import type { Frame } from '../../model/frame';
import { frameText } from '../../model/decode';

export interface FrameRow {
  type: string;
  /** Characters of the payload as captured (the original length when the capture cut it). */
  size: number;
}

export function frameRow(frame: Frame): FrameRow {
  const text = frameText(frame);
  return {
    type: eventType(frame, text),
    size: frame.truncated?.originalLength ?? frame.data.length,
  };
}

function eventType(frame: Frame, text: string): string {
  if (frame.kind !== 'message') return `(${frame.kind})`;
  const fromJson = jsonType(text);
  if (fromJson !== undefined) return fromJson;
  if (frame.eventName) return frame.eventName;
  return text.trimStart().startsWith('{') || text.trimStart().startsWith('[') ? '(json)' : '(text)';
}

function jsonType(text: string): string | undefined {
  const start = text.trimStart().charAt(0);
  if (start !== '{') return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const type = (value as Record<string, unknown>).type;
      if (typeof type === 'string' && type.length > 0) return type.slice(0, 80);
    }
  } catch {
    // Not JSON after all: the caller falls back to the SSE name or "(text)".
  }
  return undefined;
}

export function formatSize(chars: number): string {
  if (chars < 1000) return `${chars} B`;
  if (chars < 1_000_000) return `${(chars / 1000).toFixed(1)} kB`;
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}
