// Makes our wrappers print like the builtins they replace. `Function.prototype.toString` of a Proxy
// prints `function () { [native code] }` (no name) and a plain function prints its source, so a page
// comparing `String(WebSocket)` with `function WebSocket() { [native code] }` would notice the hook.
// We answer toString for our own wrappers from a table and leave every other function to the native.
import { apply, call, construct, defineProperty, getOwnDescriptor, getPrototypeOf } from './natives';

const setPrototypeOf = Reflect.setPrototypeOf;

/**
 * `o` without a prototype. Proxy handlers and property descriptors are read by the engine key by key:
 * a trap or descriptor field we do not define would otherwise be looked up on Object.prototype, where
 * a page could define a getter and notice the hook (or break it).
 */
function bare<T extends object>(o: T): T {
  setPrototypeOf(o, null);
  return o;
}

export type Restore = () => void;

const masked = new WeakMap<object, string>();
const weakGet = WeakMap.prototype.get;
const weakSet = WeakMap.prototype.set;
const nativeToString = Function.prototype.toString;
const captureStackTrace = (Error as { captureStackTrace?: (target: object, omitAbove?: (...a: never[]) => unknown) => void }).captureStackTrace;

/**
 * Re-captures `err`'s stack as if thrown at our wrapper's call site: frames from the hook's script
 * (chrome-extension://…/page-hook.js) would otherwise show in `err.stack` of an error the native
 * threw, e.g. InvalidStateError from send() on a CONNECTING socket. Then rethrow.
 */
function rethrowFromCaller(err: unknown, trap: (...a: never[]) => unknown): never {
  if (captureStackTrace && err !== null && typeof err === 'object') {
    try {
      captureStackTrace(err, trap);
    } catch {
      // a frozen error keeps its stack
    }
  }
  throw err;
}

/** `fake.toString()` will return what `original.toString()` returns now. */
export function maskAsNative(fake: object, original: object): void {
  call(weakSet, masked, fake, call<string>(nativeToString, original));
}

/** Swaps Function.prototype.toString for a masking proxy; returns what puts the original back. */
export function installToStringMask(): Restore {
  const desc = getOwnDescriptor(Function.prototype, 'toString');
  if (!desc || desc.value !== nativeToString) return () => {};
  const handler: ProxyHandler<typeof nativeToString> = bare({
    apply(target, self, args) {
      const text = call<string | undefined>(weakGet, masked, self);
      if (text !== undefined) return text;
      try {
        return apply(target, self, args);
      } catch (err) {
        rethrowFromCaller(err, handler.apply!);
      }
    },
  });
  const proxy = new Proxy(nativeToString, handler);
  maskAsNative(proxy, nativeToString);
  defineProperty(Function.prototype, 'toString', bare({ ...desc, value: proxy }));
  return () => {
    defineProperty(Function.prototype, 'toString', bare(desc));
  };
}

/**
 * The object in `obj`'s prototype chain that owns `key`, with the property's descriptor. Browsers put
 * window members on the window itself and methods on prototypes; other environments vary.
 */
function owned(obj: object, key: string): { owner: object; desc: PropertyDescriptor; value(): unknown } | undefined {
  for (let o: object | null = obj; o; o = getPrototypeOf(o)) {
    const desc = getOwnDescriptor(o, key);
    if (desc) return { owner: o, desc, value: () => ('value' in desc ? desc.value : desc.get ? apply(desc.get, obj, []) : undefined) };
  }
  return undefined;
}

/** `desc` with a new value; an accessor (how happy-dom exposes its globals) becomes a data property. */
function withValue(desc: PropertyDescriptor, value: unknown): PropertyDescriptor {
  return bare(
    'value' in desc
      ? { ...desc, value }
      : { value, writable: true, enumerable: desc.enumerable ?? false, configurable: desc.configurable ?? true },
  );
}

/**
 * Replaces `obj[key]` (a function) with a Proxy whose `apply` trap is `trap`, keeping the property's
 * attributes and the function's name, length and toString. Returns what restores the original.
 */
export function wrapMethod<F extends (...a: never[]) => unknown>(
  obj: object,
  key: string,
  trap: (original: F, self: unknown, args: unknown[]) => unknown,
): Restore {
  const found = owned(obj, key);
  const original = found?.value() as F | undefined;
  if (!found || typeof original !== 'function') return () => {};
  const { owner, desc } = found;
  const handler: ProxyHandler<F> = bare({
    apply(_t, self, args) {
      try {
        return trap(original, self, args);
      } catch (err) {
        rethrowFromCaller(err, handler.apply!);
      }
    },
  });
  const proxy = new Proxy(original, handler);
  maskAsNative(proxy, original);
  defineProperty(owner, key, withValue(desc, proxy));
  return () => {
    defineProperty(owner, key, bare(desc));
  };
}

/** Like wrapMethod, for an accessor's getter (e.g. `Response.prototype.url`). */
export function wrapGetter(
  obj: object,
  key: string,
  trap: (original: () => unknown, self: unknown) => unknown,
): Restore {
  const found = owned(obj, key);
  const get = found?.desc.get;
  if (!found || !get) return () => {};
  const { owner, desc } = found;
  const handler: ProxyHandler<() => unknown> = bare({
    apply(_t, self) {
      try {
        return trap(get, self);
      } catch (err) {
        rethrowFromCaller(err, handler.apply!);
      }
    },
  });
  const proxy = new Proxy(get, handler);
  maskAsNative(proxy, get);
  defineProperty(owner, key, bare({ ...desc, get: proxy }));
  return () => {
    defineProperty(owner, key, bare(desc));
  };
}

/**
 * Replaces the global constructor `win[key]` with a Proxy whose `construct` trap calls `onCreate` on
 * each new instance. Instances, `instanceof`, statics and the prototype are the native ones; the
 * prototype's `constructor` points at the proxy so `WebSocket.prototype.constructor === WebSocket`.
 */
export function wrapConstructor(
  win: object,
  key: string,
  onCreate: (instance: object, args: unknown[]) => void,
): Restore {
  const found = owned(win, key);
  const Native = found?.value() as (new (...a: unknown[]) => object) | undefined;
  if (!found || typeof Native !== 'function') return () => {};
  const { owner, desc } = found;
  const handler: ProxyHandler<new (...a: unknown[]) => object> = bare({
    construct(target, args, newTarget) {
      let instance: object;
      try {
        instance = construct(target, args, newTarget === proxy ? target : newTarget) as object;
      } catch (err) {
        rethrowFromCaller(err, handler.construct!);
      }
      try {
        onCreate(instance, args);
      } catch {
        // The hook must never change what the page sees, even when it fails itself (onCreate counts it).
      }
      return instance;
    },
  });
  const proxy = new Proxy(Native, handler);
  maskAsNative(proxy, Native);
  const proto = Native.prototype as object;
  const ctorDesc = getOwnDescriptor(proto, 'constructor');
  defineProperty(owner, key, withValue(desc, proxy));
  if (ctorDesc) defineProperty(proto, 'constructor', bare({ ...ctorDesc, value: proxy }));
  return () => {
    defineProperty(owner, key, bare(desc));
    if (ctorDesc) defineProperty(proto, 'constructor', bare(ctorDesc));
  };
}
