// Decodes a frame's payload once. Never throws: anything that is not JSON is described instead.
import type { DecodedFrame, Frame } from './frame';

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** The engine's own base64 decoder where it has one (Chromium 140, Firefox 133); atob and a loop elsewhere. */
const WithBase64 = Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array };

/**
 * The last base64 payload decoded and its text: the hub's protocol detection decodes a connection's
 * first frames, and more than one reader asks for the same frame's text in a row (decodeFrame, then a
 * detector that reads lines); a binary frame of 100 KB took about a millisecond each time.
 */
let lastFrame: Frame | undefined;
let lastData: string | undefined;
let lastText = '';

/** The frame's payload as text: base64 payloads are decoded as UTF-8 (binary WebSocket frames often carry JSON). */
export function frameText(frame: Frame): string {
  if (frame.encoding !== 'base64') return frame.data;
  // The same payload string too (=== on one string is a pointer test): a frame object changed since is decoded anew.
  if (frame === lastFrame && frame.data === lastData) return lastText;
  let text = '';
  try {
    text = utf8.decode(base64Bytes(frame.data));
  } catch {
    // not base64: no text
  }
  lastFrame = frame;
  lastData = frame.data;
  lastText = text;
  return text;
}

function base64Bytes(data: string): Uint8Array {
  // Lenient as atob is: no padding needed, whitespace skipped.
  if (WithBase64.fromBase64) return WithBase64.fromBase64(data);
  // A plain loop: Uint8Array.from with a mapping function walked the string's iterator and called
  // the function once a byte.
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The value JSON.parse gave for the payload of the frame a reader is handing on (JSON Lines are parsed
 * to read wrappers): one slot, since a reader's frame is decoded at once on its way through the
 * pipeline. Given out once, so no two decodes share objects; a frame decoded later is parsed afresh.
 */
let handedFrame: object | undefined;
let handedValue: unknown;

/** Hands over the parsed value of a frame's payload (its `data`, a plain text payload) to the frame's next decode. */
export function handOverParsed(frame: object, value: unknown): void {
  handedFrame = frame;
  handedValue = value;
}

export function decodeFrame(frame: Frame): DecodedFrame {
  if (frame.kind !== 'message') return { frame, json: undefined };
  if (frame === handedFrame) {
    const json = handedValue;
    handedFrame = handedValue = undefined;
    return { frame, json };
  }
  const text = frameText(frame);
  // Most payloads are JSON objects: straight to the parse, without the checks below.
  if (text.charCodeAt(0) === OPEN_BRACE) return parsed(frame, text);
  // Cheap pre-checks so heartbeats, `[DONE]` markers and `<code>:<json>` lines skip the exception path of JSON.parse.
  if (text === '[DONE]') return notJson(frame, text);
  const first = firstNonSpace(text);
  if (first !== '{' && first !== '[' && first !== '"') {
    if (!isJsonScalarStart(first)) return { frame, json: undefined, jsonError: describeNonJson(frame, text) };
    // `<code>:<json>` lines: no JSON text has a colon right after its first character.
    if (text.charCodeAt(1) === COLON || !JSON_SCALAR.test(text)) return notJson(frame, text);
  }
  return parsed(frame, text);
}

function parsed(frame: Frame, text: string): DecodedFrame {
  try {
    return { frame, json: JSON.parse(text) as unknown };
  } catch (err) {
    return { frame, json: undefined, jsonError: describeNonJson(frame, text, parseFailure(err)) };
  }
}

const OPEN_BRACE = 123;

/**
 * Every JSON text that starts with a number or literal: what does not match certainly fails JSON.parse,
 * so its reason (JSON.parse's own message) is worked out only when someone reads it.
 */
const COLON = 58;

const JSON_SCALAR = /^[ \t\n\r]*(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)[ \t\n\r]*$/;

/**
 * A payload that certainly fails JSON.parse, its reason worked out when first read. A class, so the
 * many `<code>:<json>` lines and `[DONE]` markers that never have their reason read cost one small
 * object each; the reason for `[DONE]`, the same every time, is worked out once.
 */
class NotJson implements DecodedFrame {
  readonly json = undefined;
  private error: string | undefined;

  constructor(
    readonly frame: Frame,
    private readonly text: string,
  ) {}

  get jsonError(): string {
    if (this.error === undefined) {
      const reason = this.text === '[DONE]' ? (doneReason ??= parseReason(this.text)) : parseReason(this.text);
      this.error = describeNonJson(this.frame, this.text, reason);
    }
    return this.error;
  }
}

let doneReason: string | undefined;

function notJson(frame: Frame, text: string): DecodedFrame {
  return new NotJson(frame, text);
}

function parseReason(text: string): string | undefined {
  try {
    JSON.parse(text);
  } catch (err) {
    return parseFailure(err);
  }
  return undefined;
}

function parseFailure(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t' && c !== '\uFEFF') return c;
  }
  return '';
}

function isJsonScalarStart(c: string): boolean {
  return c === '-' || (c >= '0' && c <= '9') || c === 't' || c === 'f' || c === 'n';
}

function describeNonJson(frame: Frame, text: string, reason?: string): string {
  if (frame.truncated) return `payload was cut at ${frame.data.length} of ${frame.truncated.originalLength} characters`;
  if (text.length === 0) return frame.encoding === 'base64' ? 'binary payload that is not UTF-8 text' : 'empty payload';
  return reason ? `not JSON (${reason})` : 'not JSON';
}

/**
 * A short one-line preview of a payload for raw items and messages: whitespace runs become one space,
 * the ends are trimmed, and past `max` characters it is cut with `…`.
 */
export function preview(text: string, max = 120): string {
  // Most payloads are one flat line already: nothing to replace, no copy.
  if (!NEEDS_FLATTENING.test(text)) return cutPreview(text, max);
  // A long text: the head is flattened first. Its flat form is the start of the whole text's (a run
  // that goes on past the head becomes the same one space), so when it is already longer than `max`
  // it gives the same cut preview, without flattening megabytes.
  const head = text.length > PREVIEW_HEAD + max ? text.slice(0, PREVIEW_HEAD + max) : undefined;
  if (head !== undefined) {
    const flatHead = head.replace(WHITESPACE_RUNS, ' ').trim();
    if (flatHead.length > max) return `${flatHead.slice(0, max - 1)}…`;
  }
  return cutPreview(text.replace(WHITESPACE_RUNS, ' ').trim(), max);
}

/** Whitespace that the preview changes: any but a single inner space. */
const NEEDS_FLATTENING = /[^\S ]| {2}|^ | $/;
const WHITESPACE_RUNS = /\s+/g;
/** Characters past `max` a long text's head keeps: a head with runs of whitespace still flattens to more than `max`. */
const PREVIEW_HEAD = 4096;

function cutPreview(flat: string, max: number): string {
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
