// Streams the page received that its capture could not see: content scripts do not run in workers, so
// a stream a worker fetched never reaches the hook (nor does one of a frame the hook could not run in).
// DevTools' own network log has them (`devtools.network.onRequestFinished`, with the body once the
// response ended). The panel keeps each finished streaming response it reports, says which of them no
// captured connection accounts for, and opens those as an import (a HAR the readers already take).
import { z } from 'zod';
import { classifyContentType } from '../../capture/content-types';
import type { Connection } from '../../model/frame';

const Header = z.object({ name: z.string(), value: z.string() });
const Headers = z.array(Header).max(1_000);

/**
 * The fields of a DevTools HAR entry the readers use. The entry carries what the page sent and
 * received: it is checked here, and what passes is plain data of a fixed depth.
 */
export const NetworkEntrySchema = z.object({
  startedDateTime: z.string().max(64),
  time: z.number().optional(),
  request: z.object({
    method: z.string().max(32),
    url: z.string().max(65_536),
    headers: Headers.optional(),
    postData: z.object({ mimeType: z.string().max(1_000).optional(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    statusText: z.string().max(1_000).optional(),
    headers: Headers,
    content: z.object({ mimeType: z.string().max(1_000).optional() }),
  }),
  // DevTools leaves some timings undefined (`_workerRouterEvaluationStart` outside a service worker).
  timings: z.record(z.string().max(64), z.number().optional()).optional(),
  _resourceType: z.string().max(64).optional(),
});
export type NetworkEntry = z.infer<typeof NetworkEntrySchema>;

export interface NetworkStream {
  entry: NetworkEntry;
  /**
   * Reads the response body from DevTools (only when the user opens the stream); undefined when DevTools
   * no longer holds it (a worker's requests go with the worker once the page ends it).
   */
  content(): Promise<{ text: string; encoding?: string } | undefined>;
}

/** Streams kept at most: the newest, since the log of a long session has no bound of its own. */
export const MAX_NETWORK_STREAMS = 50;

function header(headers: readonly { name: string; value: string }[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name)?.value;
}

/** The entry, checked, when it is a streaming response of the kinds the hook taps (SSE, line-delimited JSON). */
export function streamingEntry(raw: unknown): NetworkEntry | undefined {
  const parsed = NetworkEntrySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const entry = parsed.data;
  const { headers, content } = entry.response;
  const kind = classifyContentType(header(headers, 'content-type') ?? content.mimeType, header(headers, 'x-vercel-ai-data-stream'));
  return kind === 'sse' || kind === 'ndjson' ? entry : undefined;
}

/** Method and absolute address: a connection's url may be relative to the page, an entry's never is. */
function keyOf(method: string | undefined, url: string, base: string): string | undefined {
  try {
    return `${(method ?? 'GET').toUpperCase()} ${new URL(url, base).href}`;
  } catch {
    return undefined;
  }
}

/**
 * The streams no captured connection accounts for. Requests to one address are told apart by count
 * only: as many of them as the capture holds connections for that method and address are taken as
 * captured (the earliest), the rest are not.
 */
export function uncapturedStreams(streams: readonly NetworkStream[], connections: Iterable<Connection>): NetworkStream[] {
  const list = [...connections];
  const unaccounted: NetworkStream[] = [];
  const captured = new Map<string, number>();
  for (const stream of streams) {
    const { method, url } = stream.entry.request;
    const key = keyOf(method, url, url);
    if (key === undefined) continue;
    if (!captured.has(key)) {
      captured.set(key, list.filter((c) => c.url !== undefined && keyOf(c.method, c.url, url) === key).length);
    }
    const left = captured.get(key)!;
    if (left > 0) captured.set(key, left - 1);
    else unaccounted.push(stream);
  }
  return unaccounted;
}

/**
 * A HAR 1.2 file of the streams, bodies read from DevTools, for the panel's import, and how many of
 * them went without their body (DevTools no longer held it).
 */
export async function harOf(streams: readonly NetworkStream[]): Promise<{ har: string; unread: number }> {
  let unread = 0;
  const entries = await Promise.all(
    streams.map(async ({ entry, content }) => {
      const body = await content().catch(() => undefined);
      if (!body) unread++;
      return {
        ...entry,
        response: {
          ...entry.response,
          content: { ...entry.response.content, ...(body && { text: body.text }), ...(body?.encoding && { encoding: body.encoding }) },
        },
      };
    }),
  );
  const har = JSON.stringify({ log: { version: '1.2', creator: { name: 'Agent Stream Inspector (DevTools network log)', version: '1' }, entries } });
  return { har, unread };
}
