// "Copy as cURL" and "Copy as fetch" for a captured request, as the Network panel offers them. Secrets
// (authorization and cookie headers, keys in the URL and body) are redacted unless the user turns that
// off, the same default as exports.
import type { Connection } from '../../model/frame';
import { REDACTED, isSecretHeaderName } from '../../redaction/redact-rules';
import { redactText } from '../../redaction/redact-text';
import { redactPayload } from '../../redaction/redact-json';

/** Headers the browser sets itself: a replayed request must not send them. */
const BROWSER_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions', 'upgrade']);

export interface SnippetOptions {
  redact: boolean;
}

function parts(connection: Connection, options: SnippetOptions) {
  const url = options.redact ? redactText(connection.url ?? '').text : (connection.url ?? '');
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(connection.requestHeaders ?? {})) {
    if (BROWSER_HEADERS.has(name) || name.startsWith(':')) continue;
    headers.push([name, options.redact && isSecretHeaderName(name) ? REDACTED : value]);
  }
  const body = connection.requestBody === undefined ? undefined : options.redact ? redactPayload(connection.requestBody).text : connection.requestBody;
  const method = (connection.method ?? (body !== undefined ? 'POST' : 'GET')).toUpperCase();
  return { url, headers, body, method };
}

/** POSIX shell single quotes: `'` becomes `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(connection: Connection, options: SnippetOptions): string {
  const { url, headers, body, method } = parts(connection, options);
  const lines = [`curl ${shellQuote(url)}`];
  if (method !== 'GET' || body !== undefined) lines.push(`-X ${method}`);
  for (const [name, value] of headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (body !== undefined) lines.push(`--data-raw ${shellQuote(body)}`);
  // Streaming responses print as they arrive only without curl's output buffering.
  lines.push('--no-buffer');
  return lines.join(' \\\n  ');
}

export function fetchCall(connection: Connection, options: SnippetOptions): string {
  const { url, headers, body, method } = parts(connection, options);
  const init: Record<string, unknown> = { method };
  if (headers.length > 0) init.headers = Object.fromEntries(headers);
  if (body !== undefined) init.body = body;
  return `fetch(${JSON.stringify(url)}, ${JSON.stringify(init, null, 2)});`;
}
