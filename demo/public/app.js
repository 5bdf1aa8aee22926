// Demo chat page: pick a scenario and a transport, play it, answer approvals and questions, reload mid-run.
// State that must survive location.reload() lives in the URL (?session=…&scenario=…&transport=…&buggy=1).
import { applyEvent, applyHistory, createTranscript } from './blocks.js';
import { setupProtocols } from './protocol-mode.js';
import { el, renderTranscript, todoList } from './render.js';
import { backendUrl, transports } from './transport.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let scenarios = [];
let transcript = createTranscript();
let transport;
let session = null;
/** The Protocol picker; flat-block (the scenarios below) unless another protocol is chosen. */
let protocolMode = { active: () => false };

const ctx = {
  sessionId: '',
  groupUi: new Map(),
  formCache: new Map(),
  answersSent: new Map(),
  sent: new Set(),
  reply: (frame) => {
    ctx.sent.add(frame.approval_key);
    transport.reply(frame);
    render();
  },
  rerender: () => render(),
};

function setStatus(text) {
  $('status').textContent = text;
}

function render() {
  renderTranscript($('transcript'), transcript, ctx);
  const todos = $('todos');
  todos.replaceChildren(transcript.todos ? todoList(transcript.todos) : el('div', 'muted', 'No plan yet'));
  $('info').textContent = session
    ? `session ${session.id} · ${session.transport} · ${transcript.events} events · last event_id ${transcript.lastEventId} · ${transcript.streaming ? 'running' : 'idle'}`
    : 'no session';
  $('reload').hidden = !session;
}

function onEvent(event) {
  applyEvent(transcript, event);
  render();
}

function writeUrl() {
  const next = new URLSearchParams({ scenario: $('scenario').value, transport: $('transport').value });
  if (protocolMode.active()) next.set('protocol', protocolMode.value());
  if ($('buggy').checked) next.set('buggy', '1');
  if (session) next.set('session', session.id);
  if (params.has('server')) next.set('server', params.get('server'));
  history.replaceState(null, '', `?${next}`);
}

function showRules() {
  $('protocol-note').textContent = protocolMode.active() ? protocolMode.describe($('buggy').checked) : '';
  if (protocolMode.active()) {
    $('rules').textContent = $('buggy').checked ? protocolMode.buggyNote() : '';
    $('user-text').textContent = '';
    return;
  }
  const scenario = scenarios.find((s) => s.id === $('scenario').value);
  $('rules').textContent = scenario && $('buggy').checked ? `Buggy backend breaks: ${scenario.brokenRules.join(', ')}` : '';
  $('user-text').textContent = scenario ? scenario.userText : '';
}

function reset() {
  transcript = createTranscript();
  ctx.groupUi.clear();
  ctx.formCache.clear();
  ctx.answersSent.clear();
  ctx.sent.clear();
}

function start() {
  if (protocolMode.active()) {
    // A protocol run replaces the scenario run on screen (and in the URL, so Reload does not resume it).
    session = null;
    reset();
    render();
    writeUrl();
    return void protocolMode.start($('buggy').checked);
  }
  reset();
  const scenario = scenarios.find((s) => s.id === $('scenario').value);
  if (!scenario) return;
  session = { id: crypto.randomUUID(), scenario: scenario.id, buggy: $('buggy').checked, transport: $('transport').value, text: scenario.userText };
  ctx.sessionId = session.id;
  transport = transports[session.transport]({ onEvent, onStatus: setStatus });
  writeUrl();
  transcript.blocks.push({ type: 'user', text: scenario.userText });
  render();
  transport.start(session);
}

/** After a reload: History API first, then the stream from last_event_id on. */
async function resume(id) {
  session = { id, scenario: $('scenario').value, buggy: $('buggy').checked, transport: $('transport').value, text: '' };
  ctx.sessionId = id;
  transport = transports[session.transport]({ onEvent, onStatus: setStatus });
  const res = await fetch(backendUrl(`/history?session_id=${encodeURIComponent(id)}`));
  if (!res.ok) {
    setStatus(`history: HTTP ${res.status}; start a new chat`);
    session = null;
    return render();
  }
  const history = await res.json();
  applyHistory(transcript, history);
  setStatus(`restored ${history.messages.length} history messages up to event ${history.last_event_id} (${history.agent_status})`);
  render();
  if (history.agent_status === 'running') transport.resume(session, history.last_event_id);
}

async function main() {
  scenarios = await (await fetch('/api/scenarios')).json();
  for (const s of scenarios) $('scenario').append(Object.assign(el('option', '', s.title), { value: s.id, title: s.description }));
  if (params.has('scenario')) $('scenario').value = params.get('scenario');
  if (params.has('transport')) $('transport').value = params.get('transport');
  $('buggy').checked = params.get('buggy') === '1';
  protocolMode = await setupProtocols({ $, params, onChange: () => (showRules(), session || writeUrl()) });
  for (const id of ['scenario', 'transport', 'buggy']) $(id).addEventListener('change', () => (showRules(), session || writeUrl()));
  $('start').addEventListener('click', start);
  // Disabled in the HTML until now: a click while the lists above load would start nothing.
  $('start').disabled = false;
  $('reload').addEventListener('click', () => location.reload());
  $('new').addEventListener('click', () => {
    session = null;
    reset();
    protocolMode.reset();
    writeUrl();
    render();
  });
  showRules();
  const id = params.get('session');
  if (id && !protocolMode.active()) await resume(id);
  else render();
}

main().catch((e) => setStatus(`failed to start: ${e}`));
