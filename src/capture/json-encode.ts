// JSON text of a hook message, written without anything the page can reach. JSON.stringify on an
// object looks up `toJSON` (a page could put one on Object.prototype, see it called and learn that
// the hook is there); on a string primitive it only quotes. So objects are walked here, by their own
// keys, and only strings and numbers go through the saved stringify.
import { PAGE_MESSAGE_TAG, type PageFrame, type PageToRelay } from '../bridge/page-messages';
import { hasOwn, isFinite, isNativeFunction, ownKeys, stringify as nativeStringify } from './natives';

const isArray = Array.isArray;

/** Control characters as JSON writes them, by code: \n, \t… or \u00XX. */
const CONTROL = ['\u0000', '\u0001', '\u0002', '\u0003', '\u0004', '\u0005', '\u0006', '\u0007', '\u0008', '\u0009', '\u000a', '\u000b', '\u000c', '\u000d', '\u000e', '\u000f', '\u0010', '\u0011', '\u0012', '\u0013', '\u0014', '\u0015', '\u0016', '\u0017', '\u0018', '\u0019', '\u001a', '\u001b', '\u001c', '\u001d', '\u001e', '\u001f'];
const HEX = '0123456789abcdef';
const ESCAPED: Record<string, string> = { __proto__: null } as unknown as Record<string, string>;
for (let c = 0; c < 32; c++) {
  const hex = HEX;
  ESCAPED[CONTROL[c]!] = '\\u00' + hex[c >> 4]! + hex[c & 15]!;
}
ESCAPED['\b'] = '\\b';
ESCAPED['\t'] = '\\t';
ESCAPED['\n'] = '\\n';
ESCAPED['\f'] = '\\f';
ESCAPED['\r'] = '\\r';
ESCAPED['"'] = '\\"';
ESCAPED['\\'] = '\\\\';

/**
 * A string as JSON, for a page that replaced JSON.stringify before the hook started: characters are
 * read by index and compared with operators only, nothing the page can reach. Slower than the native,
 * and used only then. Lone surrogate halves are escaped as JSON.stringify does.
 */
export function quoteSlowly(s: string): string {
  let out = '"';
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const ch = s[i]!;
    const escaped = ESCAPED[ch];
    if (escaped !== undefined) out += escaped;
    else if (ch >= '\ud800' && ch <= '\udfff') {
      const next = i + 1 < n ? s[i + 1]! : '';
      if (ch <= '\udbff' && next >= '\udc00' && next <= '\udfff') {
        out += ch + next;
        i++;
      } else out += '\\u' + hexOfSurrogate(ch);
    } else out += ch;
  }
  return out + '"';
}

/** The four hex digits of a lone surrogate half (d800–dfff), found by comparison. */
function hexOfSurrogate(ch: string): string {
  const table = surrogates();
  let lo = 0xd800;
  let hi = 0xdfff;
  // Binary search over the code range with string comparisons: no charCodeAt needed.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ch >= table[mid - 0xd800]!) lo = mid;
    else hi = mid - 1;
  }
  return HEX[(lo >> 12) & 15]! + HEX[(lo >> 8) & 15]! + HEX[(lo >> 4) & 15]! + HEX[lo & 15]!;
}

const fromCode = String.fromCharCode;
let surrogateTable: string[] | undefined;
/** Every surrogate half as a string, made on first need (a lone half in a page that replaced JSON.stringify). */
function surrogates(): string[] {
  if (!surrogateTable) {
    surrogateTable = [];
    for (let c = 0xd800; c <= 0xdfff; c++) surrogateTable[c - 0xd800] = fromCode(c);
  }
  return surrogateTable;
}

/**
 * The saved JSON.stringify when it is the browser's own (a Proxy around it, which would run the page's
 * code with every payload, is not), else our own quoting. Chosen on first use, inside the hook's guard:
 * nothing in this module calls a builtin while it loads.
 */
