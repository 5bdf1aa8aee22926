// Frames the flat-block fold cannot place still show, as raw items, so no frame is lost.
import type { Frame } from '../../model/frame';
import { rawText } from '../shared/view-helpers';
import type { FlatState } from './state';

export function addRaw(state: FlatState, frame: Frame): void {
  state.view.model.items.push({ kind: 'raw', id: state.view.id('raw'), frames: [frame.index], text: rawText(frame) });
}
