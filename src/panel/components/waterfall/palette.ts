// The canvas cannot use CSS classes, so it reads the theme's colours from the panel's custom properties
// each time it draws (they change with the light and dark themes), with fallbacks for a page without them.
import type { CategoryName } from '../../store/session-track';

export interface Palette {
  fg: string;
  bg: string;
  muted: string;
  border: string;
  gap: string;
  sel: string;
  tint: string;
  /** Each kind of frame's hue, from errors-up-front.css: text, reasoning, tool call, tool result and approval told apart. */
  category: Record<CategoryName, string>;
}

function cssVar(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

export function readPalette(el: Element): Palette {
  const muted = cssVar(el, '--muted', '#5f6368');
  return {
    fg: cssVar(el, '--fg', '#202124'),
    bg: cssVar(el, '--bg', '#ffffff'),
    muted,
    border: cssVar(el, '--border', '#dadce0'),
    gap: cssVar(el, '--hl', '#fff3c4'),
    sel: cssVar(el, '--blue', '#1a73e8'),
    tint: cssVar(el, '--row-alt', '#f8f9fa'),
    category: {
      other: muted,
      text: cssVar(el, '--wf-text', '#1a73e8'),
      reasoning: cssVar(el, '--wf-reasoning', '#8430ce'),
      'tool-call': cssVar(el, '--wf-tool-call', '#e8710a'),
      'tool-result': cssVar(el, '--wf-tool-result', '#188038'),
      approval: cssVar(el, '--wf-approval', '#c5167b'),
      lifecycle: muted,
      error: cssVar(el, '--red', '#d93025'),
      request: cssVar(el, '--wf-request', '#00838f'),
    },
  };
}
