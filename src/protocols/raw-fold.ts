// The fold for sessions whose protocol is unknown: every message frame becomes a raw item, so
// nothing is dropped, and no findings are made (there is no contract to check against).
import type { ProtocolFold } from './types';
import type { ViewModel } from '../model/view';
import { frameText, preview } from '../model/decode';

export function createRawFold(): ProtocolFold {
  const model: ViewModel = { protocol: 'unknown', items: [], todos: null, streaming: true };
  return {
    apply({ frame }) {
      if (frame.kind === 'close') model.streaming = false;
      if (frame.kind !== 'message') return;
      model.items.push({
        kind: 'raw',
        id: `raw-${frame.index}`,
        frames: [frame.index],
        text: preview(frameText(frame), 2000),
      });
    },
    finish() {
      model.streaming = false;
    },
    view: () => model,
  };
}
