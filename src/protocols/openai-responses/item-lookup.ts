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
  if (item.done && SHOWN_DELTAS.has(ev.type)) {
    const part = ev.type === 'response.reasoning_summary_text.delta' ? 'reasoning' : 'text';
    sink.report(R.deltaAfterItemDone, `${ev.type} after output_item.done for item ${ev.output_index}: the AI SDK's OpenAI provider ended the item's ${part} part there, and ai's streamText reports an error ("${part} part … not found") and drops the delta; openai appends it, as shown here`, [frame.index, item.addedFrame]);
  } else if (item.done) {
    sink.report(R.lifecycleOrder, `${ev.type} after output_item.done for item ${ev.output_index}`, [frame.index, item.addedFrame]);
  }
  return item;
}

/**
 * The deltas the AI SDK's OpenAI provider passes on as a text or reasoning part's (`text-delta`,
 * `reasoning-delta`), a part it ends at the item's output_item.done: after it, ai's streamText finds no
 * such part (`ai` 7.0 dist/index.js ~9760 and ~9800). Argument deltas it drops after the done item,
 * whose arguments it already emitted, so those stay lifecycle-order's.
 */
const SHOWN_DELTAS: ReadonlySet<string> = new Set(['response.output_text.delta', 'response.refusal.delta', 'response.reasoning_summary_text.delta']);
