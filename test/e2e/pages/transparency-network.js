// Behaviour checks over the loopback test server: events, their order, payloads and errors as the
// page sees them. Every value here must be identical with and without the extension.
'use strict';

const wsBase = `ws://${location.host}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const withTimeout = (p, ms, label) => Promise.race([p, sleep(ms).then(() => `timeout: ${label}`)]);
const bytes = (buf) => Array.from(new Uint8Array(buf));

function logSocket(ws, log) {
  const describe = (e) => {
    if (e.type === 'message') return typeof e.data === 'string' ? `message:${e.data}` : `message:${Object.prototype.toString.call(e.data)}`;
    if (e.type === 'close') return `close:${e.code}:${e.reason}:${e.wasClean}`;
    return e.type;
  };
  for (const type of ['open', 'message', 'error', 'close']) ws.addEventListener(type, (e) => log.push(`${describe(e)}@${ws.readyState}`));
}

const closed = (ws) => new Promise((r) => ws.addEventListener('close', r));
const nextMessage = (ws) => new Promise((r) => ws.addEventListener('message', (e) => r(e.data), { once: true }));

async function listenerStyles() {
  const ws = new WebSocket(`${wsBase}/ws/listeners`);
  const log = [];
  const calls = { onmessage: 0, first: 0, second: 0, removed: 0 };
  ws.onopen = () => {
    log.push('onopen');
    ws.send('echo:abc');
  };
  ws.onmessage = (e) => {
    calls.onmessage++;
    log.push(`onmessage:${e.data}`);
    if (e.data === 'abc') ws.send('close:4001:bye');
  };
  const removed = () => calls.removed++;
  ws.addEventListener('message', () => calls.first++);
  ws.addEventListener('message', removed);
  ws.addEventListener('message', () => calls.second++);
  ws.removeEventListener('message', removed);
  ws.onclose = (e) => log.push(`onclose:${e.code}:${e.reason}:${e.wasClean}`);
  logSocket(ws, log);
  await withTimeout(closed(ws), 5000, 'close');
  return { log, calls, onmessageType: typeof ws.onmessage, finalState: ws.readyState };
}

async function sendBeforeOpen() {
  const ws = new WebSocket(`${wsBase}/ws/early`);
  let error;
  try {
    ws.send('too early');
    error = 'no error';
  } catch (e) {
    error = { name: e.name, message: e.message, code: e.code, dom: e instanceof DOMException, stack: e.stack };
  }
  await new Promise((r) => (ws.onopen = r));
  ws.close(1000, 'fine');
  await closed(ws);
  return error;
}

async function binaryRoundTrip() {
  const ws = new WebSocket(`${wsBase}/ws/binary`);
  const out = { defaultType: ws.binaryType };
  await new Promise((r) => (ws.onopen = r));
  ws.binaryType = 'arraybuffer';
  ws.send(new Uint8Array([1, 2, 3]));
  const ab = await nextMessage(ws);
  out.arraybuffer = [Object.prototype.toString.call(ab), ab instanceof ArrayBuffer, bytes(ab)];
  ws.binaryType = 'blob';
  ws.send(new Blob([new Uint8Array([4, 5])]));
  const blob = await nextMessage(ws);
  out.blob = [blob instanceof Blob, blob.size, blob.type, bytes(await blob.arrayBuffer())];
  ws.send(new Uint8Array([6]).buffer);
  out.fromArrayBuffer = bytes(await (await nextMessage(ws)).arrayBuffer());
  ws.send(new DataView(new Uint8Array([7, 8, 9]).buffer, 1, 1));
  out.fromDataView = bytes(await (await nextMessage(ws)).arrayBuffer());
  ws.send('echo:text after binary');
  out.text = await nextMessage(ws);
  out.bufferedAmount = ws.bufferedAmount;
  ws.close(1000);
  await closed(ws);
  return out;
}

async function noListener() {
  // The page never listens for messages; it only polls the state. (Only the first and last states
  // are compared: which intermediate states a 10 ms poll happens to see depends on machine load.)
  const ws = new WebSocket(`${wsBase}/ws/silent`);
  const initial = ws.readyState;
  for (let i = 0; i < 300 && ws.readyState !== WebSocket.CLOSED; i++) await sleep(10);
  return { initial, final: ws.readyState };
}

async function protocols() {
  const ws = new WebSocket(`${wsBase}/ws/protocols`, ['p1', 'p2']);
  await new Promise((r) => (ws.onopen = r));
  const out = { protocol: ws.protocol, extensions: ws.extensions };
  ws.close(4000, 'x'.repeat(10));
  await closed(ws);
  out.afterClose = [ws.readyState, ws.protocol];
  out.closeAgain = ws.close() === undefined;
  out.sendAfterClose = (() => { try { ws.send('late'); return ws.bufferedAmount; } catch (e) { return e.name; } })();
  out.badCloseCode = (() => { try { ws.close(1001); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } })();
  return out;
}

async function bigMessage() {
  const ws = new WebSocket(`${wsBase}/ws/big`);
  await new Promise((r) => (ws.onopen = r));
  ws.send('big:1200000');
  const data = await nextMessage(ws);
  ws.close();
  await closed(ws);
  return { length: data.length, allB: /^b+$/.test(data) };
}

async function refused() {
  const port = new URLSearchParams(location.search).get('refused');
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  const log = [];
  logSocket(ws, log);
  ws.onerror = (e) => log.push(`onerror:${e.constructor.name}`);
  await withTimeout(closed(ws), 5000, 'close');
  return log;
}

window.wsChecks = async function wsChecks() {
  return {
    listenerStyles: await listenerStyles(),
    sendBeforeOpen: await sendBeforeOpen(),
    binaryRoundTrip: await binaryRoundTrip(),
    noListener: await noListener(),
    protocols: await protocols(),
    refused: await refused(),
    bigMessage: await bigMessage(),
  };
};
