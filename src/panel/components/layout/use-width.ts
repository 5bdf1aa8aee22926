// The width of an element, kept current with a ResizeObserver: the panel stacks its panes when
// DevTools is docked narrow, as the Network panel does.
import { useLayoutEffect, useState } from 'preact/hooks';

export function useWidth(ref: { current: HTMLElement | null }, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || fallback);
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth || fallback));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return width;
}
