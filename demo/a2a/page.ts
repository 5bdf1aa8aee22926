// The demo's A2A page script, bundled for the browser by esbuild (demo/bundle-page.ts): `@a2a-js/sdk`'s
// own client asks the demo agent for the weather, shows the question the task asks (`input-required`),
// answers it and shows the forecast artifact as it streams. `?variant=` picks a buggy backend.
import { ClientFactory } from '@a2a-js/sdk/client';
import type { Message, StreamResponse } from '@a2a-js/sdk';
import { userTextMessage } from './user-message';

const variant = new URLSearchParams(location.search).get('variant') ?? 'clean';
const log = document.getElementById('log') as HTMLElement;

function line(kind: string, text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = kind;
  p.textContent = text;
  log.append(p);
  return p;
}

const message = (text: string, taskId = ''): Message => userTextMessage(`${text}-${Date.now()}`, text, taskId);

const textOf = (parts: Message['parts']): string => parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

async function run(): Promise<void> {
  document.body.dataset.state = 'running';
  const client = await new ClientFactory().createFromUrl(`${location.origin}/a2a/${variant}/.well-known/agent-card.json`, '');
  let taskId = '';
  let question = '';
  const artifacts = new Map<string, HTMLElement>();
  const read = async (events: AsyncGenerator<StreamResponse>): Promise<void> => {
    for await (const event of events) {
      const p = event.payload;
      if (p?.$case === 'task') taskId = p.value.id;
      if (p?.$case === 'statusUpdate' && p.value.status?.message) {
        const text = textOf(p.value.status.message.parts);
        if (p.value.status.state === 6) question = text;
        line('agent', text);
      }
      if (p?.$case === 'artifactUpdate' && p.value.artifact) {
        const id = p.value.artifact.artifactId;
        const el = artifacts.get(id) ?? line('artifact', '');
        artifacts.set(id, el);
        el.textContent = (p.value.append ? el.textContent ?? '' : '') + textOf(p.value.artifact.parts);
      }
    }
  };
  line('user', 'Weather?');
  await read(client.sendMessageStream({ tenant: '', message: message('Weather?'), configuration: undefined, metadata: undefined }));
  if (question !== '') {
    line('user', 'Oslo');
    await read(client.sendMessageStream({ tenant: '', message: message('Oslo', taskId), configuration: undefined, metadata: undefined }));
  }
  document.body.dataset.state = 'done';
}

document.getElementById('start')?.addEventListener('click', () => {
  run().catch((err: unknown) => {
    line('error', err instanceof Error ? err.message : String(err));
    document.body.dataset.state = 'done';
    document.body.dataset.error = '1';
  });
});
