// The lookup every item-scoped event goes through (R3–R5): the output item at its output_index, of
// the type the event's family expects.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { RESPONSES_RULES as R } from './rules';
import type { ItemState, ResponseState } from './state';

/** The item an item-scoped event targets, or undefined (after a finding) when it does not fit. */
export function itemFor(
  resp: ResponseState,
  ev: { type: string; output_index: number; item_id?: string | undefined },
  expected: readonly string[] | undefined,
  frame: Frame,
  sink: FindingSink,
): ItemState | undefined {
  const item = resp.items.get(ev.output_index);
  if (!item) {
    sink.report(R.itemMismatch, `${ev.type} targets output_index ${ev.output_index}, but no item was added there ("missing output at index ${ev.output_index}")`, [frame.index]);
    return undefined;
  }
  if (ev.item_id === '') {
    sink.report(R.itemMismatch, `${ev.type} has an empty item_id ("expected a non-empty item_id")`, [frame.index, item.addedFrame]);
    return undefined;
  }
  // openai 6 addressed items by output_index, and so does this view; openai ≥ 7.6 checks the id too.
  if (item.id !== undefined && ev.item_id !== undefined && item.id !== ev.item_id && !item.idChangeReported) {
    item.idChangeReported = true;
    sink.report(R.itemIdChanged, `${ev.type} names item_id "${ev.item_id}", but output_index ${ev.output_index} was added as "${item.id}": openai ≥ 7.6 throws ("expected item_id"); openai 6 read it by output_index, as shown here`, [frame.index, item.addedFrame]);
  }
  if (expected && !expected.includes(item.type)) {
    sink.report(R.itemMismatch, `${ev.type} cannot target a ${item.type} item ("expected output item type '${expected.join("' or '")}', got '${item.type}'")`, [frame.index, item.addedFrame]);
    return undefined;
  }
  if (item.done) {
    sink.report(R.lifecycleOrder, `${ev.type} after output_item.done for item ${ev.output_index}`, [frame.index, item.addedFrame]);
  }
  return item;
}
