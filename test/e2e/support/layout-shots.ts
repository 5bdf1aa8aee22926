// Screenshots of the real DevTools panel for a person to look at: docked right at 550 px, at the bottom
// at 300 px and undocked at 1280×800, light and dark, in test/e2e/screenshots (ignored by git) and, when
// ASI_LAYOUT_SHOTS names a directory, there too.
import fs from 'node:fs';
import path from 'node:path';
import type { Frame as PwFrame } from 'playwright-core';
import { SCREENSHOTS } from './demo-in-devtools';
import { devtoolsArea, dock, theme, type DockedPanel, type DockSide } from './docked-panel';

export type ShotLayout = 'right-550' | 'bottom-300' | 'undocked-1280';

export const SHOT_LAYOUTS: Readonly<Record<ShotLayout, [DockSide, number, number]>> = {
  'right-550': ['right', 550, 800],
  'bottom-300': ['bottom', 1280, 300],
  'undocked-1280': ['undocked', 1280, 800],
};

/** A docking a screenshot is taken in. */
export interface Layout {
  key: ShotLayout;
  side: DockSide;
  width: number;
  height: number;
}

/** Copies a saved screenshot to ASI_LAYOUT_SHOTS, when set. */
export function keepShot(file: string): void {
  const extra = process.env.ASI_LAYOUT_SHOTS;
  if (!extra) return;
  fs.mkdirSync(extra, { recursive: true });
  fs.copyFileSync(file, path.join(extra, path.basename(file)));
}

/**
 * Runs `shot` in each layout (all of SHOT_LAYOUTS, or those named) and theme, the panel docked or
 * undocked and themed first; the theme is left as the last one set.
 */
export async function inEveryLayout(docked: DockedPanel, shot: (layout: Layout, t: 'default' | 'dark') => Promise<void>, only?: readonly ShotLayout[]): Promise<void> {
  for (const key of only ?? (Object.keys(SHOT_LAYOUTS) as ShotLayout[])) {
    const [side, width, height] = SHOT_LAYOUTS[key];
    await dock(docked, side, width, height);
    for (const t of ['default', 'dark'] as const) {
      await theme(docked, t);
      await shot({ key, side, width, height }, t);
    }
  }
}

/** Saves the DevTools window's part of the screen as `${name}-${layout}-${light|dark}.png` (and keeps it); returns the file. */
export async function saveShot(docked: DockedPanel, name: string, layout: Layout, t: 'default' | 'dark'): Promise<string> {
  const file = path.join(SCREENSHOTS, `${name}-${layout.key}-${t === 'dark' ? 'dark' : 'light'}.png`);
  await docked.frontend.screenshot({ path: file, clip: devtoolsArea(layout.side, layout.width, layout.height) });
  keepShot(file);
  return file;
}

export interface ShotOptions {
  /** Brings forward what the pictures are of, once docked (a tab of the details, say). */
  show: (panel: PwFrame) => Promise<void>;
  /** Resolves once it is drawn in the current theme. */
  ready?: (panel: PwFrame) => Promise<void>;
  /** The layouts to take (all by default). */
  only?: readonly ShotLayout[];
}

/** Saves `${name}-${layout}-${light|dark}.png` for each layout and theme; leaves the panel in the default theme. */
export async function shootLayouts(docked: DockedPanel, name: string, options: ShotOptions): Promise<void> {
  await inEveryLayout(
    docked,
    async (layout, t) => {
      if (t === 'default') await options.show(docked.panel);
      await options.ready?.(docked.panel);
      await saveShot(docked, name, layout, t);
    },
    options.only,
  );
  await theme(docked, 'default');
}
