// Static API checks: what a page can learn about WebSocket, fetch, EventSource and XHR without using
// the network. Every value here must be identical with and without the extension.
'use strict';

// Messages the capture hook posts to this window; collected for the test, not part of the results.
window.hookMessages = [];
window.addEventListener('message', (e) => {
  if (e.source === window && e.data && e.data.__agentStreamInspector === 1) window.hookMessages.push(e.data);
});

const fnToString = Function.prototype.toString;

function describeFn(f) {
  if (typeof f !== 'function') return { type: typeof f };
  return {
    type: typeof f,
    name: f.name,
    length: f.length,
    source: fnToString.call(f),
    string: String(f),
    ownKeys: Reflect.ownKeys(f).map(String),
    isConstructor: (() => { try { Reflect.construct(String, [], f); return true; } catch { return false; } })(),
  };
}

function describeProps(obj) {
  const out = {};
  for (const key of Reflect.ownKeys(obj)) {
    const d = Object.getOwnPropertyDescriptor(obj, key);
    out[String(key)] = {
      enumerable: d.enumerable,
      configurable: d.configurable,
      writable: d.writable,
      value: 'value' in d ? (typeof d.value === 'function' ? describeFn(d.value) : typeof d.value === 'object' ? typeof d.value : d.value) : undefined,
      get: d.get ? describeFn(d.get) : undefined,
      set: d.set ? describeFn(d.set) : undefined,
    };
  }
  return out;
}

function errorOf(fn) {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return { name: e.name, message: e.message, ctor: e.constructor.name, dom: e instanceof DOMException, code: e.code, stack: e.stack, ownKeys: Reflect.ownKeys(e).map(String) };
  }
}

window.apiChecks = function apiChecks() {
  class MySocket extends WebSocket {}
  const sub = new MySocket(`ws://${location.host}/ws/sub`);
  const ws = new WebSocket(`ws://${location.host}/ws/static`, ['p1', 'p2']);
  const instance = {
    instanceOf: ws instanceof WebSocket,
    proto: Object.getPrototypeOf(ws) === WebSocket.prototype,
    ctor: ws.constructor === WebSocket,
    ownKeys: Reflect.ownKeys(ws).map(String),
    binaryType: ws.binaryType,
    protocol: ws.protocol,
    extensions: ws.extensions,
    readyState: ws.readyState,
    url: ws.url,
    bufferedAmount: ws.bufferedAmount,
    toStringTag: Object.prototype.toString.call(ws),
    subInstanceOf: [sub instanceof MySocket, sub instanceof WebSocket, Object.getPrototypeOf(sub) === MySocket.prototype],
    invalidBinaryType: (() => { ws.binaryType = 'nonsense'; return ws.binaryType; })(),
  };
  ws.close();
  sub.close();
  const es = new EventSource('/es-static');
  const esInstance = { instanceOf: es instanceof EventSource, ownKeys: Reflect.ownKeys(es).map(String), readyState: es.readyState, url: es.url };
  es.close();
  return {
    windowKeys: Object.getOwnPropertyNames(window).sort(),
    windowDescriptors: ['WebSocket', 'EventSource', 'fetch', 'XMLHttpRequest', 'Response', 'Request'].map((k) => {
      const d = Object.getOwnPropertyDescriptor(window, k);
      return [k, d.writable, d.enumerable, d.configurable, 'value' in d];
    }),
    WebSocket: describeFn(WebSocket),
    WebSocketStatics: describeProps(WebSocket),
    WebSocketProto: describeProps(WebSocket.prototype),
    wsParent: Object.getPrototypeOf(WebSocket) === EventTarget,
    wsProtoCtor: WebSocket.prototype.constructor === WebSocket,
    constants: [WebSocket.CONNECTING, WebSocket.OPEN, WebSocket.CLOSING, WebSocket.CLOSED, WebSocket.prototype.OPEN],
    instance,
    callWithoutNew: errorOf(() => WebSocket('ws://127.0.0.1/')),
    badUrl: errorOf(() => new WebSocket('not a url')),
    badScheme: errorOf(() => new WebSocket('ftp://127.0.0.1/')),
    badProtocol: errorOf(() => new WebSocket(`ws://${location.host}/`, ['a', 'a'])),
    sendIllegal: errorOf(() => WebSocket.prototype.send.call({}, 'x')),
    sendAsConstructor: errorOf(() => new WebSocket.prototype.send('x')),
    EventSource: describeFn(EventSource),
    EventSourceStatics: describeProps(EventSource),
    EventSourceProto: describeProps(EventSource.prototype),
    esInstance,
    esWithoutNew: errorOf(() => EventSource('/x')),
    fetch: describeFn(fetch),
    fetchIllegal: errorOf(() => fetch.call({}, '/x')),
    Response: describeFn(Response),
    ResponseProto: describeProps(Response.prototype),
    XMLHttpRequestProto: describeProps(XMLHttpRequest.prototype),
    EventTargetProto: describeProps(EventTarget.prototype),
    functionProto: describeProps(Function.prototype),
    toStringOfToString: [fnToString.call(fnToString), String(fnToString), fnToString.name, fnToString.length],
    toStringOnNonFunction: errorOf(() => fnToString.call({})),
    toStringOnProxy: fnToString.call(new Proxy(function named() {}, {})),
    userFunctionSource: fnToString.call(function sample(a, b) { return a + b; }),
  };
};
