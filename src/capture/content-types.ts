// Which HTTP responses the hook taps, decided from the Content-Type header alone.

export type BodyKind = 'sse' | 'ndjson' | 'json';

/** NDJSON and its many spellings: x-ndjson, jsonl, jsonlines, x-jsonlines, json-seq, x-ldjson, stream+json. */
const NDJSON_LIKE = /^application\/(?:x-)?(?:ndjson|jsonl|jsonlines|json-seq|ldjson)$|^application\/(?:[\w.-]+\+)?stream\+json$/;
const JSON_LIKE = /^application\/(?:[\w.-]+\+)?json$/;

/** The media type without parameters, lower-cased (`Text/Event-Stream; charset=utf-8` → `text/event-stream`). */
export function mediaType(contentType: string | null | undefined): string {
  if (!contentType) return '';
  const semi = contentType.indexOf(';');
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}

/**
 * `aiDataStream` is the `x-vercel-ai-data-stream` response header: the AI SDK v4 data stream is sent
 * as text/plain, one `<code>:<json>` line per part, so only that header tells it apart.
 */
export function classifyContentType(contentType: string | null | undefined, aiDataStream?: string | null): BodyKind | undefined {
  if (aiDataStream === 'v1') return 'ndjson';
  const type = mediaType(contentType);
  if (type === 'text/event-stream') return 'sse';
  if (NDJSON_LIKE.test(type)) return 'ndjson';
  if (JSON_LIKE.test(type)) return 'json';
  return undefined;
}
