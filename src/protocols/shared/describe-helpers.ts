// Building blocks for each protocol's `describeFrame`: what a frame is (its event label) and the start
// of what it carries (a one-line preview). Everything here reads untrusted payloads and never throws.
import { frameText } from '../../model/decode';
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { abortedByPage } from './page-abort';

export type FrameCategory = NonNullable<FrameDescription['category']>;

/** Longest preview, in characters. */
export const PREVIEW_MAX = 120;
/** How much of a long text is looked at to build a preview: whitespace is folded only in this slice. */
const PREVIEW_SLICE = PREVIEW_MAX * 4;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else `undefined`. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** One line of at most `max` characters from a text: whitespace runs become one space. */
export function previewText(text: string, max = PREVIEW_MAX): string {
  const flat = text.slice(0, PREVIEW_SLICE).replace(/\s+/g, ' ').trim();
  if (flat.length > max) return `${flat.slice(0, max - 1)}…`;
  return text.length > PREVIEW_SLICE ? `${flat}…` : flat;
}

/**
 * A preview of any value: strings as they are, other JSON values as compact JSON. A value that cannot be
 * written as JSON (cycles, engine limits) gives `undefined` rather than an exception.
 */
export function previewValue(value: unknown, max = PREVIEW_MAX): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value === '' ? undefined : previewText(value, max);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  try {
    const json = JSON.stringify(value);
    return typeof json === 'string' ? previewText(json, max) : undefined;
  } catch {
    return undefined;
  }
}

/** A description, leaving out an empty preview. */
export function describe(event: string, category: FrameCategory, preview?: string): FrameDescription {
  return preview === undefined || preview === '' ? { event, category } : { event, category, preview: previewText(preview) };
}

/** An error event: `error: <its type>` with its message (Anthropic, flat-block and OpenAI errors look alike). */
export function describeError(error: unknown): FrameDescription {
  const fields = isRecord(error) ? error : {};
  const kind = str(fields.type);
  return describe(kind ? `error: ${kind}` : 'error', 'error', str(fields.message) ?? previewValue(error));
}

/** A content block start, `content_block_start: <type> <name>`, as Anthropic and flat-block send it. */
export function blockStartLabel(block: Record<string, unknown>): { type: string; label: string } {
  const type = str(block.type) ?? '?';
  const name = str(block.name);
  return { type, label: `content_block_start: ${type}${name ? ` ${name}` : ''}` };
}

/**
 * A text or reasoning block start: an empty one only announces text to come (lifecycle); only text
 * itself counts towards the time to first token.
 */
export function describeTextStart(label: string, category: 'text' | 'reasoning', text: string | undefined): FrameDescription {
  return describe(label, text ? category : 'lifecycle', text);
}

/** The frame's payload text, previewed. */
export function payloadPreview(decoded: DecodedFrame): string | undefined {
  const text = frameText(decoded.frame);
  return text === '' ? undefined : previewText(text);
}

/**
 * What any frame is when no protocol says more: connection events, what the page sent, non-JSON text
 * (`[DONE]`, heartbeats) and JSON named by its `type` field.
 */
export function describeGeneric(decoded: DecodedFrame): FrameDescription {
  const { frame } = decoded;
  if (frame.kind === 'open') return describe('open', 'lifecycle', payloadPreview(decoded));
  // An aborted fetch, a body the page cancelled and an EventSource it closed all end the same way.
  if (abortedByPage(frame)) return describe('stopped by the page', 'lifecycle', payloadPreview(decoded));
  if (frame.kind === 'close') return describe('close', 'lifecycle', payloadPreview(decoded));
  if (frame.kind === 'error') return describe('connection error', 'error', payloadPreview(decoded));
  if (frame.direction === 'out') return describe(isRecord(decoded.json) && str(decoded.json.type) ? `send: ${str(decoded.json.type)}` : 'send', 'request', payloadPreview(decoded));
  if (decoded.json === undefined) return describeText(decoded);
  const type = isRecord(decoded.json) ? str(decoded.json.type) : undefined;
  if (type !== undefined && type !== '') return describe(previewText(type, 60), 'other', payloadPreview(decoded));
  return describe(Array.isArray(decoded.json) ? '(json array)' : '(json)', 'other', payloadPreview(decoded));
}

/** A leading `{"type":"…"` of a payload cut short: a short name of plain characters, nothing to unescape. */
const CUT_TYPE = /^\s*\{\s*"type"\s*:\s*"([\w.:/-]{1,60})"/;

/** A message frame whose payload is not JSON. */
function describeText(decoded: DecodedFrame): FrameDescription {
  const { frame } = decoded;
  const text = frameText(frame);
  const trimmed = text.trim();
  if (trimmed === '[DONE]') return describe('[DONE]', 'lifecycle');
  if (frame.truncated) {
    // The head still names the event, in the many protocols that lead with "type": say which was cut.
    const type = CUT_TYPE.exec(text.slice(0, 200))?.[1];
    return describe(type ? `${type} (cut off)` : '(cut off)', 'other', payloadPreview(decoded));
  }
  if (trimmed === '') return describe('(empty)', 'other');
  return describe('(text)', 'other', payloadPreview(decoded));
}

/** Runs a protocol's describer; a bug in it still gives the generic description, never an exception. */
export function guardedDescribe(describeMessage: (decoded: DecodedFrame) => FrameDescription | undefined): (decoded: DecodedFrame) => FrameDescription {
  return (decoded) => {
    try {
      if (decoded.frame.kind === 'message' && decoded.frame.direction === 'in') {
        const own = describeMessage(decoded);
        if (own) return own;
      }
    } catch {
      // fall through to the generic description
    }
    return safeGeneric(decoded);
  };
}

function safeGeneric(decoded: DecodedFrame): FrameDescription {
  try {
    return describeGeneric(decoded);
  } catch {
    return { event: '(unreadable)', category: 'other' };
  }
}

/**
 * A protocol's describer with the short form of its event labels (`label`) for narrow timelines; the
 * short form is left out when it is the event itself.
 */
export function withShortLabel(describeFrame: (decoded: DecodedFrame) => FrameDescription, shorten: (event: string) => string): (decoded: DecodedFrame) => FrameDescription {
  return (decoded) => {
    const description = describeFrame(decoded);
    let label: string;
    try {
      label = shorten(description.event);
    } catch {
      return description;
    }
    return label === description.event ? description : { ...description, label };
  };
}
