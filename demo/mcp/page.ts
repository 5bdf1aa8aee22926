// The MCP page's script, bundled for the browser (demo/mcp/endpoint.ts): the official SDK's Client over
// its StreamableHTTPClientTransport, as a web app embeds an MCP client. It lists the server's tools,
// calls get_weather with a progress callback, then book_trip, whose elicitation it shows as a form the
// user answers. Everything from the server goes in as text. What the client ended with is kept in
// `window.__mcpRun` for the browser test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';

interface Variant {
  id: string;
  title: string;
  rule?: string;
}

export interface McpRun {
  done: boolean;
  /** Each tool call's text, or the error the client threw. */
  calls: Array<{ name: string; text?: string; error?: string }>;
  progress: number[];
  /** What the client reported to onerror (messages it dropped). */
  clientErrors: string[];
}

declare global {
  interface Window {
    __mcpRun?: McpRun;
  }
}

const $ = (id: string) => document.getElementById(id)!;
const params = new URLSearchParams(location.search);

function el(tag: string, className: string, text = ''): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

const log = $('mcp-log');
const add = (kind: string, text: string) => log.append(el('div', `piece ${kind}`, text));
const status = (text: string, state = 'running') => {
  $('status').textContent = text;
  $('status').dataset.state = state;
};

const variants = (await (await fetch('/api/mcp')).json()) as Variant[];
const picker = $('variant') as HTMLSelectElement;
for (const v of variants) picker.append(Object.assign(el('option', '', v.title), { value: v.id }));
picker.value = params.get('variant') ?? 'clean';
if (!picker.value) picker.value = 'clean';
const describe = () => {
  const rule = variants.find((v) => v.id === picker.value)?.rule;
  $('rule').textContent = rule ? `Buggy backend: breaks ${rule}` : 'Clean: the official server';
  $('note').textContent = `POST /mcp?variant=${picker.value}`;
};
picker.addEventListener('change', () => {
  params.set('variant', picker.value);
  history.replaceState(null, '', `?${params}`);
  describe();
});
describe();

/** Shows the server's question with one button per option and resolves with the user's choice. */
function askUser(message: string, schema: { properties?: Record<string, { enum?: unknown[]; title?: string }> }): Promise<ElicitResult> {
  return new Promise((resolve) => {
    const [field, spec] = Object.entries(schema.properties ?? {})[0] ?? [];
    const form = el('div', 'piece question');
    form.append(el('div', '', `Server asks: ${message}`));
    const answer = (result: ElicitResult, label: string) => {
      form.replaceChildren(el('div', '', `Server asked: ${message} — ${label}`));
      resolve(result);
    };
    for (const option of spec?.enum ?? []) {
      const button = el('button', 'choice', String(option)) as HTMLButtonElement;
      button.type = 'button';
      button.dataset.choice = String(option);
      button.addEventListener('click', () => answer({ action: 'accept', content: { [field!]: String(option) } }, String(option)));
      form.append(button);
    }
    const decline = el('button', 'choice', 'Decline') as HTMLButtonElement;
    decline.type = 'button';
    decline.addEventListener('click', () => answer({ action: 'decline' }, 'declined'));
    form.append(decline);
    log.append(form);
  });
}

const textOf = (result: object): string =>
  ('content' in result && Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : []).map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n');

async function run(): Promise<void> {
  const state: McpRun = { done: false, calls: [], progress: [], clientErrors: [] };
  window.__mcpRun = state;
  log.replaceChildren(el('div', 'bubble user', 'What is the weather in Oslo? And book me a trip.'));
  status('connecting…');
  const client = new Client({ name: 'demo-page', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.onerror = (error) => {
    state.clientErrors.push(error.message);
    add('error', `client reported: ${error.message}`);
  };
  client.setRequestHandler(ElicitRequestSchema, (request) =>
    'requestedSchema' in request.params ? askUser(request.params.message, request.params.requestedSchema) : Promise.resolve<ElicitResult>({ action: 'decline' }),
  );
  const transport = new StreamableHTTPClientTransport(new URL(`/mcp?variant=${encodeURIComponent(picker.value)}`, location.href));
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    add('tool', `tools: ${tools.map((t) => t.name).join(', ')}`);
    const progress = el('div', 'piece tool', '');
    for (const [name, args] of [
      ['get_weather', { city: 'Oslo' }],
      ['book_trip', {}],
    ] as const) {
      add('tool', `tool call: ${name}`);
      if (name === 'get_weather') log.append(progress);
      try {
        const result = await client.callTool({ name, arguments: args }, undefined, {
          onprogress: (p) => {
            state.progress.push(p.progress);
            progress.textContent = `progress ${p.progress}${p.total ? ` of ${p.total}` : ''}${p.message ? `: ${p.message}` : ''}`;
          },
        });
        const text = textOf(result);
        state.calls.push({ name, text });
        add('text', text);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        state.calls.push({ name, error: message });
        add('error', `${name} failed: ${message}`);
      }
    }
    status('done', 'done');
  } catch (error) {
    status(`failed: ${error instanceof Error ? error.message : String(error)}`, 'failed');
  } finally {
    state.done = true;
  }
}

$('start').addEventListener('click', () => void run());
// Disabled in the HTML until now: a click while the variants load would start nothing.
($('start') as HTMLButtonElement).disabled = false;
