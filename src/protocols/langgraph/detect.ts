// LangGraph Platform detection, by path and by shape, never by host. Paths: a run stream
// (`/threads/{id}/runs/stream`, `/threads/{id}/runs/{run}/stream`, `/runs/{run}/stream`) is decisive;
// the stateless `/runs/stream` and the thread reads (`/threads/{id}/state`, `/history`) are plausible.
// Shapes: the `metadata` event with a `run_id`, and the stream modes' event names with data of their
// kind (a `values` object, a `[message, metadata]` pair, …), subgraph suffixes (`values|ns`) included;
// a thread state or history response.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';
import { isThreadState } from './event-name';
import { splitEventName } from './schema';

const RUN_STREAM = /\/threads\/[^/?#]+\/runs\/(?:[^/?#]+\/)?stream(?:[?#]|$)|\/runs\/[0-9a-f-]{36}\/stream(?:[?#]|$)/i;
const PLAUSIBLE_PATH = /\/runs\/stream(?:[?#]|$)|\/threads\/[^/?#]+\/(?:state|history)(?:[?#/]|$)/;
const THREAD_IN_PATH = /\/threads\/([0-9a-f-]{36})(?:[/?#]|$)/i;

export function detectConnection(connection: Connection): DetectScore {
  const url = connection.url;
  if (!url) return 0;
  if (RUN_STREAM.test(url)) return 1;
  return PLAUSIBLE_PATH.test(url) ? 0.5 : 0;
}

export function detectFrame(decoded: DecodedFrame): DetectScore {
  const json = decoded.json;
  const name = decoded.frame.eventName;
  if (name === undefined || name === '' || name === 'message') {
    if (isThreadState(json) || (Array.isArray(json) && json.length > 0 && isThreadState(json[0]))) return 1;
    return 0;
  }
  const { mode, namespace } = splitEventName(name);
  switch (mode) {
    case 'metadata':
      return isRecord(json) && typeof json.run_id === 'string' ? 1 : 0;
    case 'values':
    case 'updates':
    case 'checkpoints':
      return isRecord(json) ? 1 : 0;
    case 'messages':
      return Array.isArray(json) && json.length === 2 && isRecord(json[0]) && typeof json[0].type === 'string' ? 1 : 0;
    case 'messages/partial':
    case 'messages/complete':
      return Array.isArray(json) ? 1 : 0;
    case 'messages/metadata':
    case 'tasks':
      return isRecord(json) ? 1 : 0;
    case 'events':
      return isRecord(json) && typeof json.event === 'string' && json.event.startsWith('on_') ? 1 : 0;
    case 'lifecycle':
      return namespace !== undefined && isRecord(json) ? 1 : 0;
    case 'custom':
    case 'debug':
      return namespace !== undefined ? 1 : 0.5;
    case 'end':
      return json === null || (isRecord(json) && typeof json.run_id === 'string' && typeof json.status === 'string') ? 0.5 : 0;
    case 'error':
      return isRecord(json) && typeof json.message === 'string' && typeof json.error === 'string' ? 0.5 : 0;
    default:
      return 0;
  }
}

/** The thread id in a run or thread URL: every request of one thread is one agent session. */
export function sessionKey(connection: Connection): string | undefined {
  const match = connection.url ? THREAD_IN_PATH.exec(connection.url) : null;
  return match?.[1];
}
