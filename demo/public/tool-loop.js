// A chat page with a client-side tool, in the OpenAI Chat format: it streams an answer, runs the
// tools the stream asks for, sends a follow-up request with the assistant's tool_calls and one `tool`
// message per call id, and streams the final answer. The buggy variants make the mistakes chat UIs
// make in that loop (see GET /api/tool-loop); the variant is chosen with `?variant=` or the picker.
import { createParser } from '/vendor/eventsource-parser.js';
import { el } from './render.js';

const QUESTION = 'Thời tiết hôm nay thế nào?';
const ENDPOINT = '/tool-loop/v1/chat/completions';
/** Tool round trips the page runs at most; the last follow-up asks the model to answer (tool_choice "none"). */
const MAX_ROUNDS = 12;
const CLEAN_ENDLESS_ROUNDS = 3;

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const variants = await (await fetch('/api/tool-loop')).json();
const picker = $('variant');
for (const v of variants) picker.append(Object.assign(el('option', '', v.title), { value: v.id }));
picker.value = params.get('variant') ?? 'clean';
if (!picker.value) picker.value = 'clean';
const chosen = () => variants.find((v) => v.id === picker.value) ?? variants[0];
const describe = () => {
  const v = chosen();
  $('rule').textContent = v.rules ? `breaks ${v.rules.join(', ')}` : 'clean';
  $('note').textContent = `POST ${ENDPOINT}`;
};
picker.addEventListener('change', () => {
  params.set('variant', picker.value);
  history.replaceState(null, '', `?${params}`);
  describe();
});
describe();

const log = $('tool-loop');
const status = (text) => ($('status').textContent = text);
const add = (kind, text) => log.append(el('div', `piece ${kind}`, text));

/** Streams one request; returns the text, the tool calls (merged by index) and the finish_reason. */
async function stream(variant, messages, extra = {}) {
  const query = new URLSearchParams();
  if (variant.parallel) query.set('parallel', '1');
  if (variant.endless) query.set('endless', '1');
  const res = await fetch(`${ENDPOINT}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, tools: [WEATHER_TOOL], messages, ...extra }),
  });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const out = { text: '', calls: [], finish: undefined };
  const answer = el('div', 'piece text', '');
  log.append(answer);
  const parser = createParser({
    onEvent(message) {
      if (message.data === '[DONE]') return;
      const choice = JSON.parse(message.data).choices?.[0];
      if (!choice) return;
      const delta = choice.delta ?? {};
      if (typeof delta.content === 'string') answer.textContent = out.text += delta.content;
      // The bug of the "stalled" variant: a UI that reads only delta.content never sees the calls.
      if (variant.id !== 'stalled') {
        for (const tc of delta.tool_calls ?? []) {
          const call = (out.calls[tc.index] ??= { id: '', name: '', arguments: '' });
          if (tc.id) call.id = tc.id;
          if (tc.function?.name) call.name = tc.function.name;
          if (tc.function?.arguments) call.arguments += tc.function.arguments;
        }
      }
      if (choice.finish_reason) out.finish = choice.finish_reason;
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  if (!out.text) answer.remove();
  return out;
}

const WEATHER_TOOL = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };

function runTool(call) {
  let city = '?';
  try {
    city = JSON.parse(call.arguments).city;
  } catch {
    // The model's arguments are not JSON: the tool says so.
  }
  return JSON.stringify({ city, temp_c: 31, sky: 'sunny' });
}

/** The follow-up's new messages, with the bug of the variant. */
function followUp(variant, calls) {
  const assistant = {
    role: 'assistant',
    content: null,
    tool_calls: calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: variant.id === 'changed' ? JSON.parse(c.arguments) : c.arguments },
    })),
  };
  const ran = variant.id === 'missing-result' ? calls.slice(0, 1) : calls;
  const results = ran.map((c) => ({ role: 'tool', tool_call_id: variant.id === 'wrong-id' ? c.name : c.id, content: runTool(c) }));
  return [assistant, ...results];
}

async function run() {
  const variant = chosen();
  log.replaceChildren(el('div', 'bubble user', QUESTION));
  document.body.dataset.state = 'running';
  const messages = [{ role: 'system', content: 'Bạn là trợ lý thời tiết.' }, { role: 'user', content: QUESTION }];
  const bound = variant.id === 'clean-endless' ? CLEAN_ENDLESS_ROUNDS : MAX_ROUNDS;
  let rounds = 0;
  try {
    for (;;) {
      const last = rounds === bound;
      const answer = await stream(variant, messages, last ? { tool_choice: 'none' } : {});
      status(`${variant.title} · request ${rounds + 1} · finish_reason ${answer.finish ?? 'none'}`);
      if (answer.finish !== 'tool_calls' || answer.calls.length === 0 || last) break;
      for (const c of answer.calls) add('tool', `tool call: ${c.name}(${c.arguments})`);
      const next = followUp(variant, answer.calls);
      for (const m of next.slice(1)) add('tool', `tool result ${m.tool_call_id}: ${m.content}`);
      messages.push(...next);
      rounds++;
    }
    document.body.dataset.state = 'done';
  } catch (err) {
    status(`failed: ${err}`);
    document.body.dataset.state = 'failed';
  }
  document.body.dataset.requests = String(rounds + 1);
}

$('start').addEventListener('click', () => void run());
// Disabled in the HTML until now: a click while the variants load would start nothing.
$('start').disabled = false;
if (params.get('autostart') === '1') void run();
