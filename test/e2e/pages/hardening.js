// Test page for the capture's hardening. After document_start (this is an ordinary page script) it
// wraps or breaks the builtins a capture hook might call, counting every call made while traffic flows
// outside the page's own code, then streams over WebSocket, fetch (SSE and JSON), XHR and EventSource,
// and reports what it received and the counts to the server (never through anything it wrapped).
(() => {
  const params = new URLSearchParams(location.search);
  const mode = params.get('mode') || 'none'; // none | wrap | break
  const N = Number(params.get('n') || 40);
  const R = Reflect.apply;
  const P = Promise;
  const C = Reflect.construct;
  const gopd = Object.getOwnPropertyDescriptor;
  const dp = Object.defineProperty;
  const counts = Object.create(null);
  let counting = false;
  let own = 0; // calls the page made itself through its wrappers (it must still reach them)

  const hit = (label) => {
    if (!counting) return false;
    counts[label] = (counts[label] || 0) + 1;
    return true;
  };
  // The page's own code runs with counting paused: what is counted is everyone else's.
  const mine = (fn) => {
    const was = counting;
    counting = false;
    try {
      return fn();
    } finally {
      counting = was;
    }
  };
  const SavedError = Error;
  const fail = (label) => {
    throw new SavedError('sabotaged ' + label);
  };

  function wrapMethod(obj, key, label) {
    const desc = gopd(obj, key);
    if (!desc || typeof desc.value !== 'function') return;
    const original = desc.value;
    const wrapper = {
      [key](...args) {
        if (hit(label) && mode === 'break') fail(label);
        if (label === 'self-check') own++;
        return R(original, this, args);
      },
    }[key];
    dp(obj, key, { ...desc, value: wrapper });
  }
  function wrapGetter(obj, key, label) {
    const desc = gopd(obj, key);
    if (!desc || !desc.get) return;
    const get = desc.get;
    dp(obj, key, {
      ...desc,
      get() {
        if (hit(label) && mode === 'break') fail(label);
        return R(get, this, []);
      },
    });
  }
  function wrapConstructor(name) {
    const Native = window[name];
    if (typeof Native !== 'function') return;
    window[name] = new Proxy(Native, {
      construct(target, args, newTarget) {
        if (hit('new ' + name) && mode === 'break') fail(name);
        return C(target, args, newTarget === window[name] ? target : newTarget);
      },
      apply(target, self, args) {
        if (hit(name + '()') && mode === 'break') fail(name);
        return R(target, self, args);
      },
    });
  }
  function watchObjectPrototype(key) {
    dp(Object.prototype, key, {
      configurable: true,
      get() {
        if (hit('Object.prototype.' + key) && mode === 'break') fail(key);
        return undefined;
      },
      set(v) {
        dp(this, key, { value: v, writable: true, enumerable: true, configurable: true });
      },
    });
  }

  const methods = {
    'String.prototype': [String.prototype, ['charCodeAt', 'codePointAt', 'charAt', 'slice', 'substring', 'substr', 'indexOf', 'lastIndexOf', 'includes', 'startsWith', 'endsWith', 'toLowerCase', 'toUpperCase', 'trim', 'trimStart', 'trimEnd', 'split', 'replace', 'replaceAll', 'padStart', 'repeat', 'concat', 'match', 'normalize', 'at']],
    'Array.prototype': [Array.prototype, ['push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'indexOf', 'includes', 'join', 'map', 'forEach', 'filter', 'find', 'findIndex', 'reduce', 'concat', 'some', 'every', 'fill', 'sort', 'reverse', 'flat', 'at', 'keys', 'values', 'entries', Symbol.iterator]],
    'ArrayIterator': [Object.getPrototypeOf([][Symbol.iterator]()), ['next']],
    JSON: [JSON, ['stringify', 'parse']],
    Object: [Object, ['keys', 'values', 'entries', 'assign', 'hasOwn', 'getPrototypeOf', 'setPrototypeOf', 'defineProperty', 'getOwnPropertyDescriptor', 'create', 'freeze', 'fromEntries']],
    'Object.prototype': [Object.prototype, ['hasOwnProperty', 'toString', 'valueOf']],
    Reflect: [Reflect, ['apply', 'construct', 'get', 'set', 'has', 'ownKeys', 'defineProperty', 'getOwnPropertyDescriptor', 'getPrototypeOf']],
    'Function.prototype': [Function.prototype, ['call', 'apply', 'bind', 'toString']],
    'Map.prototype': [Map.prototype, ['get', 'set', 'has', 'delete']],
    'Set.prototype': [Set.prototype, ['add', 'has', 'delete']],
    'WeakMap.prototype': [WeakMap.prototype, ['get', 'set', 'has', 'delete']],
    'Promise.prototype': [Promise.prototype, ['then', 'catch', 'finally']],
    Promise: [Promise, ['resolve', 'reject', 'all']],
    'Number.prototype': [Number.prototype, ['toString', 'toFixed']],
    Number: [Number, ['isFinite', 'isInteger', 'parseInt']],
    Math: [Math, ['random', 'min', 'max', 'ceil', 'floor', 'round']],
    Date: [Date, ['now']],
    String: [String, ['fromCharCode', 'fromCodePoint']],
    'RegExp.prototype': [RegExp.prototype, ['exec', 'test', Symbol.replace, Symbol.split, Symbol.match]],
    'TextDecoder.prototype': [TextDecoder.prototype, ['decode']],
    'TextEncoder.prototype': [TextEncoder.prototype, ['encode']],
    'ReadableStream.prototype': [ReadableStream.prototype, ['getReader', 'pipeTo', 'pipeThrough', 'tee', 'cancel']],
    'ReadableStreamDefaultReader.prototype': [ReadableStreamDefaultReader.prototype, ['read', 'cancel', 'releaseLock']],
    'TransformStreamDefaultController.prototype': [TransformStreamDefaultController.prototype, ['enqueue']],
    'ReadableStreamDefaultController.prototype': [ReadableStreamDefaultController.prototype, ['enqueue', 'close', 'error']],
    'EventTarget.prototype': [EventTarget.prototype, ['addEventListener', 'removeEventListener', 'dispatchEvent']],
    window: [window, ['postMessage', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'btoa', 'atob']],
    'MessagePort.prototype': [MessagePort.prototype, ['postMessage']],
    'Response.prototype': [Response.prototype, ['clone', 'text', 'json']],
    'Headers.prototype': [Headers.prototype, ['get', 'forEach', 'has']],
    'Uint8Array.prototype': [Object.getPrototypeOf(Uint8Array.prototype), ['subarray', 'slice', 'set']],
    'ArrayBuffer': [ArrayBuffer, ['isView']],
    'Blob.prototype': [Blob.prototype, ['arrayBuffer', 'text']],
    'XMLHttpRequest.prototype': [XMLHttpRequest.prototype, ['getResponseHeader', 'getAllResponseHeaders']],
  };
  const getters = [
    [MessageEvent.prototype, 'data', 'MessageEvent.data'],
    [Response.prototype, 'body', 'Response.body'],
    [Response.prototype, 'headers', 'Response.headers'],
    [Response.prototype, 'status', 'Response.status'],
    [Request.prototype, 'url', 'Request.url'],
    [TransformStream.prototype, 'readable', 'TransformStream.readable'],
    [TransformStream.prototype, 'writable', 'TransformStream.writable'],
    [Object.getPrototypeOf(Uint8Array.prototype), 'length', 'TypedArray.length'],
    [Object.getPrototypeOf(Uint8Array.prototype), 'byteLength', 'TypedArray.byteLength'],
    [ArrayBuffer.prototype, 'byteLength', 'ArrayBuffer.byteLength'],
    [XMLHttpRequest.prototype, 'responseText', 'XMLHttpRequest.responseText'],
    [XMLHttpRequest.prototype, 'readyState', 'XMLHttpRequest.readyState'],
    [WebSocket.prototype, 'readyState', 'WebSocket.readyState'],
    [DOMException.prototype, 'message', 'DOMException.message'],
  ];
  const constructors = ['CustomEvent', 'FocusEvent', 'Event', 'EventTarget', 'Uint8Array', 'TextDecoder', 'TransformStream', 'ReadableStream', 'Response', 'Request', 'Headers', 'WeakMap', 'Map', 'Set', 'Promise', 'Error', 'TypeError', 'String', 'Number', 'Array', 'Object'];
  const prototypeKeys = ['get', 'set', 'has', 'apply', 'construct', 'ownKeys', 'deleteProperty', 'getOwnPropertyDescriptor', 'defineProperty', 'signal', 'preventCancel', 'preventAbort', 'preventClose', 'start', 'pull', 'type', 'autoAllocateChunkSize', 'transform', 'flush', 'cancel', 'highWaterMark', 'size', 'readableType', 'writableType', 'stream', 'toJSON', 'detail', 'relatedTarget', 'bubbles', 'cancelable', 'composed', 'statusText', 'headers', 'status'];

  // The page's own calls still reach its wrappers: one wrapped function it calls itself.
  wrapMethod(String.prototype, 'localeCompare', 'self-check');
  if (mode !== 'none') {
    for (const [name, [obj, keys]] of Object.entries(methods)) for (const key of keys) wrapMethod(obj, key, name + '.' + String(key));
    for (const [obj, key, label] of getters) wrapGetter(obj, key, label);
    for (const name of constructors) wrapConstructor(name);
    for (const key of prototypeKeys) watchObjectPrototype(key);
  }

  const received = { ws: 0, wsBinary: 0, fetchSse: 0, xhrSse: 0, eventSource: 0, history: 0, reply: 0 };
  const base = location.origin;
  const init = (o) => mine(() => Object.assign(Object.create(null), o));

  function socket() {
    return new P((resolve) => {
      const ws = new WebSocket(base.replace('http', 'ws') + '/ws');
      ws.binaryType = 'arraybuffer';
      ws.onopen = () => {
        const binary = mine(() => new Uint8Array([1, 2, 3]).buffer);
        counting = true;
        ws.send(binary); // echoed before the text frames and their 'end'
        ws.send('go ' + N);
      };
      ws.onmessage = (event) =>
        mine(() => {
          if (typeof event.data === 'string') {
            if (event.data === 'end') resolve(ws.close());
            else received.ws++;
          } else received.wsBinary++;
        });
    });
  }
  async function fetchSse() {
    const res = await fetch(base + '/sse?n=' + N, init({ method: 'POST', body: '{"prompt":"hi"}' }));
    const reader = mine(() => res.body.getReader());
    const decoder = mine(() => new TextDecoder());
    let text = '';
    for (;;) {
      const step = await mine(() => reader.read());
      if (step.done) break;
      mine(() => (text += decoder.decode(step.value, { stream: true })));
    }
    received.fetchSse = mine(() => text.split('\n\n').filter((e) => e.startsWith('data:')).length);
  }
  function xhrSse() {
    return new P((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', base + '/sse?n=' + N);
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.onload = () => mine(() => resolve((received.xhrSse = xhr.responseText.split('\n\n').filter((e) => e.startsWith('data:')).length)));
      xhr.send('{"prompt":"xhr"}');
    });
  }
  function eventSource() {
    return new P((resolve) => {
      const es = new EventSource(base + '/sse?n=' + N + '&close=1');
      es.onmessage = () => mine(() => received.eventSource++);
      mine(() => es.addEventListener('done', () => mine(() => resolve(es.close()))));
    });
  }
  async function history() {
    const res = await fetch(base + '/history');
    await mine(() => res.text());
    received.history = 1;
  }
  // An agent client message sent as its own request: the hook records it as it is sent.
  async function reply() {
    const res = await fetch(base + '/approval', init({ method: 'POST', body: '{"type":"approval","approval_key":"k1","decisions":[{"type":"approve"}]}' }));
    await mine(() => res.text());
    received.reply = 1;
  }

  // Reported through the server, as text built by concatenation: nothing the page wrapped or broke.
  const report = (extra) => {
    let q = 'mode=' + mode + '&own=' + own;
    for (const k in received) q += '&' + k + '=' + received[k];
    for (const k in counts) q += '&count.' + encodeURIComponent(k) + '=' + counts[k];
    q += extra;
    const xhr = new XMLHttpRequest();
    xhr.open('GET', base + '/report?' + q);
    xhr.send();
  };
  window.addEventListener('load', async () => {
    try {
      await socket();
      await fetchSse();
      await xhrSse();
      await eventSource();
      await history();
      await reply();
      counting = false;
      'a'.localeCompare('b');
      report('');
    } catch (err) {
      counting = false;
      report('&error=' + encodeURIComponent(String(err && err.message)));
    }
  });
})();
