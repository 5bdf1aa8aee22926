// The fold shell both AI SDK folds use: their handlers report through `state.sink` (set for each frame)
// and a handler bug must neither lose the frame nor stop the session.
import type { DecodedFrame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import { frameText } from '../../model/decode';
import type { ProtocolFold } from '../types';

export interface SinkFoldState {
  sink: FindingSink;
  model: ViewModel;
}

export function createSinkFold<S extends SinkFoldState>(
  st: S,
  handlers: {
    applyFrame(st: S, decoded: DecodedFrame): void;
    endOfInput(st: S, lastFrame: number): void;
    addRaw(st: S, frame: number, text: string): void;
  },
): ProtocolFold {
  let last = -1;
  return {
    apply(decoded, sink) {
      st.sink = sink;
      last = decoded.frame.index;
      try {
        handlers.applyFrame(st, decoded);
      } catch (err) {
        handlers.addRaw(st, decoded.frame.index, `${frameText(decoded.frame)} (not folded: ${String(err)})`);
      }
    },
    finish(sink) {
      st.sink = sink;
      handlers.endOfInput(st, last);
    },
    view: () => st.model,
  };
}
