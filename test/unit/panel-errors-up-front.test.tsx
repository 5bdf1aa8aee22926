// Errors up front and one scope at a time, in the whole panel on an imported tool-loop HAR of several
// requests (sessions): the first error without a click, every session's findings grouped under "All
// sessions" as many as the toolbar counts, a finding selected without scrubbing, a separator row per session.
import { describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import type { MountedPanel } from '../../src/panel/mount';
import { panelPerTest } from './panel-support';

const panels = panelPerTest();
let panel: MountedPanel | undefined;
let root: HTMLElement;

async function openFile(name: string): Promise<void> {
  ({ panel, root } = await panels.open(name));
}

const toolbarTotal = () => ['error', 'warning', 'info'].reduce((n, s) => n + Number(root.querySelector(`.counts .count.sev-${s}`)?.textContent?.split(' ')[0]), 0);
const click = (el: Element | null) => act(() => (el as HTMLElement).click());

describe('errors up front, one scope at a time', () => {
  it('lists every session’s findings under All sessions, as many as the toolbar counts, and the first error without a click', async () => {
    await openFile('openai-tool-loop-broken.har');
    const sessions = panel!.store.sessions.set.list.length;
    expect(sessions).toBeGreaterThan(1);
    expect(panel!.store.selection.scope.value).toBeUndefined();

    // No click yet: the first error's rule, message and frame above the detail pane.
    const banner = root.querySelector('[data-testid="error-banner"]');
    expect(banner).not.toBeNull();
    const rule = banner!.getAttribute('data-rule')!;
    expect(rule).toMatch(/^openai-chat\//);
    expect(banner!.textContent).toContain(rule);
    // The frame beside the message, not in its clamped lines: a long message never hides it.
    const frame = banner!.querySelector('.error-banner-frame');
    expect(frame?.textContent).toMatch(/^#\d+$/);
    expect(banner!.querySelector('.error-banner-main')?.contains(frame!)).toBe(false);
    expect(banner!.querySelector('.error-banner-glyph')?.textContent).toBe('✕');

    click(root.querySelector('[data-tab="findings"]'));
    const list = root.querySelector('[data-testid="findings"]')!;
    const total = toolbarTotal();
    expect(total).toBeGreaterThan(0);
    expect(list.querySelectorAll('li.finding-row')).toHaveLength(total);
    expect(root.querySelector('[data-tab="findings"]')?.textContent).toBe(`Findings (${total})`);
    // Grouped by session, each group named; every row's glyph says its severity.
    const groups = [...list.querySelectorAll('[data-testid="finding-group"]')];
    expect(groups.length).toBeGreaterThan(0);
    for (const row of list.querySelectorAll('li.finding-row')) {
      const severity = /sev-(error|warning|info)/.exec(row.className)?.[1];
      expect(row.querySelector('.finding-glyph')?.textContent).toBe({ error: '✕', warning: '⚠', info: 'ℹ' }[severity!]);
    }

    // Selecting a finding keeps the rendering on its latest state and dims nothing.
    click(list.querySelectorAll('li.finding-row button.finding')[0] ?? null);
    expect(panel!.store.selection.frame.value).toBeDefined();
    expect(list.querySelectorAll('.later')).toHaveLength(0);
    click(root.querySelector('[data-tab="rendering"]'));
    expect(root.querySelector('[data-testid="rendering"]')?.getAttribute('data-at')).toBe('live');

    // One clock, with a separator row where each session starts.
    expect(root.querySelectorAll('[data-testid="session-separator"]').length).toBeGreaterThan(0);

    // One session chosen: its findings only, and the toolbar counts the same.
    const group = groups[0]!.getAttribute('data-session')!;
    act(() => panel!.dispatch({ type: 'selectSession', id: group }));
    click(root.querySelector('[data-tab="findings"]'));
    expect(root.querySelectorAll('[data-testid="findings"] li.finding-row')).toHaveLength(toolbarTotal());
    expect(root.querySelectorAll('[data-testid="finding-group"]')).toHaveLength(0);
    expect(root.querySelectorAll('[data-testid="session-separator"]')).toHaveLength(0);
  });
});
