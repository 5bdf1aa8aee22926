// An SSE event named other than `message` (or unnamed): the SDK client's reader ignores it, so the
// JSON-RPC messages it carries never reach the client. A response lost so leaves its request waiting
// until it times out.
import type { DecodedFrame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import { frameRef } from '../../model/frame-ref';
import { safeJson } from '../../model/safe-text';
import { isRecord } from '../shared/view-helpers';
import { MCP_RULES as R } from './rules';
import { idRef, idText, type Message } from './messages';
import type { RequestBook } from './request-book';
import { showCutOff } from './request-items';

/** Reports what the named event `name` carried; nothing when it carried no MCP message. */
export function reportNamedEvent(sink: FindingSink, book: RequestBook, decoded: DecodedFrame, name: string): void {
  const json = decoded.json;
  const messages = (Array.isArray(json) ? json : [json]).filter((m): m is Message => isRecord(m) && m.jsonrpc === '2.0');
  if (messages.length === 0) return;
  const i = decoded.frame.index;
  const lost = messages.map((m) => lostMessage(book, m, i));
  const more = lost.length > 1 ? ` (and ${lost.length - 1} more message${lost.length > 2 ? 's' : ''} of its batch)` : '';
  sink.report(R.namedEvent, `an SSE event named "${name}" carries ${lost[0]}${more}; the SDK client reads only events named "message" (or unnamed) and ignores it.`, [i]);
}

/** What the client loses with a message it never reads, in words; a response's request is marked lost. */
function lostMessage(book: RequestBook, m: Message, i: number): string {
  const method = typeof m.method === 'string' ? m.method : undefined;
  if (method !== undefined && 'id' in m) return `the ${method} request ${idText(m.id)}, which the client never sees or answers`;
  if (method !== undefined) return `a ${method} notification the client never sees`;
  const found = m.id === undefined || m.id === null ? undefined : book.find(m.id, 'in');
  const req = found?.req;
  if (!req || req.answeredAt !== undefined) return `a response for id ${safeJson(m.id)}`;
  req.lostAt ??= i;
  showCutOff(req, i);
  return `the response to ${req.method} request ${idRef(req)} (frame ${frameRef(req.frame)}), so the call never resolves and times out`;
}
