// The raw frame timeline: one row per frame, virtualised with @tanstack/virtual-core so only the rows
// in view (plus a few) exist in the DOM, whatever the capture's size. Keyboard: up/down, page
// up/down, home/end move the selection; rows are focusable options with aria-selected.
import { useEffect, useLayoutEffect, useReducer, useRef } from 'preact/hooks';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect, type VirtualizerOptions } from '@tanstack/virtual-core';
import type { Frame } from '../../model/frame';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { formatSize } from '../store/frame-row';
import { connectionLabel } from '../store/frame-log';
import { track } from '../store/track';

export const ROW_HEIGHT = 20;
const OVERSCAN = 8;

export function Timeline({ store }: { store: PanelStore }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const visible = store.filters.visible.value;
  const selected = store.selection.frame.value;
  const highlighted = store.selection.highlighted.value;
  const connections = store.connections.value;
  // Touch the findings version so markers repaint when findings arrive for frames already shown.
  track(store.findingsVersion.value);

  const options: VirtualizerOptions<HTMLDivElement, HTMLDivElement> = {
    count: visible.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    overscan: OVERSCAN,
    onChange: () => rerender(0),
  };
  const virtualizer = useRef<Virtualizer<HTMLDivElement, HTMLDivElement> | null>(null);
  if (!virtualizer.current) virtualizer.current = new Virtualizer(options);
  const v = virtualizer.current;
  v.setOptions({ ...v.options, ...options });
  useLayoutEffect(() => v._didMount(), [v]);
  useLayoutEffect(() => v._willUpdate());

  const list = visible.list;
  const selectedPos = selected === undefined ? -1 : sortedIndexOf(list, store.log.positionOf(selected));
  // Keep the selected row in view when the selection moves (keyboard, a finding clicked).
  useEffect(() => {
    if (selectedPos < 0) return;
    v.scrollToIndex(selectedPos, { align: 'auto' });
    const root = scrollRef.current;
    if (root && root.contains(document.activeElement)) root.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [selected, selectedPos, v]);

  // Like the Network panel, follow new frames while live and the last rows are in view.
  const lastCount = useRef(visible.count);
  useLayoutEffect(() => {
    const before = lastCount.current;
    lastCount.current = visible.count;
    const el = scrollRef.current;
    if (!el || visible.count <= before || !store.scrub.live.peek()) return;
    if (el.scrollTop + el.clientHeight >= (before - 1) * ROW_HEIGHT) v.scrollToIndex(visible.count - 1, { align: 'end' });
  }, [visible.count, v, store]);

  const move = (to: number) => {
    if (list.length === 0) return;
    const clamped = Math.max(0, Math.min(list.length - 1, to));
    const frame = store.log.frames[list[clamped] as number];
    if (frame) applyEvent(store, { type: 'selectFrame', index: frame.index });
  };
  const page = Math.max(1, Math.floor((v.scrollRect?.height ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = selectedPos < 0 ? -1 : selectedPos;
    const target: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at < 0 ? 0 : at - 1,
      PageDown: at + page,
      PageUp: at - page,
      Home: 0,
      End: list.length - 1,
    };
    const to = target[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };

  const first = store.log.frames[0];
  const t0 = first?.time ?? 0;
  return (
    <div class="timeline">
      <div class="timeline-head" aria-hidden="true">
        <span class="col-time">Time</span>
        <span class="col-dir" />
        <span class="col-conn">Connection</span>
        <span class="col-type">Event</span>
        <span class="col-size">Size</span>
      </div>
      <div
        class="timeline-scroll"
        ref={scrollRef}
        role="listbox"
        aria-label="Frames"
        data-testid="timeline"
        data-shown={visible.count}
        tabIndex={selectedPos < 0 ? 0 : -1}
        onKeyDown={onKeyDown}
      >
        {list.length === 0 && <div class="empty">{store.log.frames.length === 0 ? 'No frames yet.' : 'No frame matches the filters.'}</div>}
        <div class="timeline-space" style={{ height: `${v.getTotalSize()}px` }}>
          {v.getVirtualItems().map((row) => {
            const position = list[row.index] as number;
            const frame = store.log.frames[position] as Frame;
            const info = store.log.rows[position];
            const severity = store.findings.index.severityOf(frame.index);
            const isSelected = frame.index === selected;
            return (
              <div
                key={frame.index}
                role="option"
                id={`frame-${frame.index}`}
                aria-selected={isSelected}
                tabIndex={isSelected ? 0 : -1}
                data-index={frame.index}
                data-testid="frame-row"
                class={`row${isSelected ? ' selected' : ''}${highlighted.has(frame.index) ? ' highlighted' : ''} dir-${frame.direction}`}
                style={{ height: `${ROW_HEIGHT}px`, transform: `translateY(${row.start}px)` }}
                onClick={() => applyEvent(store, { type: 'selectFrame', index: frame.index })}
              >
                <span class="col-time">{Math.round(frame.time - t0)} ms</span>
                <span class="col-dir" aria-label={frame.direction === 'in' ? 'received' : 'sent'}>
                  {frame.direction === 'in' ? '↓' : '↑'}
                </span>
                <span class="col-conn">{connectionLabel(connections.get(frame.connectionId), frame.connectionId)}</span>
                <span class="col-type">{info?.type}</span>
                <span class="col-size">{formatSize(info?.size ?? 0)}</span>
                <span class={`marker${severity ? ` sev-${severity}` : ''}`} aria-label={severity ? `${severity} finding` : undefined} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** Binary search: the filtered list holds frame positions in ascending order. */
function sortedIndexOf(list: readonly number[], value: number | undefined): number {
  if (value === undefined) return -1;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid] as number;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
