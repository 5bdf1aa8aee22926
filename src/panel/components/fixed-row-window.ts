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
  /** The element sized to every row (its height changes with the count): see pinToEnd. */
  getContentElement?(): HTMLElement | null;
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
  /** A scroll position to write once the browser has laid the rows out (pinToEnd). */
  private pendingTop: number | undefined;

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
    const read = (): boolean => {
      const top = el.scrollTop;
      const width = el.clientWidth;
      const height = el.clientHeight;
      const same = top === this.scrollTop && width === this.scrollRect?.width && height === this.scrollRect.height;
      this.scrollTop = top;
      this.scrollRect = { width, height };
      return !same;
    };
    read();
    const onScroll = () => {
      // A position still to be written (the layout it waits for has not come) is the one to read.
      this.writePending();
      // A scroll the window wrote itself (pinToEnd) needs no second draw.
      if (read()) this.options.onChange();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // A view that showed its last row keeps showing it when it changes size (the panel resized or
    // docked): the browser keeps the top where it was, so a smaller view would lose the end and stop
    // following new rows.
    const onResize = () => {
      const atEnd = this.scrollRect !== undefined && this.showsEnd(this.options.count);
      this.writePending();
      if (!read()) return;
      if (atEnd && !this.showsEnd(this.options.count)) {
        this.pinToEnd();
        this.writePending();
      }
      this.options.onChange();
    };
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(onResize) : undefined;
    resize?.observe(el);
    // Resize observers run right after the browser's own layout: writing the scroll position then
    // costs no layout of its own, where writing it after a render forces one.
    const content = this.options.getContentElement?.();
    const grown = content && typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.writePending()) : undefined;
    if (content) grown?.observe(content);
    this.detach = () => {
      el.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      grown?.disconnect();
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

  /** Whether the view's last row (of `count` rows) is in view, from the position last read. */
  showsEnd(count: number): boolean {
    return this.scrollTop + (this.scrollRect?.height ?? 0) >= (count - 1) * this.options.rowHeight;
  }

  /**
   * Draws the last rows and scrolls to them without reading the layout: the rows are chosen from the
   * position to be, and the position is written once the browser has laid the new rows out (before
   * painting them), or at once where nothing tells when that is.
   */
  pinToEnd(): void {
    this.scrollTop = Math.max(0, this.getTotalSize() - (this.scrollRect?.height ?? 0));
    this.pendingTop = this.scrollTop;
    if (typeof ResizeObserver !== 'function' || !this.options.getContentElement?.()) this.writePending();
  }

  private writePending(): void {
    const top = this.pendingTop;
    this.pendingTop = undefined;
    const el = this.element;
    if (top === undefined || !el) return;
    el.scrollTop = top;
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
    this.pendingTop = undefined;
    el.scrollTop = to;
    this.scrollTop = el.scrollTop;
    this.options.onChange();
  }
}
