// A raw DevTools-protocol client over a Chromium's loopback debugging port (the browser's own endpoint,
// from its profile's DevToolsActivePort file): the bench attaches to the targets it measures without
// Playwright, which would enable domains (Network among them) and add work to the run being timed.
import fs from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'ws';

export interface RawCdp {
  /** A protocol call, to the browser or (with `sessionId`) to an attached target. */
  send<T>(method: string, params?: object, sessionId?: string): Promise<T>;
  close(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The browser's DevTools endpoint, once Chromium has written it into the profile. */
async function browserEndpoint(profileDir: string): Promise<string> {
  const file = path.join(profileDir, 'DevToolsActivePort');
  for (let i = 0; i < 300; i++) {
    if (fs.existsSync(file)) {
      const [port, wsPath] = fs.readFileSync(file, 'utf8').split('\n');
      if (port && wsPath) return `ws://127.0.0.1:${port}${wsPath}`;
    }
    await sleep(50);
  }
  throw new Error('no DevToolsActivePort');
}

export async function connectRawCdp(profileDir: string): Promise<RawCdp> {
  const ws = new WebSocket(await browserEndpoint(profileDir));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { id?: number; result?: unknown; error?: { message: string } };
    const p = m.id === undefined ? undefined : pending.get(m.id);
    if (!p) return;
    pending.delete(m.id!);
    if (m.error) p.reject(new Error(m.error.message));
    else p.resolve(m.result);
  });
  return {
    send: <T>(method: string, params: object = {}, sessionId?: string): Promise<T> =>
      new Promise((resolve, reject) => {
        const id = ++next;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        ws.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
      }),
    close: () => ws.close(),
  };
}
