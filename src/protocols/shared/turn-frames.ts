// The frames an SSE event fold with one turn per connection handles alike, before it reads an event:
// a close or error ends the turn (an error also shows as an error item), a frame the page sent ends
// the turn and marks that a request was seen, and a payload that is not JSON is shown raw with the
// protocol's invalid-JSON rule. Shared by the Cohere and Gemini Interactions folds.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import { rawItem } from './view-helpers';
import { endingOf, type ConnectionEnding, connectionErrorItem } from './page-abort';

export interface TurnFoldState<T extends { connectionId: string }> {
  model: ViewModel;
  turn?: T;
  requestSeen: boolean;
}

/** True when the frame was handled here; otherwise it is a received message with parsed JSON to fold. */
export function handledOutsideEvents<T extends { connectionId: string }>(
  state: TurnFoldState<T>,
  decoded: DecodedFrame,
  sink: FindingSink,
  /** `ended`: how the capture saw the connection end, for a close or error frame. */
  finalize: (turn: T, sink: FindingSink, at: number, ended?: ConnectionEnding) => void,
  invalidJsonRule: string,
  /** What the protocol's client does with a record that is not JSON, ending the finding's message. */
  clientOnInvalidJson = "the client's JSON.parse throws here",
): boolean {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (state.turn && state.turn.connectionId === frame.connectionId) finalize(state.turn, sink, frame.index, endingOf(frame));
    if (frame.kind === 'error') state.model.items.push(connectionErrorItem(frame, `error-${frame.index}`, 'connection error'));
    state.model.streaming = false;
    return true;
  }
  if (frame.kind !== 'message') return true;
  if (frame.direction === 'out') {
    if (state.turn) finalize(state.turn, sink, frame.index);
    state.requestSeen = true;
    return true;
  }
  if (decoded.jsonError !== undefined) {
    state.model.items.push(rawItem(frame));
    if (!frame.truncated) sink.report(invalidJsonRule, `data is not JSON (${decoded.jsonError}); ${clientOnInvalidJson}`, [frame.index]);
    return true;
  }
  return false;
}
