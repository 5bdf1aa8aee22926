// The height of an element, kept current with a ResizeObserver: docked at the bottom, DevTools leaves
// the panel a few hundred pixels, and the panel then folds its header rows (see App.tsx).
import { useLayoutEffect, useState } from 'preact/hooks';

export function useHeight(ref: { current: HTMLElement | null }, fallback: number): number {
  const [height, setHeight] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight || fallback);
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight || fallback));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return height;
}
