// installCaptureHooks in a happy-dom window: wrappers print like the natives they replace, and
// uninstall() puts every original back.
import { describe, expect, it } from 'vitest';
import type { PageToRelay } from '../bridge/page-messages';
import { installCaptureHooks } from './install';
import { isNativeFunction, replacedBuiltins } from './natives';

type PageWindow = Window & typeof globalThis;

describe('installCaptureHooks', () => {
  it('makes wrappers print like natives and uninstall() restores every original', () => {
    const before = {
      WebSocket: window.WebSocket,
      toString: Function.prototype.toString,
      open: XMLHttpRequest.prototype.open,
      send: XMLHttpRequest.prototype.send,
      addEventListener: EventTarget.prototype.addEventListener,
    };
    const wsText = Function.prototype.toString.call(window.WebSocket);
    const uninstall = installCaptureHooks(window as PageWindow, { post: () => {}, checkBuiltins: false });
    try {
      expect(window.WebSocket).not.toBe(before.WebSocket);
      expect(window.WebSocket.prototype).toBe(before.WebSocket.prototype);
      expect(window.WebSocket.prototype.constructor).toBe(window.WebSocket);
      expect(XMLHttpRequest.prototype.open).not.toBe(before.open);
      expect(Function.prototype.toString.call(window.WebSocket)).toBe(wsText);
      expect(String(XMLHttpRequest.prototype.send)).toBe(before.toString.call(before.send));
      expect(Function.prototype.toString.toString()).toBe(before.toString.call(before.toString));
      expect(window.WebSocket.name).toBe('WebSocket');
      expect(XMLHttpRequest.prototype.open.name).toBe('open');
      expect(XMLHttpRequest.prototype.open.length).toBe(before.open.length);
    } finally {
      uninstall();
    }
    expect(window.WebSocket).toBe(before.WebSocket);
    expect(window.WebSocket.prototype.constructor).toBe(before.WebSocket);
    expect(Function.prototype.toString).toBe(before.toString);
    expect(XMLHttpRequest.prototype.open).toBe(before.open);
    expect(XMLHttpRequest.prototype.send).toBe(before.send);
    expect(EventTarget.prototype.addEventListener).toBe(before.addEventListener);
  });

  it('leaves off, and reports, each capture whose builtins are not the browser\'s own', () => {
    // happy-dom's WebSocket, fetch, XMLHttpRequest and EventSource are JavaScript: to the check they
    // look exactly like builtins a page replaced before the hook ran.
    const posted: PageToRelay[] = [];
    const before = { WebSocket: window.WebSocket, send: XMLHttpRequest.prototype.send };
    const uninstall = installCaptureHooks(window as PageWindow, { post: (m) => posted.push(m) });
    try {
      expect(window.WebSocket).toBe(before.WebSocket);
      expect(XMLHttpRequest.prototype.send).toBe(before.send);
      const health = posted.filter((m) => m.type === 'health');
      expect(health).toHaveLength(1);
      const lines = health[0]!.type === 'health' ? health[0]!.degraded : [];
      expect(lines.some((l) => l.startsWith('WebSocket capture is off: WebSocket, ') && l.endsWith('were replaced before the inspector started'))).toBe(true);
      expect(lines.some((l) => l.startsWith('XMLHttpRequest capture is off'))).toBe(true);
    } finally {
      uninstall();
    }
  });
});

describe('the builtin check', () => {
  it('tells the engine\'s own functions from JavaScript replacements, proxies around natives aside', () => {
    expect(isNativeFunction(JSON.stringify)).toBe(true);
    expect(isNativeFunction(String.prototype.charCodeAt)).toBe(true);
    expect(isNativeFunction(function stringify() { return '{ [native code] }'; })).toBe(false);
    expect(isNativeFunction(() => 1)).toBe(false);
    expect(isNativeFunction(undefined)).toBe(false);
    expect(replacedBuiltins([['JSON.parse', JSON.parse], ['a wrapper', (s: string) => JSON.parse(s) as unknown]])).toEqual(['a wrapper']);
  });

  it('tells a Proxy around a native from the native when told the builtin\'s name', () => {
    // A Proxy prints as native code but without a name; checked without a name, it passes.
    const proxied = new Proxy(JSON.stringify, { apply: (t, self, args: unknown[]) => Reflect.apply(t, self, args) as unknown });
    expect(isNativeFunction(proxied)).toBe(true);
    expect(isNativeFunction(proxied, 'JSON.stringify')).toBe(false);
    expect(isNativeFunction(JSON.stringify, 'JSON.stringify')).toBe(true);
    // Getters print as `function get name()`, a method named get as `function get()`.
    const dataGetter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!.get;
    expect(isNativeFunction(dataGetter, 'ArrayBuffer.prototype.byteLength')).toBe(true);
    expect(isNativeFunction(WeakMap.prototype.get, 'WeakMap.prototype.get')).toBe(true);
    expect(isNativeFunction(JSON.parse, 'JSON.stringify')).toBe(false);
    expect(replacedBuiltins([['JSON.stringify', proxied], ['JSON.parse', JSON.parse]])).toEqual(['JSON.stringify']);
  });

  it('finds nothing replaced among what it saved in a clean realm', () => {
    expect(replacedBuiltins()).toEqual([]);
  });
});
