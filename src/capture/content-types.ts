// Which HTTP responses the hook taps, decided from the Content-Type header alone. No regular
// expressions: RegExp.prototype.test calls `exec` through the prototype, which a page can replace.
import { bare, charCodeAt, strIndexOf, strSlice, strTrim, toLowerCase } from './natives';

export type BodyKind = 'sse' | 'ndjson' | 'json';

/** NDJSON and its many spellings, each also with `x-`: ndjson, jsonl, jsonlines, json-seq, ldjson. */
const NDJSON_NAMES: Record<string, true> = bare();
for (const name of ['ndjson', 'jsonl', 'jsonlines', 'json-seq', 'ldjson']) {
  NDJSON_NAMES[name] = true;
  NDJSON_NAMES['x-' + name] = true;
}
const APPLICATION = 'application/';

/** The media type without parameters, lower-cased (`Text/Event-Stream; charset=utf-8` → `text/event-stream`). */
export function mediaType(contentType: string | null | undefined): string {
  if (!contentType) return '';
  const semi = strIndexOf(contentType, ';');
  return toLowerCase(strTrim(semi === -1 ? contentType : strSlice(contentType, 0, semi)));
}

/** True when `s` is one or more of [A-Za-z0-9_.-]. */
function isNamePart(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt(s, i);
    const ok = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2e || c === 0x2d;
    if (!ok) return false;
  }
  return true;
}

/** `sub` is `suffix`, or `<name>+suffix`. */
function isSuffixed(sub: string, suffix: string): boolean {
  if (sub === suffix) return true;
  const head = sub.length - suffix.length - 1;
  return head > 0 && strSlice(sub, head) === '+' + suffix && isNamePart(strSlice(sub, 0, head));
}

/**
 * `aiDataStream` is the `x-vercel-ai-data-stream` response header: the AI SDK v4 data stream is sent
 * as text/plain, one `<code>:<json>` line per part, so only that header tells it apart.
 */
export function classifyContentType(contentType: string | null | undefined, aiDataStream?: string | null): BodyKind | undefined {
  if (aiDataStream === 'v1') return 'ndjson';
  const type = mediaType(contentType);
  if (type === 'text/event-stream') return 'sse';
  if (strSlice(type, 0, APPLICATION.length) !== APPLICATION) return undefined;
  const sub = strSlice(type, APPLICATION.length);
  if (NDJSON_NAMES[sub] || isSuffixed(sub, 'stream+json')) return 'ndjson';
  if (isSuffixed(sub, 'json')) return 'json';
  return undefined;
}

/**
 * True when an Accept header names a stream type among its media ranges (`application/json,
 * text/event-stream`, as MCP's Streamable HTTP asks): the answer may then be a stream. A missing
 * header or a wildcard asks for none.
 */
export function acceptsStream(accept: string | null | undefined): boolean {
  if (!accept) return false;
  let from = 0;
  while (from <= accept.length) {
    let comma = strIndexOf(accept, ',', from);
    if (comma === -1) comma = accept.length;
    const kind = classifyContentType(strSlice(accept, from, comma));
    if (kind === 'sse' || kind === 'ndjson') return true;
    from = comma + 1;
  }
  return false;
}
