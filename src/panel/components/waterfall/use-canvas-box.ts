// What the canvas's drawing depends on besides the session: the width of its box, and the panel's
// theme (the canvas reads the theme's colours when it draws, so it draws again when the theme changes).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/**
 * The box's width, at least 200 px, kept current with a ResizeObserver. The box may come and go (the
 * waterfall shows a plain message until a session has frames): each render checks which element the ref
 * holds and observes that one, so a waterfall opened before any session still takes its real width.
 */
export function useBoxWidth(box: { current: HTMLElement | null }): number {
  const [width, setWidth] = useState(600);
  const observed = useRef<{ el: HTMLElement; observer: ResizeObserver } | undefined>(undefined);
  useLayoutEffect(() => {
    const el = box.current;
    if (observed.current?.el === el) return;
    observed.current?.observer.disconnect();
    observed.current = undefined;
    if (!el || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)));
    observer.observe(el);
    observed.current = { el, observer };
    setWidth(Math.max(200, el.clientWidth));
  });
  useEffect(() => () => observed.current?.observer.disconnect(), []);
  return width;
}

/** Renders again when the panel's theme class changes (observing the panel that holds the box the ref holds now). */
export function useThemeRedraw(box: { current: HTMLElement | null }): void {
  const [, setTheme] = useState('');
  const observed = useRef<{ root: Element; observer: MutationObserver } | undefined>(undefined);
  useLayoutEffect(() => {
    const root = box.current?.closest('.asi-panel') ?? undefined;
    if (observed.current?.root === root) return;
    observed.current?.observer.disconnect();
    observed.current = undefined;
    if (!root || typeof MutationObserver !== 'function') return;
    const observer = new MutationObserver(() => setTheme(root.className));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    observed.current = { root, observer };
  });
  useEffect(() => () => observed.current?.observer.disconnect(), []);
}