let stringify: (s: string) => string = (s) => {
  stringify = isNativeFunction(nativeStringify, 'JSON.stringify') ? (nativeStringify as (s: string) => string) : quoteSlowly;
  return stringify(s);
};

function encodeValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return stringify(value);
    case 'number':
      return isFinite(value) ? '' + value : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return isArray(value) ? encodeArray(value) : encodeObject(value as Record<string, unknown>);
    default:
      return undefined; // undefined and functions are left out, as JSON.stringify does
  }
}

function encodeArray(items: unknown[]): string {
  let out = '';
  for (let i = 0; i < items.length; i++) out += (i === 0 ? '' : ',') + (encodeValue(items[i]) ?? 'null');
  return '[' + out + ']';
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
// The tag is plain ASCII: quoting it needs no stringify (nothing here runs a builtin at module start-up).
const FRAME_HEAD = '{"' + PAGE_MESSAGE_TAG + '":1,"type":"frame","connectionId":';

/**
 * A frame, the message sent thousands of times a second, written field by field. Optional fields are
 * looked at only when they are own properties, so an absent one never reaches Object.prototype.
 * `dataJson`, when given, is written as the `data` field in place of the quoted payload (the relay
 * channel writes the index of the payload it hands over beside the JSON text, see relay-channel.ts).
 */
function encodeFrame(f: PageFrame, dataJson?: string): string {
  let out = FRAME_HEAD + stringify(f.connectionId) + ',"time":' + num(f.time) + ',"direction":' + stringify(f.direction);
  out += ',"kind":' + stringify(f.kind) + ',"data":' + (dataJson ?? stringify(f.data));
  // Seven keys are always there; most frames have nothing else.
  if (ownKeys(f).length === 7) return out + '}';
  if (hasOwn(f, 'encoding')) out += ',"encoding":' + stringify(f.encoding!);
  if (hasOwn(f, 'eventName')) out += ',"eventName":' + stringify(f.eventName!);
  if (hasOwn(f, 'eventId')) out += ',"eventId":' + stringify(f.eventId!);
  if (hasOwn(f, 'sentBy')) out += ',"sentBy":"inspector"';
  if (hasOwn(f, 'truncated')) out += ',"truncated":{"originalLength":' + num(f.truncated!.originalLength) + '}';
  if (hasOwn(f, 'notKeptBefore')) out += ',"notKeptBefore":' + num(f.notKeptBefore!);
  if (hasOwn(f, 'code')) out += ',"code":' + num(f.code!);
  if (hasOwn(f, 'reason')) out += ',"reason":' + stringify(f.reason!);
  return out + '}';
}

/**
 * Writes a text message frame of one connection: what encodeMessage writes for it, built directly,
 * with `dataJson` as the `data` field (the quoted payload, or the index the relay channel gives it).
 */
export type TextFrameEncoder = (time: number, direction: 'in' | 'out', dataJson: string) => string;

/**
 * The hot path of a whole capture: a WebSocket text message becomes JSON text with a few
 * concatenations, no frame object and no key walk. The parts that never change for the connection
 * are quoted once.
 */
export function textFrameEncoder(connectionId: string): TextFrameEncoder {
  const head = FRAME_HEAD + stringify(connectionId) + ',"time":';
  const inbound = ',"direction":"in","kind":"message","data":';
  const outbound = ',"direction":"out","kind":"message","data":';
  return (time, direction, dataJson) => head + num(time) + (direction === 'in' ? inbound : outbound) + dataJson + '}';
}

/**
 * The message as JSON text; plain objects, strings and numbers only (which is all a message holds).
 * `dataJson`: a frame's `data` field as written (see encodeFrame).
 */
export function encodeMessage(message: PageToRelay, dataJson?: string): string {
  if (message.type === 'frame') return encodeFrame(message, dataJson);
  return encodeObject(message as unknown as Record<string, unknown>);
}
