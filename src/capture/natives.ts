// Builtins the hooks call, read once when this module loads (document_start, before any page script).
// Calling these saved references instead of looking methods up when a frame arrives means a page that
// later replaces or wraps a builtin (postMessage, addEventListener, String.prototype.charCodeAt,
// JSON.stringify, Array.prototype.push…) neither breaks the hook nor sees it being called, which would
// reveal that the hook is there. The rule for the hook's code after start: no method call through a
// prototype the page can reach (strings, arrays, Maps, promises…), no spread of an array (it runs the
// page-replaceable array iterator), no global looked up at call time; only what is saved here.

export const apply = Reflect.apply;
export const construct = Reflect.construct;
export const defineProperty = Reflect.defineProperty;
export const getOwnDescriptor = Reflect.getOwnPropertyDescriptor;
export const getPrototypeOf = Reflect.getPrototypeOf;
export const now = Date.now;
export const fromCharCode = String.fromCharCode;
export const isView = ArrayBuffer.isView;
export const hasOwn = Object.hasOwn;
export const ownKeys = Object.keys;
export const isFinite = Number.isFinite;
export const stringify = JSON.stringify;
export const mathMin = Math.min;
export const mathMax = Math.max;
export const mathCeil = Math.ceil;
export const mathFloor = Math.floor;
const random = Math.random;
const nativeCall = Function.prototype.call;
const nativeBind = Function.prototype.bind;
const nativeToString = Function.prototype.toString;

/**
 * `fn` as a function of its receiver: `uncurry(fn)(self, …args)` is `fn.call(self, …args)` with the
 * `call` saved now. A bound function, which V8 calls about as fast as `fn` itself: these run once per
 * captured frame (or per character), where an argument array per call would show.
 */
export function uncurry<A extends unknown[], R>(fn: (...args: A) => R): (self: unknown, ...args: A) => R {
  return apply(nativeBind, nativeCall, [fn]) as (self: unknown, ...args: A) => R;
}

/** `fn.call(self, …args)` without going through `Function.prototype.call`, which the page can replace. */
export function call<R>(fn: unknown, self: unknown, ...args: unknown[]): R {
  return apply(fn as (...a: unknown[]) => R, self, args);
}

// Strings. Called as `charCodeAt(text, i)`: never `text.charCodeAt(i)`, which looks up String.prototype.
const S = String.prototype;
export const charCodeAt = uncurry(S.charCodeAt) as (s: string, i: number) => number;
export const strSlice = uncurry(S.slice) as (s: string, start: number, end?: number) => string;
export const strIndexOf = uncurry(S.indexOf) as (s: string, search: string, from?: number) => number;
export const strIncludes = uncurry(S.includes) as (s: string, search: string) => boolean;
export const toLowerCase = uncurry(S.toLowerCase) as (s: string) => string;
export const toUpperCase = uncurry(S.toUpperCase) as (s: string) => string;
export const strTrim = uncurry(S.trim) as (s: string) => string;
const numberToString = uncurry(Number.prototype.toString) as (n: number, radix: number) => string;

// Collections, uncurried the same way.
export const weakGet = uncurry(WeakMap.prototype.get) as <V>(m: WeakMap<object, V>, key: object) => V | undefined;
export const weakSet = uncurry(WeakMap.prototype.set) as <V>(m: WeakMap<object, V>, key: object, value: V) => unknown;
export const weakHas = uncurry(WeakMap.prototype.has) as (m: WeakMap<object, unknown>, key: object) => boolean;
export const uint8Subarray = uncurry(Uint8Array.prototype.subarray) as (a: Uint8Array, start: number, end: number) => Uint8Array;
export const NativeUint8Array = Uint8Array;
/** `bytes.length` through the saved getter of %TypedArray%.prototype (which the page could redefine). */
export const typedLength = uncurry(getOwnDescriptor(getPrototypeOf(Uint8Array.prototype) as object, 'length')!.get!) as (a: Uint8Array) => number;
export const NativePromise = Promise;
export const NativeError = Error;
export const NativeWeakMap = WeakMap;
const promiseThen = Promise.prototype.then;
const promiseReject = Promise.reject;

/** `p.then(onValue, onError)` with the native `then`. */
export function thenNative<T, R>(p: Promise<T>, onValue: (v: T) => R, onError?: (e: unknown) => R): Promise<R> {
  return apply(promiseThen, p, [onValue, onError]) as Promise<R>;
}

/** A rejected promise made with the saved natives. */
export function rejected<T>(message: string): Promise<T> {
  return apply(promiseReject, NativePromise, [construct(NativeError, [message])]) as Promise<T>;
}

/** An object with no prototype: reading or writing any key never reaches Object.prototype. */
export function bare<T extends object>(): T {
  return { __proto__: null } as unknown as T;
}

/** The native getter of `name` on `proto` (or undefined when the browser has none). */
export function nativeGetter(proto: object | undefined, name: string): ((self: unknown) => unknown) | undefined {
  let o: object | null | undefined = proto;
  while (o) {
    const desc = getOwnDescriptor(o, name);
    if (desc) {
      const get = desc.get;
      return get ? uncurry(get) : undefined;
    }
    o = getPrototypeOf(o);
  }
  return undefined;
}

/** The native method `name` on `proto`, or undefined. */
export function nativeMethod(proto: object | undefined, name: string): ((...a: never[]) => unknown) | undefined {
  const desc = proto ? getOwnDescriptor(proto, name) : undefined;
  return typeof desc?.value === 'function' ? (desc.value as (...a: never[]) => unknown) : undefined;
}

