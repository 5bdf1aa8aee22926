// HTTP checks (fetch, EventSource, XHR) over the loopback test server. Every value here must be
// identical with and without the extension.
'use strict';

const pause = (ms) => new Promise((r) => setTimeout(r, ms));
const race = (p, ms, label) => Promise.race([p, pause(ms).then(() => `timeout: ${label}`)]);

function responseShape(res) {
  return {
    instanceOf: res instanceof Response,
    url: res.url,
    type: res.type,
    status: res.status,
    statusText: res.statusText,
    ok: res.ok,
    redirected: res.redirected,
    contentType: res.headers.get('content-type'),
    headerNames: [...res.headers.keys()],
    ownKeys: Reflect.ownKeys(res).map(String),
    bodyIsStream: res.body instanceof ReadableStream,
    bodyUsed: res.bodyUsed,
  };
}

async function readAll(res) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!(value instanceof Uint8Array)) return `chunk was ${Object.prototype.toString.call(value)}`;
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

async function fetchSse() {
  const res = await fetch('/sse');
  const shape = responseShape(res);
  return { shape, text: await readAll(res), bodyUsedAfter: res.bodyUsed };
}

async function fetchRedirectedSse() {
  const res = await fetch('/redirect-sse');
  const copy = res.clone();
  return { shape: responseShape(res), text: await res.text(), cloneShape: responseShape(copy), cloneText: await copy.text() };
}

async function fetchNdjsonPost() {
  const res = await fetch(new Request('/ndjson', { method: 'POST', body: '{"prompt":"hi"}', headers: { 'content-type': 'application/json', 'x-trace': 't1' } }));
  const copy = res.clone();
  return { shape: responseShape(res), text: await readAll(res), cloneText: await copy.text(), cloneShape: responseShape(copy) };
}

async function cancelMidStream() {
  const run = Math.random().toString(36).slice(2);
  const res = await fetch(`/sse-endless?run=${run}`);
  const reader = res.body.getReader();
  const first = await reader.read();
  const cancelled = await race(reader.cancel('page is done').then(() => 'resolved'), 3000, 'cancel');
  let serverSawClose = false;
  // Up to 10 s: on a loaded machine the browser can take over 2 s to close the cancelled connection,
  // with or without the extension (the run without it is the one that missed a 2 s wait).
  for (let i = 0; i < 500 && !serverSawClose; i++) {
    serverSawClose = (await (await fetch(`/endless-status?run=${run}`)).json()).closed;
    if (!serverSawClose) await pause(20);
  }
  const afterCancel = await reader.read();
  return { gotFirst: !first.done && first.value.length > 0, cancelled, serverSawClose, afterCancel: afterCancel.done };
}

async function jsonResponses() {
  const history = await fetch('/history.json');
  const historyShape = responseShape(history);
  const historyText = await history.text();
  const plain = await fetch('/plain.json');
  const plainJson = await plain.json();
  const cancelled = await fetch('/history.json');
  const cancelResult = await race(cancelled.body.getReader().cancel().then(() => 'resolved'), 3000, 'cancel');
  return { historyShape, historyMessages: JSON.parse(historyText).messages.length, plainShape: responseShape(plain), plainJson, cancelResult };
}

async function fetchErrors() {
  const port = new URLSearchParams(location.search).get('refused');
  const failed = await fetch(`http://127.0.0.1:${port}/`).then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
  const badUrl = await fetch('http://[bad').then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
  const noArgs = await fetch().then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
  const controller = new AbortController();
  const aborting = fetch('/sse-endless?run=abort', { signal: controller.signal });
  const res = await aborting;
  const reader = res.body.getReader();
  await reader.read();
  controller.abort();
  const afterAbort = await reader.read().then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
  // A rejection nobody handles must still be reported, for the promise the page got.
  const unhandledOf = (start) =>
    new Promise((resolve) => {
      const p = start();
      const onUnhandled = (e) => {
        e.preventDefault();
        window.removeEventListener('unhandledrejection', onUnhandled);
        resolve({ samePromise: e.promise === p, reason: `${e.reason.name}: ${e.reason.message}` });
      };
      window.addEventListener('unhandledrejection', onUnhandled);
      setTimeout(() => resolve('no unhandledrejection event'), 3000);
    });
  const unhandled = await unhandledOf(() => fetch(`http://127.0.0.1:${port}/unhandled`));
  // The same for an agent client message sent as its own request, which the hook records as it is sent.
  const reply = (path) => fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"approval","approval_key":"k1","decisions":[{"type":"approve"}]}' });
  const failedReply = await reply('/reply').then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
  const unhandledReply = await unhandledOf(() => reply('/unhandled-reply'));
  return { failed, badUrl, noArgs, afterAbort, unhandled, failedReply, unhandledReply };
}

async function eventSource() {
  const es = new EventSource('/es');
  const log = [];
  const record = (e) => log.push([e.type, e.data, e.lastEventId, e.constructor.name, es.readyState]);
  es.onopen = (e) => log.push(['open', es.readyState, e.constructor.name]);
  es.onmessage = record;
  es.addEventListener('tick', record);
  await race(new Promise((resolve) => es.addEventListener('done', (e) => {
    record(e);
    es.close();
    resolve();
  })), 5000, 'done');
  return { log, readyState: es.readyState, withCredentials: es.withCredentials };
}

async function xhrStream() {
  const xhr = new XMLHttpRequest();
  const states = [];
  let progressSawPartial = false;
  xhr.onreadystatechange = () => {
    if (states[states.length - 1] !== xhr.readyState) states.push(xhr.readyState);
  };
  xhr.onprogress = () => {
    if (xhr.responseText.length > 0 && xhr.readyState === 3) progressSawPartial = true;
  };
  xhr.open('POST', '/xhr-sse');
  xhr.setRequestHeader('x-trace', 't2');
  const done = new Promise((r) => (xhr.onloadend = r));
  xhr.send('{"q":"xhr"}');
  await race(done, 5000, 'loadend');
  return {
    states,
    progressSawPartial,
    status: xhr.status,
    text: xhr.responseText,
    contentType: xhr.getResponseHeader('content-type'),
    responseURL: xhr.responseURL,
  };
}

async function xhrNdjson() {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', '/xhr-ndjson');
  const done = new Promise((r) => (xhr.onload = r));
  xhr.send();
  await race(done, 5000, 'load');
  return { status: xhr.status, text: xhr.responseText, response: xhr.response };
}

window.httpChecks = async function httpChecks() {
  return {
    fetchSse: await fetchSse(),
    fetchRedirectedSse: await fetchRedirectedSse(),
    fetchNdjsonPost: await fetchNdjsonPost(),
    cancelMidStream: await cancelMidStream(),
    jsonResponses: await jsonResponses(),
    fetchErrors: await fetchErrors(),
    eventSource: await eventSource(),
    xhrStream: await xhrStream(),
    xhrNdjson: await xhrNdjson(),
  };
};
