// Builtins the hooks call, read once when the hooks install (document_start, before any page script).
// Calling these saved references instead of looking methods up when a frame arrives means a page that
// later patches a builtin (postMessage, addEventListener, a getter…) neither breaks the hook nor sees
// it being called, which would reveal that the hook is there.

export const apply = Reflect.apply;
export const construct = Reflect.construct;
export const defineProperty = Reflect.defineProperty;
export const getOwnDescriptor = Reflect.getOwnPropertyDescriptor;
export const getPrototypeOf = Reflect.getPrototypeOf;
export const now = Date.now;
export const fromCharCode = String.fromCharCode;
export const isView = ArrayBuffer.isView;
const random = Math.random;
const nativeCall = Function.prototype.call;
const nativeBind = Function.prototype.bind;

/**
 * `fn` as a function of its receiver: `uncurry(fn)(self, …args)` is `fn.call(self, …args)` with the
 * `call` saved now. A bound function, which V8 calls about as fast as `fn` itself: getters run once
 * per captured frame, where an argument array per call would show.
 */
export function uncurry<A extends unknown[], R>(fn: (...args: A) => R): (self: unknown, ...args: A) => R {
  return apply(nativeBind, nativeCall, [fn]) as (self: unknown, ...args: A) => R;
}

/** `fn.call(self, …args)` without going through `Function.prototype.call`, which the page can replace. */
export function call<R>(fn: unknown, self: unknown, ...args: unknown[]): R {
  return apply(fn as (...a: unknown[]) => R, self, args);
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
  for (let i = 0; i < 8; i++) s += call<string>(Number.prototype.toString, (random() * 36) | 0, 36);
  return s;
}

const promiseThen = Promise.prototype.then;
/** `p.then(onValue, onError)` with the native `then`. */
export function thenNative<T, R>(p: Promise<T>, onValue: (v: T) => R, onError?: (e: unknown) => R): Promise<R> {
  return apply(promiseThen, p, [onValue, onError]) as Promise<R>;
}
