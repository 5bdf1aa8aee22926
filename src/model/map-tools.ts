// Tool calls replaced throughout a view's items, top level and inside groups: what the readings laid
// over a fold's view (page-run tools, calls cut off with their stream) change. The same arrays and
// groups come back where nothing changed, so an unchanged view keeps its identity.
import type { ToolItem, ViewItem } from './view';

/** Groups nest a few levels at most (a step holding a sub-agent's calls); calls deeper are left as they are. */
const MAX_GROUP_DEPTH = 4;

/** `item` with its tool calls replaced by `f`'s: a call itself, or a group's calls. */
export function mapItemTools(item: ViewItem, f: (tool: ToolItem) => ToolItem, depth = 0): ViewItem {
  if (item.kind === 'tool') return f(item);
  if (item.kind !== 'group' || depth >= MAX_GROUP_DEPTH) return item;
  const items = mapTools(item.items, f, depth + 1);
  return items === item.items ? item : { ...item, items };
}

/** `items` with every tool call replaced by `f`'s; the same array when none changed. */
export function mapTools(items: ViewItem[], f: (tool: ToolItem) => ToolItem, depth = 0): ViewItem[] {
  let out: ViewItem[] | undefined;
  items.forEach((item, i) => {
    const mapped = mapItemTools(item, f, depth);
    if (mapped === item) return;
    out ??= [...items];
    out[i] = mapped;
  });
  return out ?? items;
}
