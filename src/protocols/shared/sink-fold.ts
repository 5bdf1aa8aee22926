// The fold shell both AI SDK folds use: their handlers report through `state.sink` (set for each frame)
// and a handler bug must neither lose the frame nor stop the session. Frames that are not incoming
// messages mean the same in both protocols: a close ends the input, a connection error shows as an
// error item, and what the page sent is the request.
import type { DecodedFrame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import { frameText } from '../../model/decode';
import { safeText } from '../../model/safe-text';
import type { ProtocolFold } from '../types';

export interface SinkFoldState {
  sink: FindingSink;
  model: ViewModel;
}

export interface SinkFoldHandlers<S> {
  /** An incoming message frame. */
  applyMessage(st: S, decoded: DecodedFrame): void;
  /** A frame the page sent (the request body, a client message). */
  applyRequest(st: S, decoded: DecodedFrame): void;
  addError(st: S, frame: number, message: string): void;
  endOfInput(st: S, lastFrame: number): void;
  addRaw(st: S, frame: number, text: string): void;
}

export function createSinkFold<S extends SinkFoldState>(st: S, handlers: SinkFoldHandlers<S>): ProtocolFold {
  let last = -1;
  return {
    apply(decoded, sink) {
      st.sink = sink;
      last = decoded.frame.index;
      try {
        applyFrame(st, decoded, handlers);
      } catch (err) {
        handlers.addRaw(st, decoded.frame.index, `${frameText(decoded.frame)} (not folded: ${safeText(err)})`);
      }
    },
    finish(sink) {
      st.sink = sink;
      handlers.endOfInput(st, last);
    },
    view: () => st.model,
  };
}

function applyFrame<S extends SinkFoldState>(st: S, decoded: DecodedFrame, handlers: SinkFoldHandlers<S>): void {
  const { frame } = decoded;
  if (frame.kind === 'close') return handlers.endOfInput(st, frame.index);
  if (frame.kind === 'error') return handlers.addError(st, frame.index, `connection error${frame.data ? `: ${frame.data}` : ''}`);
  if (frame.kind !== 'message') return;
  if (frame.direction === 'out') return handlers.applyRequest(st, decoded);
  handlers.applyMessage(st, decoded);
}
