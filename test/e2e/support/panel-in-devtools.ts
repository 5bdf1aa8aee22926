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

/**
 * Opens the picker's list and returns its rows once it has at least `atLeast` ("All sessions" is the
 * first). The list closes when the panel loses focus, as a menu does; in the real DevTools a click on
 * the page handled late under load takes that focus, so the list is opened again until it is read.
 */
async function openPickerRows(panel: PwFrame, atLeast: number): Promise<Array<{ id: string; connections: string; protocol: string }>> {
  const button = panel.locator('[data-testid="session-button"]');
  return until(
    async () => {
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      return panel.locator('[data-testid="session"]').evaluateAll((els) =>
        els.map((e) => ({ id: e.getAttribute('data-session') ?? '', protocol: e.getAttribute('data-protocol') ?? '', connections: e.querySelector('.session-conn-names')?.textContent ?? '' })),
      );
    },
    (rows) => rows.length >= atLeast,
    `the session picker with ${atLeast} rows`,
    30_000,
  );
}

/** Closes the picker's list if it is open. */
async function closePicker(panel: PwFrame): Promise<void> {
  const button = panel.locator('[data-testid="session-button"]');
  if ((await button.getAttribute('aria-expanded')) === 'true') await button.click();
}

/** Scopes the panel to session `id` ("" for all sessions) through the picker. */
export async function chooseSession(panel: PwFrame, id: string): Promise<void> {
  await until(
    async () => {
      const rows = await openPickerRows(panel, 1);
      if (rows.some((r) => r.id === id)) await panel.locator(`[data-testid="session"][data-session="${id}"]`).click({ timeout: 5_000 }).catch(() => undefined);
      return panel.locator('[data-testid="session-button"]').getAttribute('data-scope');
    },
    (scope) => scope === id,
    `session ${id} in scope`,
  );
}

/** The picker's sessions (the first row is "All sessions"): id, protocol and the connections it names. */
export async function sessionsInPicker(panel: PwFrame, atLeast = 1): Promise<Array<{ id: string; connections: string; protocol: string }>> {
  const rows = await openPickerRows(panel, atLeast);
  await closePicker(panel);
  return rows;
}
