// What the canvas's drawing depends on besides the session: the width of its box, and the panel's
// theme (the canvas reads the theme's colours when it draws, so it draws again when the theme changes).
import { useLayoutEffect, useState } from 'preact/hooks';

/** The box's width, at least 200 px, kept current with a ResizeObserver. */
export function useBoxWidth(box: { current: HTMLElement | null }): number {
  const [width, setWidth] = useState(600);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)));
    observer.observe(el);
    setWidth(Math.max(200, el.clientWidth));
    return () => observer.disconnect();
  }, []);
  return width;
}

/** Renders again when the panel's theme class changes. */
export function useThemeRedraw(box: { current: HTMLElement | null }): void {
  const [, setTheme] = useState('');
  useLayoutEffect(() => {
    const root = box.current?.closest('.asi-panel');
    if (!root || typeof MutationObserver !== 'function') return;
    const observer = new MutationObserver(() => setTheme(root.className));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [box.current]);
}
