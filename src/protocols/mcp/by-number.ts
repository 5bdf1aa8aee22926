// What the SDK client looks up by Number(): response ids and progress tokens ("01", " 1" and "1.0" all
// find 1). Each number's list, in arrival order, keeps only the items still waiting and the newest, so
// a lookup reads a few items however long the session, even where every request reuses one number.

export class ByNumber<T> {
  private readonly lists = new Map<string, T[]>();

  /** `waiting`: the item's request still waits for its answer (read when filing and finding, as it changes). */
  constructor(private readonly waiting: (item: T) => boolean) {}

  add(key: string, item: T): void {
    const list = this.lists.get(key);
    if (list === undefined) return void this.lists.set(key, [item]);
    let kept = 0;
    for (const earlier of list) if (this.waiting(earlier)) list[kept++] = earlier;
    list.length = kept;
    list.push(item);
  }

  /** The oldest item filed under `key` still waiting, else the newest (a late answer); undefined when none. */
  find(key: string): T | undefined {
    const list = this.lists.get(key);
    if (list === undefined) return undefined;
    for (const item of list) if (this.waiting(item)) return item;
    return list[list.length - 1];
  }
}
