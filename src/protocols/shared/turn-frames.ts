// The frames an SSE event fold with one turn per connection handles alike, before it reads an event:
// a close or error ends the turn (an error also shows as an error item, the page's own stop of a turn
// still open as a stop), a frame the page sent ends the turn and marks that a request was seen, and a
// payload that is not JSON is shown raw with the protocol's invalid-JSON rule. Shared by the Cohere and
// Gemini Interactions folds.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import { rawItem } from './view-helpers';
import { endingOf, endingItem, type ConnectionEnding, type TurnConnections } from './page-abort';

export interface TurnFoldState<T extends { connectionId: string }> {
  model: ViewModel;
  turn?: T;
  requestSeen: boolean;
  /** The connections turns arrived on, for the page letting go of an earlier one. */
  connections: TurnConnections;
}

/** True when the frame was handled here; otherwise it is a received message with parsed JSON to fold. */
export function handledOutsideEvents<T extends { connectionId: string }>(
  state: TurnFoldState<T>,
  decoded: DecodedFrame,
  sink: FindingSink,
  /** `ended`: how the capture saw the connection end, for a close or error frame. */
  finalize: (turn: T, sink: FindingSink, at: number, ended?: ConnectionEnding) => void,
  invalidJsonRule: string,
  /** Whether the turn got its end marker or reported its own failure: a page's abort after it stopped nothing. */
  ended: (turn: T) => boolean,
  /** What the protocol's client does with a record that is not JSON, ending the finding's message. */
  clientOnInvalidJson = "the client's JSON.parse throws here",
): boolean {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (state.connections.lettingGo(frame)) return true;
    const own = state.turn !== undefined && state.turn.connectionId === frame.connectionId;
    const item = endingItem(frame, `error-${frame.index}`, !(own && ended(state.turn!)));
    if (own) finalize(state.turn!, sink, frame.index, endingOf(frame));
    if (item) state.model.items.push(item);
    state.model.streaming = false;
    return true;
  }
  if (frame.kind !== 'message') return true;
  if (frame.direction === 'out') {
    if (state.turn) finalize(state.turn, sink, frame.index);
    state.requestSeen = true;
    return true;
  }
  state.connections.carried(frame.connectionId);
  if (decoded.jsonError !== undefined) {
    state.model.items.push(rawItem(frame));
    if (!frame.truncated) sink.report(invalidJsonRule, `data is not JSON (${decoded.jsonError}); ${clientOnInvalidJson}`, [frame.index]);
    return true;
  }
  return false;
}
