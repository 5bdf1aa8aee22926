// What a frame is: its SSE `event:` name, or, for a frame without one, what its data shows. A thread
// state read (`GET /threads/{id}/state`: `values`, `next`, `checkpoint`, `tasks`) and a thread history
// (`/history`: an array of states, newest first) are told apart by shape, since they arrive as whole
// JSON responses; a `[message, metadata]` pair is a `messages` event written without its name.
import type { DecodedFrame } from '../../model/frame';
import { isRecord } from '../shared/view-helpers';

export type FrameEvent = string | 'thread-state' | 'thread-history';

export function isThreadState(value: unknown): boolean {
  return isRecord(value) && 'values' in value && Array.isArray(value.next) && 'checkpoint' in value && Array.isArray(value.tasks);
}

export function eventOf(decoded: DecodedFrame): FrameEvent | undefined {
  const name = decoded.frame.eventName;
  if (name !== undefined && name !== '' && name !== 'message') return name;
  const json = decoded.json;
  if (isThreadState(json)) return 'thread-state';
  if (Array.isArray(json)) {
    if (json.length > 0 && isThreadState(json[0])) return 'thread-history';
    if (json.length === 2 && isRecord(json[0]) && typeof json[0].type === 'string' && 'content' in json[0] && isRecord(json[1]) && 'langgraph_node' in json[1]) return 'messages';
  }
  return undefined;
}
