// Reading the Agents panel's frame inside the real DevTools window: the capture it exports, and the
// sessions of its picker and choosing one (the picker is a menu there, opened and closed by its button).
import type { Frame as PwFrame } from 'playwright-core';
import { until } from './devtools-panel';

export interface ExportedFrame {
  index: number;
  connectionId: string;
  kind: string;
  direction: string;
  data: string;
}

/** The capture the panel exports, as text and as its frames. */
export async function exported(panel: PwFrame): Promise<{ frames: ExportedFrame[]; text: string }> {
  const text = await panel.evaluate(() => window.__asiExport!());
  return { frames: (JSON.parse(text) as { frames: ExportedFrame[] }).frames, text };
}

/** Scopes the panel to session `id` ("" for all sessions) through the picker. */
export async function chooseSession(panel: PwFrame, id: string): Promise<void> {
  await panel.locator('[data-testid="session-button"]').click();
  await panel.locator(`[data-testid="session"][data-session="${id}"]`).click();
  await until(() => panel.locator('[data-testid="session-button"]').getAttribute('data-scope'), (scope) => scope === id, `session ${id} in scope`);
}

/** The picker's sessions: id and the connections it names. */
export async function sessionsInPicker(panel: PwFrame): Promise<Array<{ id: string; connections: string; protocol: string }>> {
  await panel.locator('[data-testid="session-button"]').click();
  const rows = await panel.locator('[data-testid="session"]').evaluateAll((els) =>
    els.map((e) => ({ id: e.getAttribute('data-session') ?? '', protocol: e.getAttribute('data-protocol') ?? '', connections: e.querySelector('.session-conn-names')?.textContent ?? '' })),
  );
  await panel.locator('[data-testid="session-button"]').click();
  return rows;
}
