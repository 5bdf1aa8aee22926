// The fold shell both AI SDK folds use: their handlers report through `state.sink` (set for each frame)
// and a handler bug must neither lose the frame nor stop the session. Frames that are not incoming
// messages mean the same in both protocols: a close ends the input, a connection error shows as an
// error item (the page's own stop of an open turn as a stop), and what the page sent is the request.
import type { Connection, DecodedFrame, Frame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import { frameText } from '../../model/decode';
import { safeText } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { abortedByPage, STOPPED_BY_PAGE, TurnConnections } from './page-abort';

export interface SinkFoldState {
  sink: FindingSink;
  model: ViewModel;
}

export interface SinkFoldHandlers<S> {
  /** An incoming message frame. */
  applyMessage(st: S, decoded: DecodedFrame): void;
  /** A frame the page sent (the request body, a client message). */
  applyRequest(st: S, decoded: DecodedFrame): void;
  /**
   * An error item at `frame`. `connectionError`: the connection's error frame, which connectionErrorItem
   * (page-abort.ts) turns into a stop when the page aborted the request itself.
   */
  addError(st: S, frame: number, message: string, connectionError?: Frame): void;
  endOfInput(st: S, lastFrame: number): void;
  /** Whether the current stream's turn is still open (no finish, end marker or own failure yet): see pageStopItem. */
  turnOpen(st: S): boolean;
  /** The page aborted, cancelled or closed the connection while the turn was open: its end-of-stream checks must not call the cut the stream's. */
  stoppedByPage(st: S): void;
  addRaw(st: S, frame: number, text: string): void;
  /** A connection of the session, with the request that opened it (a HAR's or capture's request body). */
  applyConnection?(st: S, connection: Connection): void;
}

export function createSinkFold<S extends SinkFoldState>(st: S, handlers: SinkFoldHandlers<S>): ProtocolFold {
  return new SinkFold(st, handlers);
}

/** A class rather than closures: a fold is made per session, sessions are often short, and what each allocates shows. */
class SinkFold<S extends SinkFoldState> implements ProtocolFold {
  private last = -1;
  private readonly connections = new TurnConnections();

  constructor(
    private readonly st: S,
    private readonly handlers: SinkFoldHandlers<S>,
  ) {}

  apply(decoded: DecodedFrame, sink: FindingSink): void {
    const st = this.st;
    st.sink = sink;
    this.last = decoded.frame.index;
    try {
      applyFrame(st, decoded, this.handlers, this.connections);
    } catch (err) {
      this.handlers.addRaw(st, decoded.frame.index, `${frameText(decoded.frame)} (not folded: ${safeText(err)})`);
    }
  }

  finish(sink: FindingSink): void {
    this.st.sink = sink;
    this.handlers.endOfInput(this.st, this.last);
  }

  view(): ViewModel {
    return this.st.model;
  }

  connection(connection: Connection): void {
    try {
      this.handlers.applyConnection?.(this.st, connection);
    } catch {
      // A request body we cannot read tells us nothing; the frames are folded all the same.
    }
  }
}

function applyFrame<S extends SinkFoldState>(st: S, decoded: DecodedFrame, handlers: SinkFoldHandlers<S>, connections: TurnConnections): void {
  const { frame } = decoded;
  // Messages first: nearly every frame is one.
  const kind = frame.kind;
  if (kind === 'message') {
    if (frame.direction === 'out') return handlers.applyRequest(st, decoded);
    connections.carried(frame.connectionId);
    return handlers.applyMessage(st, decoded);
  }
  if (connections.lettingGo(frame)) return;
  // The page's own abort, cancel or close shows as its stop while the turn is open, and as nothing after.
  if (abortedByPage(frame)) {
    if (handlers.turnOpen(st)) {
      handlers.addError(st, frame.index, STOPPED_BY_PAGE, frame);
      handlers.stoppedByPage(st);
    }
  } else if (kind === 'error') handlers.addError(st, frame.index, `connection error${frame.data ? `: ${frame.data}` : ''}`, frame);
  if (kind === 'close') handlers.endOfInput(st, frame.index);
}
