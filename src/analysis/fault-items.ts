// The items of frames a fold threw on (see SessionPipeline): each shown as is, as a raw item placed
// among the fold's items by frame order, so the frame is never lost and the frames after it still show.
import type { RawItem, ViewItem, ViewModel } from '../model/view';

/** The fold's view with the fault items of frames up to `upTo` placed among its items by frame order. */
export function withFaults(view: ViewModel, faults: readonly RawItem[], upTo: number): ViewModel {
  if (faults.length === 0 || (faults[0]?.frames[0] ?? 0) > upTo) return view;
  const items: ViewItem[] = [];
  let next = 0;
  const flushBefore = (index: number) => {
    for (let fault = faults[next]; fault && (fault.frames[0] ?? 0) < index && (fault.frames[0] ?? 0) <= upTo; fault = faults[++next]) items.push(fault);
  };
  for (const item of view.items) {
    flushBefore(item.frames[0] ?? Number.POSITIVE_INFINITY);
    items.push(item);
  }
  flushBefore(Number.POSITIVE_INFINITY);
  return { ...view, items };
}
