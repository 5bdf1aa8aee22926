// The Protocol picker: flat-block keeps the scripted scenarios; every other entry plays one of the
// demo's protocol sessions (GET /api/protocols) and shows its text, reasoning and tool names as plain text.
import { el } from './render.js';
import { extractors } from './protocol-text.js';
import { readSession } from './protocol-stream.js';

const QUESTION = 'What is the weather like today?';
// A protocol with a second session on one transport names it with a key of its own.
const keyOf = (s) => s.key ?? `${s.id}/${s.transport}`;

/** `{ code, value }` of a v4 data stream line, or undefined when the line is not `<code>:<json>`. */
function parseLine(line) {
  const colon = line.indexOf(':');
  if (colon < 1) return undefined;
  try {
    return { code: line.slice(0, colon), value: JSON.parse(line.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

function parsePayload(session, data) {
  if (session.transport === 'lines') return parseLine(data);
  if (data === '[DONE]') return null;
  try {
    const value = JSON.parse(data);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function setupProtocols({ $, params, onChange }) {
  const sessions = await (await fetch('/api/protocols')).json();
  const picker = $('protocol');
  for (const s of sessions) picker.append(Object.assign(el('option', '', s.title), { value: keyOf(s) }));
  if (params.has('protocol')) picker.value = params.get('protocol');
  if (!picker.value) picker.value = 'flat-block';
  const output = $('protocol-output');
  let run = 0;

  const selected = () => sessions.find((s) => keyOf(s) === picker.value);
  const show = () => {
    const session = selected();
    for (const id of ['scenario-label', 'transport-label', 'flat-main', 'flat-footer']) $(id).hidden = Boolean(session);
    output.hidden = !session;
  };
  picker.addEventListener('change', () => (show(), onChange()));
  show();

  return {
    active: () => Boolean(selected()),
    value: () => picker.value,
    reset: () => (run++, output.replaceChildren()),
    /** The route, and the file a clean run plays (the buggy file goes in the rules line). */
    describe(buggy) {
      const s = selected();
      if (!s) return '';
      const route = `${s.transport === 'websocket' ? 'WebSocket' : 'POST'} ${s.path}`;
      return buggy ? route : `${route} · plays ${s.fixture}`;
    },
    buggyNote: () => (selected() ? `Buggy backend plays ${selected().buggyFixture}` : ''),
    async start(buggy) {
      const session = selected();
      if (!session) return;
      const mine = ++run;
      const extract = extractors[session.id];
      const transcript = el('div', 'protocol-transcript');
      const status = el('div', 'muted', 'connecting…');
      output.replaceChildren(el('div', 'bubble user', QUESTION), transcript, status);
      let last = null;
      let frames = 0;
      const toolsShown = new Set();
      const add = (kind, text) => {
        if (last && last.kind === kind && (kind === 'text' || kind === 'reasoning')) return void (last.node.textContent += text);
        const node = el('div', `piece ${kind}`, kind === 'tool' ? `tool call: ${text}` : text);
        transcript.append(node);
        last = { kind, node };
      };
      const onPayload = (data) => {
        if (mine !== run) return;
        frames++;
        const payload = parsePayload(session, data);
        if (payload === undefined) add('error', `unreadable frame: ${data.slice(0, 200)}`);
        else if (payload !== null) {
          for (const p of extract(payload)) {
            if (p.kind === 'tool' && p.key && toolsShown.has(p.key)) continue;
            if (p.kind === 'tool' && p.key) toolsShown.add(p.key);
            add(p.kind, p.text);
          }
        }
        status.textContent = `${session.title}${buggy ? ' (buggy)' : ''} · ${frames} frames`;
      };
      const onStatus = (text) => mine === run && (status.textContent = `${session.title}${buggy ? ' (buggy)' : ''} · ${frames} frames · ${text}`);
      await readSession(session, { buggy, text: QUESTION, onPayload, onStatus }).catch((e) => onStatus(`failed: ${e}`));
    },
  };
}
