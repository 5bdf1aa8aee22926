// Windowing for a list whose rows all have one height: the rows in view are found by division, so
// an update costs the rows drawn whatever the list's length. (A general virtualiser measures every
// row again each time the count changes: with a million frames arriving 10,000 a second that was
// a million objects per animation frame.) The subset of @tanstack/virtual-core's Virtualizer API
// the timeline uses.

export interface FixedRowOptions {
  count: number;
  rowHeight: number;
  /** Rows drawn beyond each edge of the view. */
  overscan: number;
  getScrollElement(): HTMLElement | null;
  /** The view scrolled or resized: draw again. */
  onChange(): void;
}

export interface FixedRow {
  index: number;
  key: number;
  start: number;
  end: number;
  size: number;
}

export class FixedRowWindow {
  private element: HTMLElement | null = null;
  private detach: (() => void) | undefined;
  scrollRect: { width: number; height: number } | null = null;
  private scrollTop = 0;

  constructor(public options: FixedRowOptions) {}

  setOptions(options: FixedRowOptions): void {
    this.options = options;
  }

  /** Call once mounted; returns the cleanup. */
  _didMount(): () => void {
    this._willUpdate();
    return () => {
      this.detach?.();
      this.detach = undefined;
      this.element = null;
    };
  }

  /** Call after every render: follows a scroll element that changed. */
  _willUpdate(): void {
    const el = this.options.getScrollElement();
    if (el === this.element) return;
    this.detach?.();
    this.element = el;
    if (!el) return;
    const read = () => {
      this.scrollTop = el.scrollTop;
      this.scrollRect = { width: el.clientWidth, height: el.clientHeight };
    };
    read();
    const onScroll = () => {
      read();
      this.options.onChange();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(onScroll) : undefined;
    resize?.observe(el);
    this.detach = () => {
      el.removeEventListener('scroll', onScroll);
      resize?.disconnect();
    };
    // The first draw did not know the view's height yet.
    this.options.onChange();
  }

  getTotalSize(): number {
    return this.options.count * this.options.rowHeight;
  }

  getVirtualItems(): FixedRow[] {
    const { count, rowHeight, overscan } = this.options;
    const height = this.scrollRect?.height ?? 0;
    const first = Math.max(0, Math.floor(this.scrollTop / rowHeight) - overscan);
    const last = Math.min(count - 1, Math.ceil((this.scrollTop + height) / rowHeight) + overscan);
    const rows: FixedRow[] = [];
    for (let index = first; index <= last; index++) rows.push({ index, key: index, start: index * rowHeight, end: (index + 1) * rowHeight, size: rowHeight });
    return rows;
  }

  scrollToIndex(index: number, { align = 'auto' }: { align?: 'auto' | 'start' | 'end' } = {}): void {
    const el = this.element ?? this.options.getScrollElement();
    if (!el) return;
    const { rowHeight } = this.options;
    const height = el.clientHeight;
    const top = index * rowHeight;
    let to = el.scrollTop;
    if (align === 'start' || (align === 'auto' && top < el.scrollTop)) to = top;
    else if (align === 'end' || (align === 'auto' && top + rowHeight > el.scrollTop + height)) to = top + rowHeight - height;
    to = Math.max(0, to);
    if (to === el.scrollTop) return;
    el.scrollTop = to;
    this.scrollTop = el.scrollTop;
    this.options.onChange();
  }
}
