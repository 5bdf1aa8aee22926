// Shared by the Node agreement tests that run a provider's official client against 127.0.0.1: a
// server that answers each POST to one path with the SSE body a test chooses (recording the request
// bodies the client wrote), and the comparison of what the client assembled with what the fold shows.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

/** What a chat UI shows of one answer: its text, its thinking, its tool calls (name and arguments). */
export interface Assembled {
  text: string;
  reasoning: string;
  calls: Array<{ name: string; args: unknown }>;
}

export interface SseServer {
  origin: string;
  /** The JSON request bodies received, in order. */
  bodies: unknown[];
  close(): Promise<void>;
}

/**
 * Serves POSTs to paths `accepts` takes; `answer(n, body)` gives the SSE body of the n-th request (from
 * 1). Anything else is a 404.
 */
export async function sseServer(accepts: (url: string) => boolean, answer: (n: number, body: unknown) => string): Promise<SseServer> {
  const bodies: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (piece: string) => (text += piece));
    req.on('end', () => {
      if (req.method !== 'POST' || !accepts(req.url ?? '')) return void res.writeHead(404).end();
      const body = text === '' ? undefined : (JSON.parse(text) as unknown);
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(answer(bodies.length, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A recording of one typed event a line (`{"type":…}`) as the API streams it: each event under its type as
 * the SSE event name, a line that does not start so (not JSON, say) as data alone.
 */
export function typedSseOfLines(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const type = /^\{"type":"([^"]+)"/.exec(l)?.[1];
      return `${type !== undefined ? `event: ${type}\n` : ''}data: ${l}\n\n`;
    })
    .join('');
}

/** The JSON payloads of an SSE body's `data:` lines, in order. */
export function ssePayloads<T = object>(sse: string): T[] {
  return [...sse.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as T);
}

/** `stream` with one exact piece of it replaced, which must be there (a variant that changes one field). */
export function withOneChange(stream: string, from: string, to: string): string {
  expect(stream).toContain(from);
  return stream.replace(from, to);
}

/** Arguments as a UI reads them: JSON when they parse, the text as it came when cut short. */
export function parseArgs(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The parts of an AI SDK provider's stream that a chat UI shows (LanguageModelV4StreamPart, loosely). */
interface ProviderStreamPart {
  type: string;
  delta?: string;
  toolName?: string;
  input?: string;
  /** A call the provider's server ran (a web search, code execution): not one the page runs. */
  providerExecuted?: boolean;
  error?: unknown;
}

/**
 * What an AI SDK provider model makes of a stream (its `doStream`): the text and thinking it emits, the
 * tool calls it emits for the page to run (not those its provider's server ran), and whether it failed
 * (an `error` part, or a throw while reading).
 */
export async function readProviderStream(open: () => PromiseLike<{ stream: AsyncIterable<ProviderStreamPart> }>): Promise<{ assembled: Assembled; failed?: string }> {
  const assembled: Assembled = { text: '', reasoning: '', calls: [] };
  let failed: string | undefined;
  try {
    const { stream } = await open();
    for await (const part of stream) {
      if (part.type === 'text-delta') assembled.text += part.delta ?? '';
      else if (part.type === 'reasoning-delta') assembled.reasoning += part.delta ?? '';
      else if (part.type === 'tool-call' && part.providerExecuted !== true) assembled.calls.push({ name: part.toolName ?? '', args: parseArgs(part.input ?? '') });
      else if (part.type === 'error') failed ??= String(part.error);
    }
  } catch (error) {
    failed ??= String(error);
  }
  return failed === undefined ? { assembled } : { assembled, failed };
}

/** A one-message prompt for a provider model's doStream. */
export const HELLO_PROMPT = { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello' }] }] };

/**
 * The severity policy's agreement: where the client failed, the fold reports an error; where it read the
 * stream, a valid one has no error (a broken one read without a word may), and both show the same.
 */
export function expectAgreement(ours: { assembled: Assembled; errors: readonly unknown[] }, theirs: { assembled: Assembled; failed?: string }, name: string, client: string, valid = true): void {
  if (theirs.failed !== undefined) {
    expect(ours.errors, `${name}: ${client} failed (${theirs.failed})`).not.toEqual([]);
    return;
  }
  if (valid) expect(ours.errors, `${name}: ${client} read it without an error`).toEqual([]);
  expect(ours.assembled, name).toEqual(theirs.assembled);
}
