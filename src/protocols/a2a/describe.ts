// What an A2A frame is, for the timeline: `task submitted`, `status working`, `status completed
// (final)`, `artifact forecast +chunk`, `message agent`, `error -32001`, `→ SendStreamingMessage`.
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewText, previewValue, str, withShortLabel } from '../shared/describe-helpers';
import { readResult, requestMessage } from './normalize';
import { messageText } from './parts-text';
import { INTERRUPTED_STATES, TERMINAL_STATES } from './schema';

function describeMessage(decoded: DecodedFrame): FrameDescription | undefined {
  const { json, frame } = decoded;
  if (!isRecord(json) || json.jsonrpc !== '2.0') return undefined;
  if (typeof json.method === 'string') {
    const message = requestMessage(json.params);
    return describe(`${frame.direction === 'out' ? '→ ' : ''}${json.method}`, 'request', message ? previewText(messageText(message.parts)) : previewValue(json.params));
  }
  if (isRecord(json.error)) return describe(`error ${typeof json.error.code === 'number' ? json.error.code : ''}`.trim(), 'error', str(json.error.message));
  if (!('result' in json)) return undefined;
  const read = readResult(json.result);
  if (!read.ok) return describe('result (invalid)', 'error', previewValue(json.result));
  const e = read.event;
  switch (e.kind) {
    case 'task':
      return describe(`task ${e.state}`, 'lifecycle', e.message ? previewText(messageText(e.message.parts)) : undefined);
    case 'message':
      return describe(`message ${e.message.role}`, 'text', previewText(messageText(e.message.parts)));
    case 'status-update': {
      const ends = e.final ?? (TERMINAL_STATES.has(e.state) || INTERRUPTED_STATES.has(e.state));
      const category = e.state === 'failed' || e.state === 'rejected' ? 'error' : INTERRUPTED_STATES.has(e.state) ? 'approval' : 'lifecycle';
      return describe(`status ${e.state}${ends ? ' (final)' : ''}`, category, e.message ? previewText(messageText(e.message.parts)) : undefined);
    }
    case 'artifact-update': {
      const chunk = e.lastChunk ? ' last chunk' : e.append ? ' +chunk' : '';
      return describe(`artifact ${e.artifact.name ?? e.artifact.artifactId}${chunk}`, 'text', previewText(messageText(e.artifact.parts)));
    }
  }
}

/** The short form for a narrow timeline: the state alone, `Δ artifact` for a chunk. */
function shorten(event: string): string {
  if (event.startsWith('status ')) return event.slice('status '.length).replace(' (final)', ' ■');
  if (event.startsWith('artifact ')) return event.endsWith(' +chunk') ? 'Δ artifact' : 'artifact';
  if (event.startsWith('message ')) return 'message';
  return event;
}

export const describeA2aFrame = withShortLabel(guardedDescribe(describeMessage), shorten);