/** A token that tells this document's connection ids from those of other frames in the same tab. */
export function documentToken(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += numberToString((random() * 36) | 0, 36);
  return s;
}

const NATIVE_MARK = '[native code]';

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r';
}

/** The name a native function prints for the builtin `path` names: its last part (`JSON.stringify` → `stringify`). */
function nameOf(path: string): string {
  let at = path.length;
  while (at > 0 && path[at - 1] !== '.') at--;
  let name = '';
  for (let i = at; i < path.length; i++) name += path[i]!;
  return name;
}

/** True when `text` starts `function NAME(` or `function get NAME(` / `function set NAME(`. */
function startsWithName(text: string, name: string): boolean {
  const head = 'function ';
  let at = 0;
  for (; at < head.length; at++) if (text[at] !== head[at]) return false;
  if ((text[at] === 'g' || text[at] === 's') && text[at + 1] === 'e' && text[at + 2] === 't' && text[at + 3] === ' ') {
    // `function get data()`: unless the name itself starts so (`function getReader()` has no space).
    at += 4;
  }
  for (let i = 0; i < name.length; i++, at++) if (text[at] !== name[i]) return false;
  return text[at] === '(';
}

/**
 * True when `fn` is a function the browser made: its source text ends `{ [native code] }` (Chromium) or
 * `{\n    [native code]\n}` (Firefox), white space being free. It reads characters by index and compares
 * them with `!==`, so it works even when the page replaced every string method. With `path` (the
 * builtin's name as a developer knows it, `JSON.stringify`), the text must also start with the function's
 * own name (`function stringify(`): a Proxy around a native prints as a native without any name
 * (`function () { [native code] }`), which is how a wrapper that forwards to the real builtin is told
 * apart. (A page that also wraps Function.prototype.toString in a Proxy can answer anything; no check
 * made from inside the page can see through that, which is why nothing of ours may throw either way.)
 */
export function isNativeFunction(fn: unknown, path?: string): boolean {
  if (typeof fn !== 'function') return false;
  let text: unknown;
  try {
    text = apply(nativeToString, fn, []);
  } catch {
    return false;
  }
  if (typeof text !== 'string') return false;
  if (path !== undefined && !startsWithName(text, nameOf(path))) return false;
  let at = text.length - 1;
  while (at >= 0 && isSpace(text[at])) at--;
  if (text[at] !== '}') return false;
  at--;
  while (at >= 0 && isSpace(text[at])) at--;
  for (let i = NATIVE_MARK.length - 1; i >= 0; i--, at--) if (text[at] !== NATIVE_MARK[i]) return false;
  while (at >= 0 && isSpace(text[at])) at--;
  return text[at] === '{';
}

/**
 * Our own toString check is only worth something when `Function.prototype.toString` itself is the
 * browser's: a JavaScript replacement would answer "[native code]" for anything. It must then print a
 * function of ours as its source, which a replacement that says "native" to everything does not.
 */
function toStringIsNative(): boolean {
  const probe = function asiProbe() {
    return 'asi-native-probe';
  };
  try {
    const text: unknown = apply(nativeToString, probe, []);
    if (typeof text !== 'string') return false;
    let found = false;
    const marker = 'asi-native-probe';
    for (let i = 0; !found && i + marker.length <= text.length; i++) {
      let j = 0;
      while (j < marker.length && text[i + j] === marker[j]) j++;
      found = j === marker.length;
    }
    return found && isNativeFunction(nativeToString, 'Function.prototype.toString');
  } catch {
    return false;
  }
}

/** The builtins this module saved, by the name a developer knows them by, for the start-up check. */
export const SAVED_BUILTINS: ReadonlyArray<readonly [string, unknown]> = [
  ['Reflect.apply', apply],
  ['Reflect.construct', construct],
  ['Reflect.defineProperty', defineProperty],
  ['Reflect.getOwnPropertyDescriptor', getOwnDescriptor],
  ['Reflect.getPrototypeOf', getPrototypeOf],
  ['Function.prototype.call', nativeCall],
  ['Function.prototype.bind', nativeBind],
  ['Date.now', now],
  ['Math.random', random],
  ['Object.keys', ownKeys],
  ['Object.hasOwn', hasOwn],
  ['JSON.stringify', stringify],
  ['String.prototype.charCodeAt', S.charCodeAt],
  ['String.prototype.slice', S.slice],
  ['String.prototype.indexOf', S.indexOf],
  ['String.prototype.includes', S.includes],
  ['String.prototype.toLowerCase', S.toLowerCase],
  ['String.prototype.toUpperCase', S.toUpperCase],
  ['String.prototype.trim', S.trim],
  ['String.fromCharCode', fromCharCode],
  ['WeakMap.prototype.get', WeakMap.prototype.get],
  ['WeakMap.prototype.set', WeakMap.prototype.set],
  ['Promise.prototype.then', promiseThen],
  ['Uint8Array.prototype.subarray', Uint8Array.prototype.subarray],
];

/**
 * Names of the saved builtins that were not the browser's own when this module loaded: something
 * replaced them before the inspector's script ran. `Function.prototype.toString` first, since every
 * other check relies on it.
 */
export function replacedBuiltins(list: ReadonlyArray<readonly [string, unknown]> = SAVED_BUILTINS): string[] {
  if (!toStringIsNative()) return ['Function.prototype.toString'];
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    if (!isNativeFunction(entry[1], entry[0])) out[out.length] = entry[0];
  }
  return out;
}
