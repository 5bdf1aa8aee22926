// response.completed carries the whole response. openai's ResponseStream (6 and 7) returns it as the
// final response, so its output replaces what the stream built, while a streaming reader (the AI SDK,
// a page appending deltas) keeps what was streamed. Where the two differ, the view shows the completed
// output for the items both have, and a warning names what differs.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { isRecord } from '../shared/view-helpers';
import { sameTexts } from './content';
import { applyDoneItem, doneInput, type Item } from './items';
import { RESPONSES_RULES as R } from './rules';
import type { FoldState, ItemState, ResponseState } from './state';

/** Held to the first response.completed's `output`; an absent output is built by the client from the done items. */
export function reconcileCompleted(state: FoldState, resp: ResponseState, output: unknown, frame: Frame, sink: FindingSink): void {
  if (!Array.isArray(output)) return;
  const byId = new Map<string, Item>();
  for (const entry of output) if (isRecord(entry) && typeof entry.type === 'string' && typeof entry.id === 'string') byId.set(entry.id, entry as Item);
  // Lists made only when there is something to report: most outputs agree.
  let differs: ItemState[] | undefined;
  let missing: ItemState[] | undefined;
  const items = [...resp.items.values()];
  // Items arrive in index order, bar a warned-of exception.
  if (items.some((item, i) => i > 0 && (items[i - 1] as ItemState).outputIndex > item.outputIndex)) items.sort((a, b) => a.outputIndex - b.outputIndex);
  for (let position = 0; position < items.length; position++) {
    const item = items[position] as ItemState;
    // By id; an item whose id rotated (item-id-changed reports it) by its place, as openai 6 read it.
    let entry = item.id === undefined ? undefined : byId.get(item.id);
    if (entry === undefined && item.idChangeReported) {
      const at: unknown = output[position];
      if (isRecord(at) && typeof at.id === 'string' && !items.some((i) => i.id === at.id)) entry = at as Item;
    }
    if (entry === undefined || entry.type !== item.type) {
      // An item still open is completed-with-open-items' or lifecycle-order's to report.
      if (item.done && item.id !== undefined) (missing ??= []).push(item);
      continue;
    }
    byId.delete(entry.id as string);
    if (sameContent(item, entry)) continue;
    // An open item the output completes is expected (lifecycle-order reports it open); a finished one
    // that the output contradicts is not.
    if (item.done) (differs ??= []).push(item);
    applyDoneItem(state, resp, item, entry, frame, sink, 'response.completed');
  }
  if (differs) {
    sink.report(R.completedOutputDiffers, `response.completed's output gives item(s) ${list(differs)} other content than the stream finished with: openai 6 and 7 return the completed response as final and show its output, as here; a streaming reader (the AI SDK) shows what was streamed`, [frame.index, ...differs.map((i) => i.addedFrame)]);
  }
  if (missing) {
    sink.report(R.completedOutputDiffers, `response.completed's output leaves out item(s) ${list(missing)}, which the stream finished: openai 6 and 7 return the completed response as final, without them; a streaming reader (the AI SDK) shows them, as here`, [frame.index, ...missing.map((i) => i.addedFrame)]);
  }
  if (byId.size > 0) {
    sink.report(R.completedOutputDiffers, `response.completed's output holds item(s) ${[...byId.keys()].map((id) => `"${id}"`).join(', ')} that the stream never sent: openai 6 and 7 show them in the final response; a streaming reader (the AI SDK) does not, nor does this view`, [frame.index]);
  }
}

function sameContent(item: ItemState, entry: Item): boolean {
  if (item.type === 'message' || item.type === 'reasoning') return sameTexts(item, entry);
  // Only a call whose input the view shows from its arguments (finishArgs) is compared.
  if (item.view?.kind !== 'tool') return true;
  const full = doneInput(entry);
  return typeof full !== 'string' || full === item.args;
}

function list(items: readonly ItemState[]): string {
  return items.map((i) => `${i.outputIndex} (${i.type}${i.id !== undefined ? ` "${i.id}"` : ''})`).join(', ');
}
