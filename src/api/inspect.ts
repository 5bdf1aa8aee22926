// Reads any supported input into sessions with their findings: the step `check`, `render` and the
// test matchers share. An input is the text of a file, a Capture, or what `readInput` returned.
import { splitLines } from '../capture-format/build-capture';
import { splitSessions, type Session } from '../analysis/sessions';
import type { Capture } from '../model/frame';
import { protocols } from '../protocols/registry';
import type { ProtocolId } from '../protocols/types';
import { readInput, type InputFormat, type ReadResult } from '../readers/read-input';

/** The text of an input file (any format `readInput` recognises), a Capture, or a `readInput` result. */
export type CaptureSource = string | Capture | ReadResult;

export interface InspectOptions {
  /** Skip detection: read every connection as this protocol. */
  protocol?: ProtocolId;
}

export interface Inspected {
  /** The input's format; `capture` for a Capture object. */
  format: InputFormat;
  sessions: Session[];
  /** The 1-based line of a frame, for inputs where a frame is a line (JSON Lines). */
  lineOfFrame?: (frameIndex: number) => number | undefined;
}

const RECORD_SEPARATOR = String.fromCharCode(0x1e);

export const protocolIds: readonly ProtocolId[] = protocols.map((p) => p.id);

export function isProtocolId(id: string): id is ProtocolId {
  return (protocolIds as readonly string[]).includes(id);
}

/** Throws InputError (from the readers) when text cannot be read or recognised. */
export function inspect(source: CaptureSource, options: InspectOptions = {}): Inspected {
  const read = typeof source === 'string' ? readInput(source) : isReadResult(source) ? source : { format: 'capture' as const, capture: source };
  const capture = options.protocol ? withProtocol(read.capture, options.protocol) : read.capture;
  const inspected: Inspected = { format: read.format, sessions: splitSessions(capture, protocols) };
  if (read.format === 'jsonl' && typeof source === 'string') inspected.lineOfFrame = jsonLinesLineMap(source);
  return inspected;
}

/** Whether any session of the input speaks a known agent protocol. */
export function recognised(inspected: Inspected): boolean {
  return inspected.sessions.some((s) => s.pipeline.protocol !== 'unknown');
}

function isReadResult(source: Capture | ReadResult): source is ReadResult {
  return 'capture' in source && 'format' in source;
}

// A copy, so the caller's Capture keeps the protocols it had.
function withProtocol(capture: Capture, protocol: ProtocolId): Capture {
  return { ...capture, connections: capture.connections.map((c) => ({ ...c, protocol })) };
}

/**
 * The JSON Lines reader makes one frame per non-blank line (a leading RFC 7464 record separator
 * removed), so frame N is the N-th such line of the text.
 */
function jsonLinesLineMap(text: string): (frameIndex: number) => number | undefined {
  const lines: number[] = [];
  splitLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).forEach((line, i) => {
    if ((line.startsWith(RECORD_SEPARATOR) ? line.slice(1) : line).trim() !== '') lines.push(i + 1);
  });
  return (frameIndex) => lines[frameIndex];
}
