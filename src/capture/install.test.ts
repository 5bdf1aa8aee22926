// installCaptureHooks in a happy-dom window: wrappers print like the natives they replace, and
// uninstall() puts every original back.
import { describe, expect, it } from 'vitest';
import { installCaptureHooks } from './install';

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
    const uninstall = installCaptureHooks(window as PageWindow, { post: () => {} });
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
});
