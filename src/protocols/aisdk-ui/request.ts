// Client requests (direction 'out'): the chat POST body carries the conversation; its last user
// message is what the assistant answers, so it is shown before the answer.
import type { DecodedFrame } from '../../model/frame';
import { frameText, preview } from '../../model/decode';
import { isRecord } from './json-util';
import type { StepLayout } from './layout';

/**
 * Tool calls the client already holds (tool parts of the request's messages): a message continued
 * after an approval gets their outputs without their input chunks.
 */
export function requestToolCalls(body: unknown, into: Set<string>): void {
  if (!isRecord(body) || !Array.isArray(body.messages)) return;
  for (const m of body.messages.slice(-50)) {
    if (!isRecord(m) || !Array.isArray(m.parts)) continue;
    for (const p of m.parts) if (isRecord(p) && typeof p.toolCallId === 'string') into.add(p.toolCallId);
  }
}

/** The text of the last user message in a useChat body (v5+ `parts`, or v4 `content`), if any. */
export function lastUserText(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body.messages)) return undefined;
  const last: unknown = body.messages[body.messages.length - 1];
  if (!isRecord(last) || last.role !== 'user') return undefined;
  if (Array.isArray(last.parts)) {
    const texts = last.parts.filter((p): p is { type: 'text'; text: string } => isRecord(p) && p.type === 'text' && typeof p.text === 'string');
    if (texts.length > 0) return texts.map((p) => p.text).join('');
  }
  return typeof last.content === 'string' ? last.content : undefined;
}

export function applyRequest(layout: StepLayout, d: DecodedFrame): void {
  const i = d.frame.index;
  const text = lastUserText(d.json);
  if (text !== undefined) {
    layout.addUser({ kind: 'user', id: `user-${i}`, frames: [i], text });
  } else {
    layout.addUser({ kind: 'raw', id: `raw-${i}`, frames: [i], text: preview(frameText(d.frame), 2000) });
  }
}
