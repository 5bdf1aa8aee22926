// Whether a pending approval or question in the rendering can be answered from the panel, and if not,
// why (the line the card shows): the switch is off, the answer would be a new HTTP request (the page's
// own client must make it), the socket is closed, the panel shows a file or a past position, or the
// protocol has no reply the panel knows how to write. When it can, the context the reply is written from.
import type { Frame } from '../../model/frame';
import type { PanelStore, SessionView } from '../store/store';
import { ANSWERABLE_PROTOCOLS, type AnswerContext } from './answer-builders';
import { answerStateOf, RECEIPT_WAIT_MS, type SentAnswer } from './answer-state';

export type AnswerTarget =
  | { live: true; connectionId: string; context: AnswerContext }
  | { live: false; reason: string; connectionId?: string };

/** Frames looked back through for the page's last message or the stream's ids. */
const LOOK_BACK = 10_000;

export const HTTP_REASON = 'The answer travels in a new HTTP request here: the page’s own client must make the follow-up request.';

export function answerTarget(store: PanelStore, current: SessionView, requestFrame: number | undefined): AnswerTarget {
  const frame = requestFrame === undefined ? undefined : store.log.byIndex(requestFrame);
  if (!frame) return { live: false, reason: 'The request’s frame is no longer held by the panel.' };
  const connectionId = frame.connectionId;
  const connection = store.connections.value.get(connectionId);
  if (store.source.value !== 'hub') return { live: false, reason: 'An imported capture: there is no page to answer on.', connectionId };
  if (connection?.transport !== 'websocket') return { live: false, reason: HTTP_REASON, connectionId };
  if (!ANSWERABLE_PROTOCOLS.has(current.view.protocol)) return { live: false, reason: `Answering ${current.view.protocol} from the panel is not supported.`, connectionId };
  if (connection.closed) return { live: false, reason: 'The socket is closed: nothing can be sent on it.', connectionId };
  if (current.at !== undefined) return { live: false, reason: 'Shown as of a past frame: go live to answer.', connectionId };
  if (!answerStateOf(store).enabled.value) return { live: false, reason: 'Turn on “Answer from the panel” in the toolbar to answer here.', connectionId };
  const context = contextFor(store, current.view.protocol, connectionId, frame.index);
  if (current.view.protocol === 'ag-ui') {
    context.runEvents = runEvents(store, connectionId);
    if (current.view.state !== undefined) context.state = current.view.state;
  }
  return { live: true, connectionId, context };
}

function contextFor(store: PanelStore, protocol: string, connectionId: string, before: number): AnswerContext {
  const frames = store.log.sessionFrames([connectionId]);
  const ctx: AnswerContext = { protocol, lastPageMessage: undefined };
  for (let i = frames.count() - 1, seen = 0; i >= 0 && seen < LOOK_BACK; i--, seen++) {
    const f = frames.at(i);
    if (f.kind !== 'message' || f.index > before) continue;
    const json = parse(f);
    if (json === undefined) continue;
    if (f.direction === 'out') {
      if (ctx.lastPageMessage === undefined) ctx.lastPageMessage = json;
      const sid = (json as { session_id?: unknown }).session_id;
      if (ctx.sessionId === undefined && typeof sid === 'string') ctx.sessionId = sid;
    } else {
      const message = (json as { message?: { session_id?: unknown } }).message;
      if (ctx.sessionId === undefined && typeof message?.session_id === 'string') ctx.sessionId = message.session_id;
      const response = (json as { response?: { id?: unknown } }).response;
      if (ctx.responseId === undefined && typeof response?.id === 'string') ctx.responseId = response.id;
    }
    if (ctx.lastPageMessage !== undefined && (ctx.sessionId !== undefined || protocol !== 'flat-block')) break;
  }
  return ctx;
}

/** The events the page received on the connection after its last message, oldest first (AG-UI's run). */
function runEvents(store: PanelStore, connectionId: string): unknown[] {
  const frames = store.log.sessionFrames([connectionId]);
  const events: unknown[] = [];
  for (let i = frames.count() - 1, seen = 0; i >= 0 && seen < LOOK_BACK; i--, seen++) {
    const f = frames.at(i);
    if (f.kind !== 'message') continue;
    if (f.direction === 'out') break;
    const json = parse(f);
    if (json !== undefined) events.push(json);
  }
  return events.reverse();
}

function parse(frame: Frame): object | undefined {
  if (frame.encoding === 'base64' || frame.data.length > 2_000_000) return undefined;
  try {
    const value: unknown = JSON.parse(frame.data);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What became of an answer sent for this item: refused, sent (its marked frame came back) or still on its way. */
export function answerProgress(store: PanelStore, sent: SentAnswer): { state: 'refused' | 'sent' | 'sending'; text: string } {
  if (sent.refused !== undefined) return { state: 'refused', text: `Not sent: ${sent.refused}.` };
  const frames = store.log.sessionFrames([sent.connectionId]);
  for (let i = sent.sentAfter; i < frames.count(); i++) {
    if (frames.at(i).sentBy === 'inspector') return { state: 'sent', text: 'Sent from the inspector; waiting for the agent…' };
  }
  const closed = store.connections.value.get(sent.connectionId)?.closed;
  if (closed) return { state: 'refused', text: 'The socket closed: nothing was sent.' };
  if (sent.receipt === 'lost') {
    return {
      state: 'refused',
      text: `The inspector’s background did not acknowledge the answer within ${RECEIPT_WAIT_MS / 1000} s and the page has not sent it: it was most likely lost while the background restarted. Answer again if the agent still waits.`,
    };
  }
  return { state: 'sending', text: 'Sending from the inspector…' };
}
