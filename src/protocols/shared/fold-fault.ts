// What a class fold (A2A, MCP) shows for a frame its own code threw on: the frame raw, with the error,
// so the frame is not lost and the frames after it are still folded.
import type { Frame } from '../../model/frame';
import type { RawItem } from '../../model/view';
import { safeText } from '../../model/safe-text';
import { rawItem } from './view-helpers';

export function faultItem(frame: Frame, err: unknown): RawItem {
  const item = rawItem(frame, `raw-${frame.index}-fault`);
  item.text = `${item.text} (not folded: ${safeText(err)})`;
  return item;
}
