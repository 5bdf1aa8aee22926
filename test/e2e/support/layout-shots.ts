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

/** Copies a saved screenshot to ASI_LAYOUT_SHOTS, when set (under `as`, or its own name). */
export function keepShot(file: string, as = path.basename(file)): void {
  const extra = process.env.ASI_LAYOUT_SHOTS;
  if (!extra) return;
  fs.mkdirSync(extra, { recursive: true });
  fs.copyFileSync(file, path.join(extra, as));
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
  for (const key of options.only ?? (Object.keys(SHOT_LAYOUTS) as ShotLayout[])) {
    const [side, width, height] = SHOT_LAYOUTS[key];
    await dock(docked, side, width, height);
    await options.show(docked.panel);
    for (const t of ['default', 'dark'] as const) {
      await theme(docked, t);
      await options.ready?.(docked.panel);
      const file = path.join(SCREENSHOTS, `${name}-${key}-${t === 'dark' ? 'dark' : 'light'}.png`);
      await docked.frontend.screenshot({ path: file, clip: devtoolsArea(side, width, height) });
      keepShot(file);
    }
    await theme(docked, 'default');
  }
}
