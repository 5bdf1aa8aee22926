// Two panes and a divider the user drags (or moves with the arrow keys) to share the room between
// them, side by side or stacked. The share is remembered per `storageKey` for the next time the panel
// opens, as the Network panel remembers its split.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';

export interface SplitPaneProps {
  direction: 'row' | 'column';
  /** Share of the first pane, 0..1. */
  initial: number;
  storageKey: string;
  /** Smallest size of either pane, in pixels. */
  min?: number;
  first: ComponentChildren;
  second: ComponentChildren;
  /** Draws only the first pane, with no divider (the second has nothing to show). */
  collapsed?: boolean;
  class?: string;
  label: string;
}

const STEP = 0.03;

export function SplitPane({ direction, initial, storageKey, min = 80, first, second, collapsed, class: cls, label }: SplitPaneProps) {
  const [share, setShare] = useState(() => readShare(storageKey, initial));
  const root = useRef<HTMLDivElement>(null);
  const clamp = (value: number) => {
    const el = root.current;
    const total = el ? (direction === 'row' ? el.clientWidth : el.clientHeight) : 0;
    const low = total > 0 ? Math.min(0.5, min / total) : 0.1;
    return Math.max(low, Math.min(1 - low, value));
  };
  const commit = (value: number) => {
    const next = clamp(value);
    setShare(next);
    writeShare(storageKey, next);
  };
  const onPointerDown = (e: PointerEvent) => {
    const el = root.current;
    if (!el) return;
    e.preventDefault();
    const target = e.currentTarget as HTMLElement;
    target.setPointerCapture(e.pointerId);
    const rect = el.getBoundingClientRect();
    const move = (ev: PointerEvent) => {
      const value = direction === 'row' ? (ev.clientX - rect.left) / rect.width : (ev.clientY - rect.top) / rect.height;
      setShare(clamp(value));
    };
    const up = (ev: PointerEvent) => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      const value = direction === 'row' ? (ev.clientX - rect.left) / rect.width : (ev.clientY - rect.top) / rect.height;
      commit(value);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const back = direction === 'row' ? 'ArrowLeft' : 'ArrowUp';
    const forward = direction === 'row' ? 'ArrowRight' : 'ArrowDown';
    if (e.key === back) commit(share - STEP);
    else if (e.key === forward) commit(share + STEP);
    else return;
    e.preventDefault();
  };
  const basis = collapsed ? '100%' : `${(share * 100).toFixed(2)}%`;
  return (
    <div ref={root} class={`split split-${direction}${cls ? ` ${cls}` : ''}`}>
      <div class="split-pane split-first" style={{ flexBasis: basis }}>
        {first}
      </div>
      {!collapsed && (
        <>
          <div
            class="split-divider"
            role="separator"
            tabIndex={0}
            aria-label={label}
            aria-orientation={direction === 'row' ? 'vertical' : 'horizontal'}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share * 100)}
            onPointerDown={onPointerDown}
            onKeyDown={onKeyDown}
          />
          <div class="split-pane split-second">{second}</div>
        </>
      )}
    </div>
  );
}

function readShare(key: string, fallback: number): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(`asi.split.${key}`));
    return value > 0 && value < 1 ? value : fallback;
  } catch {
    return fallback;
  }
}

function writeShare(key: string, value: number): void {
  try {
    globalThis.localStorage?.setItem(`asi.split.${key}`, value.toFixed(3));
  } catch {
    // Storage may be off (a sandboxed page): the split then lasts for this session only.
  }
}
