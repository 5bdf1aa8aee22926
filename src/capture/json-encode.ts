// JSON text of a hook message, written without anything the page can reach. JSON.stringify on an
// object looks up `toJSON` (a page could put one on Object.prototype, see it called and learn that
// the hook is there); on a string primitive it only quotes. So objects are walked here, by their own
// keys, and only strings and numbers go through the saved stringify.
import { PAGE_MESSAGE_TAG, type PageFrame, type PageToRelay } from '../bridge/page-messages';

const stringify = JSON.stringify;
const ownKeys = Object.keys;
const isFinite = Number.isFinite;
const hasOwn = Object.hasOwn;

function encodeValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return stringify(value);
    case 'number':
      return isFinite(value) ? '' + value : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : encodeObject(value as Record<string, unknown>);
    default:
      return undefined; // undefined and functions are left out, as JSON.stringify does
  }
}

function encodeObject(object: Record<string, unknown>): string {
  const keys = ownKeys(object);
  let out = '';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const text = encodeValue(object[key]);
    if (text === undefined) continue;
    out += (out === '' ? '' : ',') + stringify(key) + ':' + text;
  }
  return '{' + out + '}';
}

const num = (n: number): string => (isFinite(n) ? '' + n : 'null');
const FRAME_HEAD = '{' + stringify(PAGE_MESSAGE_TAG) + ':1,"type":"frame","connectionId":';

/**
 * A frame, the message sent thousands of times a second, written field by field. Optional fields are
 * looked at only when they are own properties, so an absent one never reaches Object.prototype.
 */
function encodeFrame(f: PageFrame): string {
  let out = FRAME_HEAD + stringify(f.connectionId) + ',"time":' + num(f.time) + ',"direction":' + stringify(f.direction);
  out += ',"kind":' + stringify(f.kind) + ',"data":' + stringify(f.data);
  // Seven keys are always there; most frames have nothing else.
  if (ownKeys(f).length === 7) return out + '}';
  if (hasOwn(f, 'encoding')) out += ',"encoding":' + stringify(f.encoding);
  if (hasOwn(f, 'eventName')) out += ',"eventName":' + stringify(f.eventName);
  if (hasOwn(f, 'eventId')) out += ',"eventId":' + stringify(f.eventId);
  if (hasOwn(f, 'truncated')) out += ',"truncated":{"originalLength":' + num(f.truncated!.originalLength) + '}';
  if (hasOwn(f, 'code')) out += ',"code":' + num(f.code!);
  if (hasOwn(f, 'reason')) out += ',"reason":' + stringify(f.reason);
  return out + '}';
}

/** Writes a text message frame of one connection: what encodeMessage writes for it, built directly. */
export type TextFrameEncoder = (time: number, direction: 'in' | 'out', data: string) => string;

/**
 * The hot path of a whole capture: a WebSocket text message becomes JSON text with one quoting of its
 * payload and a few concatenations, no frame object and no key walk. The parts that never change
 * for the connection are quoted once.
 */
export function textFrameEncoder(connectionId: string): TextFrameEncoder {
  const head = FRAME_HEAD + stringify(connectionId) + ',"time":';
  const inbound = ',"direction":"in","kind":"message","data":';
  const outbound = ',"direction":"out","kind":"message","data":';
  return (time, direction, data) => head + num(time) + (direction === 'in' ? inbound : outbound) + stringify(data) + '}';
}

/** The message as JSON text; plain objects, strings and numbers only (which is all a message holds). */
export function encodeMessage(message: PageToRelay): string {
  if (message.type === 'frame') return encodeFrame(message);
  return encodeObject(message as unknown as Record<string, unknown>);
}
