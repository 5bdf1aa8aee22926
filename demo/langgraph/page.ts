// The demo's LangGraph page, bundled for the browser by esbuild (demo/bundle-page.ts): a chat front end on
// `@langchain/langgraph-sdk`'s Client. Send starts a run on a new thread (`POST
// /threads/{id}/runs/stream` with stream modes values, messages-tuple and updates); the streamed
// chunks grow the messages and each `values` event sets them whole, as useStream does; an interrupt
// shows the approval, whose buttons resume the run (`command.resume`). When the run is over, the page
// reads the thread's state (`GET /threads/{id}/state`) and draws the thread from it, as a page that
// reloads does. Every text goes in through textContent.
import { Client, type Message } from '@langchain/langgraph-sdk';

const params = new URLSearchParams(location.search);
const buggy = params.get('buggy');
const client = new Client({ apiUrl: `${location.origin}${buggy ? `/buggy/${encodeURIComponent(buggy)}` : '/api'}`, apiKey: null });
const STREAM_MODE = ['values', 'messages-tuple', 'updates'] as const;

const $ = (id: string) => document.getElementById(id) as HTMLElement;
const messages = new Map<string, Message>();

function text(m: Message): string {
  if (typeof m.content === 'string') return m.content;
  return m.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
}

function draw(): void {
  const list = $('messages');
  list.replaceChildren();
  for (const m of messages.values()) {
    const li = document.createElement('li');
    li.className = `msg ${m.type}`;
    const calls = m.type === 'ai' ? (m.tool_calls ?? []).map((c) => `→ ${c.name}(${JSON.stringify(c.args)})`).join(' ') : '';
    li.textContent = m.type === 'tool' ? `${m.name ?? 'tool'}: ${text(m)}` : [text(m), calls].filter(Boolean).join(' ');
    list.append(li);
  }
}

function status(s: string): void {
  $('status').textContent = s;
}

function setMessages(list: Message[]): void {
  messages.clear();
  for (const m of list) messages.set(m.id ?? `m${messages.size}`, m);
}

async function run(threadId: string, payload: { input: Record<string, unknown> } | { command: { resume: string } }): Promise<void> {
  status('streaming');
  let interrupted: unknown;
  for await (const event of client.runs.stream(threadId, 'agent', { ...payload, streamMode: [...STREAM_MODE] })) {
    if (event.event === 'values') {
      const values = event.data as { messages?: Message[]; __interrupt__?: { value: unknown }[] };
      if (values.messages) setMessages(values.messages);
      if (values.__interrupt__) interrupted = values.__interrupt__[0]?.value;
    } else if (event.event === 'messages') {
      const [chunk] = event.data as [Message, unknown];
      const id = chunk.id ?? '';
      const known = messages.get(id);
      messages.set(id, known && known.type === 'ai' && chunk.type === 'ai' ? { ...known, content: text(known) + text(chunk) } : { ...chunk, type: chunk.type === 'tool' ? 'tool' : 'ai' } as Message);
    } else if (event.event === 'error') {
      status(`error: ${JSON.stringify(event.data)}`);
      return;
    }
    draw();
  }
  if (interrupted !== undefined) {
    const request = (interrupted as { action_requests?: { name: string; args: unknown }[] }).action_requests?.[0];
    $('approval-text').textContent = `Allow ${request?.name ?? 'the tool'}(${JSON.stringify(request?.args ?? {})})?`;
    $('approval').hidden = false;
    status('waiting for approval');
    return;
  }
  const state = await client.threads.getState<{ messages: Message[] }>(threadId);
  setMessages(state.values.messages);
  draw();
  status('done');
}

let threadId = '';
$('send').addEventListener('click', () => {
  void (async () => {
    const thread = await client.threads.create();
    threadId = thread.thread_id;
    await run(threadId, { input: { messages: [{ type: 'human', content: ($('prompt') as HTMLInputElement).value }] } });
  })().catch((error: unknown) => status(`failed: ${String(error)}`));
});
for (const decision of ['approve', 'reject']) {
  $(decision).addEventListener('click', () => {
    $('approval').hidden = true;
    void run(threadId, { command: { resume: decision } }).catch((error: unknown) => status(`failed: ${String(error)}`));
  });
}
