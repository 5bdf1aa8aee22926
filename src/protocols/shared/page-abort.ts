// A fetch that the page aborts (its AbortController: a chat's Stop button) fails its body read with an
// AbortError, which the capture records as an error frame naming it; a body the page cancels
// (`reader.cancel()`) or an EventSource it closes ends in a close frame saying so. The page ended the
// stream on purpose, and the clients report it as the caller's own abort (@ag-ui/client 1.0 resolves runAgent with
// what arrived; @anthropic-ai/sdk and openai reject with APIUserAbortError "Request was aborted."), so
// the cut turn is no finding about the stream. The rendering shows the page's stop only while the turn
// was open: after its end marker the page merely let go of the connection (pageStopItem).
import { CANCELLED_BY_PAGE, CLOSED_BY_PAGE, type Frame } from '../../model/frame';
import type { ErrorItem } from '../../model/view';

export function abortedByPage(frame: Frame): boolean {
  if (frame.kind === 'close') return frame.data === CANCELLED_BY_PAGE || frame.data === CLOSED_BY_PAGE;
  return frame.kind === 'error' && /^AbortError\b/.test(frame.data);
}

/** How the capture saw a connection end: its body ended, it failed, or the page aborted it. */
export type ConnectionEnding = 'close' | 'error' | 'abort';

export function endingOf(frame: Frame): ConnectionEnding | undefined {
  if (abortedByPage(frame)) return 'abort';
  return frame.kind === 'close' || frame.kind === 'error' ? frame.kind : undefined;
}

/** What the rendering says where the page aborted the request (see ErrorItem.stoppedByPage). */
export const STOPPED_BY_PAGE = 'the page aborted the request, as a Stop button does';

/**
 * The item of a connection's error frame: the failure, worded by the fold (`message`), or the stop it
 * is when the page aborted the request itself.
 */
export function connectionErrorItem(frame: Frame, id: string, message: string): ErrorItem {
  if (abortedByPage(frame)) return stopItem(frame, id);
  return { kind: 'error', id, frames: [frame.index], message };
}

/**
 * The page's stop, where the page aborted, cancelled or closed the connection while its turn was still
 * open (`turnOpen`: the turn's end marker, or the stream's own failure, has not arrived; a connection
 * that has carried nothing yet is waiting for its turn, so open). Once the turn ended, the page only let
 * go of the connection (a client that stops reading at the end marker and aborts to free it, a clean-up
 * that always calls `abort()`): nothing was stopped, so nothing is shown. Undefined for every other frame.
 */
export function pageStopItem(frame: Frame, id: ItemId, turnOpen: boolean): ErrorItem | undefined {
  return turnOpen && abortedByPage(frame) ? stopItem(frame, idOf(id)) : undefined;
}

/**
 * An item's id, or what makes it: a fold that numbers its items (`nextId`) passes a function, so that a
 * number is taken only for an item placed and the ids of the items after it stay as they were.
 */
export type ItemId = string | (() => string);

const idOf = (id: ItemId): string => (typeof id === 'string' ? id : id());

/**
 * The item a connection's close or error frame places: the page's stop (pageStopItem) where the page
 * ended it mid-turn, nothing where it ended it after the turn, the failure (worded by the fold,
 * `message`) for any other error frame, and nothing for a close the server made.
 */
export function endingItem(frame: Frame, id: ItemId, turnOpen: boolean, message = 'connection error'): ErrorItem | undefined {
  if (abortedByPage(frame)) return pageStopItem(frame, id, turnOpen);
  return frame.kind === 'error' ? { kind: 'error', id: idOf(id), frames: [frame.index], message } : undefined;
}

/**
 * The connections a session's turns arrived on, in order, for telling what a page's stop stops. A
 * client that frees the previous request once it sends the next aborts a connection whose turn a later
 * connection's has replaced: that stops nothing the rendering shows (the earlier turn is over in it, and
 * a stop placed now would land inside the turn streaming), so the fold leaves the frame alone. The
 * page's stop of the connection streaming now, or of one that has carried nothing yet (a turn still
 * waiting for its answer), stops a turn.
 */
export class TurnConnections {
  private current: string | undefined;
  private earlier: Set<string> | undefined;
  private stopped = false;

  /** The page aborted, cancelled or closed one of the session's connections (seen by `lettingGo`). */
  get stoppedByPage(): boolean {
    return this.stopped;
  }

  /** A received frame of a turn arrived on `connectionId` (one comparison while the connection stays the same). */
  carried(connectionId: string): void {
    if (connectionId === this.current) return;
    if (this.current !== undefined) (this.earlier ??= new Set()).add(this.current);
    this.current = connectionId;
  }

  /**
   * A close or error frame: whether the page let go of a connection whose turn a later connection's
   * replaced (nothing to show or report). Every fold asks it of each such frame first, so it also notes
   * a stop by the page (`stoppedByPage`): a stream stopped before any event carried none on purpose.
   */
  lettingGo(frame: Frame): boolean {
    if (abortedByPage(frame)) this.stopped = true;
    return this.earlier !== undefined && frame.connectionId !== this.current && this.earlier.has(frame.connectionId) && abortedByPage(frame);
  }
}

function stopItem(frame: Frame, id: string): ErrorItem {
  return { kind: 'error', id, frames: [frame.index], message: STOPPED_BY_PAGE, stoppedByPage: true };
}
