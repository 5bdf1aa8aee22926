// Builds the view model incrementally, exactly as the reference client's single scan over the flat
// block array does (spec section 5): group markers open and close groups, a user block or a text
// block that is not `is_part` closes any open group and stands alone, everything else goes into the
// open group or stands alone. Questions render outside groups. Each call is O(1).
import type { GroupItem, QuestionItem, TextItem, ToolItem, TodoItem, ViewItem, ViewModel } from '../../model/view';

/**
 * Item ids `<prefix>-<n>` for the first ids of a session, made once and shared by every session: a
 * session is often short, and building the same few strings again in each showed.
 */
const ID_CACHED = 64;
const idCache = new Map<string, string[]>();

export class ViewBuilder {
  readonly model: ViewModel = { protocol: 'flat-block', items: [], todos: null, streaming: false };
  private current: GroupItem | null = null;
  /**
   * Groups without `group_end`: their `open` flag follows `streaming`. A list, not a Set: only the
   * current group ends, and it is the last one started (a Set emptied by a group_end makes V8 shrink
   * its table, a call into the runtime per group).
   */
  private readonly unfinished: GroupItem[] = [];
  private nextId = 0;

  id(prefix: string): string {
    const n = this.nextId++;
    if (n >= ID_CACHED) return `${prefix}-${n}`;
    let ids = idCache.get(prefix);
    if (ids === undefined) idCache.set(prefix, (ids = []));
    return (ids[n] ??= `${prefix}-${n}`);
  }

  groupStart(summary: string, frame: number, historyPath?: string): GroupItem {
    const group: GroupItem = {
      kind: 'group',
      id: this.id('group'),
      frames: [frame],
      summary,
      done: false,
      open: true,
      items: [],
    };
    if (historyPath) group.historyPath = historyPath;
    // The reference pushes a still-open group when the next one starts; it stays unfinished.
    this.current = group;
    this.unfinished.push(group);
    this.model.items.push(group);
    return group;
  }

  /** Returns false when no group was open (the reference ignores such a marker). */
  groupEnd(summary: string | undefined, frame: number): boolean {
    const group = this.current;
    if (!group) return false;
    if (summary) group.summary = summary;
    group.done = true;
    group.open = false;
    group.frames.push(frame);
    const unfinished = this.unfinished;
    if (unfinished[unfinished.length - 1] === group) unfinished.pop();
    else {
      const at = unfinished.lastIndexOf(group);
      if (at >= 0) unfinished.splice(at, 1);
    }
    this.current = null;
    return true;
  }

  /** User blocks, non-part texts and questions: close any open group and stand alone. */
  standalone(item: ViewItem): void {
    this.current = null;
    this.model.items.push(item);
  }

  /** Every other block: into the open group, or alone when none is open. */
  place(item: ViewItem): void {
    if (this.current) this.current.items.push(item);
    else this.model.items.push(item);
  }

  /** Places a text block by the reference rule. */
  text(item: TextItem): void {
    if (item.part) this.place(item);
    else this.standalone(item);
  }

  question(item: QuestionItem): void {
    this.standalone(item);
  }

  addTool(item: ToolItem): void {
    this.place(item);
  }

  setTodos(todos: TodoItem[]): void {
    this.model.todos = todos;
  }

  setStreaming(streaming: boolean): void {
    this.model.streaming = streaming;
  }

  get groupOpen(): boolean {
    return this.current !== null;
  }

  view(): ViewModel {
    const streaming = this.model.streaming;
    for (const g of this.unfinished) g.open = streaming;
    return this.model;
  }
}
