// The panel's theme: `?theme=dark|default` (tests, a plain page), else DevTools' own theme, else
// undefined so the system's colour scheme decides. Follows DevTools when the user switches theme.
import { browser } from 'wxt/browser';
import type { DevToolsTheme } from '@/src/panel';

function toTheme(name: unknown): DevToolsTheme | undefined {
  if (name === 'dark') return 'dark';
  // Chrome says 'default', Firefox 'light' (or 'none' in older versions).
  if (name === 'default' || name === 'light') return 'default';
  return undefined;
}

export function initialTheme(search: string): DevToolsTheme | undefined {
  const fromQuery = toTheme(new URLSearchParams(search).get('theme'));
  if (fromQuery) return fromQuery;
  return toTheme(browser.devtools?.panels?.themeName);
}

/** Calls `onChange` when DevTools switches theme; a query-forced theme stays. */
export function followTheme(search: string, onChange: (theme: DevToolsTheme | undefined) => void): void {
  if (new URLSearchParams(search).has('theme')) return;
  const panels = browser.devtools?.panels as
    | (typeof browser.devtools.panels & { onThemeChanged?: { addListener(cb: (name: string) => void): void } })
    | undefined;
  if (!panels) return;
  // Chrome 99+ has setThemeChangeHandler; Firefox has the onThemeChanged event instead.
  if (typeof panels.setThemeChangeHandler === 'function') panels.setThemeChangeHandler((name) => onChange(toTheme(name)));
  else panels.onThemeChanged?.addListener((name) => onChange(toTheme(name)));
}
