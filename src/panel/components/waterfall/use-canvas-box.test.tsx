// The waterfall's width follows its box even when the box appears after the component mounted (a
// waterfall opened before any session shows a plain message first, an element without the ref).
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, expect, it } from 'vitest';
import { useRef } from 'preact/hooks';
import { useBoxWidth, useThemeRedraw } from './use-canvas-box';

const mounted: HTMLElement[] = [];
afterEach(() => {
  for (const box of mounted.splice(0)) {
    render(null, box);
    box.remove();
  }
});

function Probe({ shown, width }: { shown: boolean; width: number }) {
  const box = useRef<HTMLDivElement>(null);
  const measured = useBoxWidth(box);
  if (!shown) return <p class="empty">nothing yet</p>;
  return (
    <div ref={(el) => {
      box.current = el;
      if (el) Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => width });
    }} data-measured={measured} />
  );
}

it('measures a box that appears after the component mounted, and follows the element the ref holds', () => {
  const container = document.createElement('div');
  mounted.push(container);
  document.body.append(container);
  act(() => render(<Probe shown={false} width={410} />, container));
  act(() => render(<Probe shown width={410} />, container));
  expect(container.querySelector('div')?.getAttribute('data-measured')).toBe('410');
  // Gone and back as a new element: the new one is measured.
  act(() => render(<Probe shown={false} width={330} />, container));
  act(() => render(<Probe shown width={330} />, container));
  expect(container.querySelector('div')?.getAttribute('data-measured')).toBe('330');
});

function ThemeProbe({ shown }: { shown: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const renders = useRef(0);
  renders.current++;
  useThemeRedraw(box);
  if (!shown) return <p>nothing yet</p>;
  return <div ref={box} data-renders={renders.current} />;
}

it('draws again on a theme change when its box appeared after the component mounted', async () => {
  const panel = document.createElement('div');
  panel.className = 'asi-panel theme-light';
  mounted.push(panel);
  document.body.append(panel);
  act(() => render(<ThemeProbe shown={false} />, panel));
  act(() => render(<ThemeProbe shown />, panel));
  const before = Number(panel.querySelector('div')?.getAttribute('data-renders'));
  await act(async () => {
    panel.className = 'asi-panel theme-dark';
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(Number(panel.querySelector('div')?.getAttribute('data-renders'))).toBeGreaterThan(before);
});
