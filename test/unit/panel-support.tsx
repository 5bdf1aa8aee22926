// Helpers for the panel's component tests: mount into a container, feed real frames through the
// store the way the hub does, and turn the demo site's scenarios into frames.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, type ComponentChildren } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach } from 'vitest';
import { mountPanel, type MountedPanel } from '../../src/panel/mount';
import type { Frame } from '../../src/model/frame';
import type { AwaitStep, Step, StreamEvent } from '../../demo/scenarios/events';
import type { ScenarioModule } from '../../demo/scenarios/types';
import { applyEvent } from '../../src/panel/store/apply';
import type { PanelStore } from '../../src/panel/store/store';

export const ROOT = path.resolve(__dirname, '../..');

export function example(name: string): string {
  return readFileSync(path.join(ROOT, 'examples', name), 'utf8');
}

export function mount(node: ComponentChildren): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => {
    render(node, container);
  });
  return container;
}

export function unmount(container: HTMLElement): void {
  act(() => {
    render(null, container);
  });
  container.remove();
}

/** Applies events inside act(), so components re-render and effects run before the test looks. */
export function dispatch(store: PanelStore, ...events: Parameters<typeof applyEvent>[1][]): void {
  act(() => {
    for (const e of events) applyEvent(store, e);
  });
}

export const SESSION = 'sess-1';
const T0 = Date.UTC(2026, 2, 25, 2, 0, 0);

export type Outcome = 'approve' | 'reject' | 'answer' | 'timeout' | 'none';

/**
 * A scenario's stream as frames on one WebSocket connection `ws`, 10 ms apart. At each wait the
 * chosen outcome's events follow; `answer` and `approve` first put the page's reply (an `out` frame),
 * `none` stops there (the agent is still waiting).
 */
export function scenarioFrames(scenario: ScenarioModule, outcome: Outcome, answers: Record<string, string> = {}): Frame[] {
  const events: { direction: 'in' | 'out'; event: unknown }[] = [];
  const walk = (steps: readonly Step[]): boolean => {
    for (const step of steps) {
      if ('pause' in step) continue;
      if ('await' in step) {
        const wait = step as AwaitStep;
        if (outcome === 'none') return false;
        const key = wait.await.replaceAll('{{session}}', SESSION);
        if (outcome === 'answer' && wait.kind === 'question') {
          events.push({ direction: 'out', event: { type: 'approval', session_id: SESSION, approval_key: key, answers } });
        } else if ((outcome === 'approve' || outcome === 'reject') && wait.kind === 'approval') {
          events.push({ direction: 'out', event: { type: 'approval', session_id: SESSION, approval_key: key, decisions: [{ type: outcome }] } });
        }
        const branch = outcome === 'timeout' ? wait.timeout : (wait[outcome as 'approve' | 'reject' | 'answer'] ?? wait.answer ?? wait.approve ?? []);
        if (!walk(branch)) return false;
        continue;
      }
      events.push({ direction: 'in', event: JSON.parse(JSON.stringify(step as StreamEvent).replaceAll('{{session}}', SESSION)) });
    }
    return true;
  };
  walk(scenario.events);
  return events.map((e, index) => ({ index, connectionId: 'ws', time: T0 + index * 10, direction: e.direction, kind: 'message', data: JSON.stringify(e.event) }));
}

/** The hub's first message for a tab with one WebSocket connection and no frames yet. */
export function emptySnapshot(tabId = 7) {
  return {
    type: 'hub' as const,
    message: {
      type: 'snapshot' as const,
      tabId,
      capture: { connections: [{ id: 'ws', transport: 'websocket' as const, url: 'ws://127.0.0.1:8787/agent' }], frames: [] },
      sessions: [],
      dropped: 0,
      cut: 0,
      rejected: 0,
      ignored: 0,
      preserveLog: false,
      recording: true,
    },
  };
}

export function append(frames: readonly Frame[]) {
  return { type: 'hub' as const, message: { type: 'append' as const, frames, connections: [], sessions: [] } };
}

/**
 * Opens a file in a mounted panel through its Import input, as a user picks one, and waits until the
 * import's progress line goes (the import reads the file in batches; here in this thread, there being
 * no worker).
 */
export async function importIntoPanel(root: HTMLElement, name: string, text: string): Promise<void> {
  const input = root.querySelector('.import-file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: [new File([text], name)] });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
  });
  for (let i = 0; i < 1000 && root.querySelector('[data-testid="import-progress"]'); i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
}

export interface PanelUnderTest {
  panel: MountedPanel;
  root: HTMLElement;
}

/**
 * The whole panel (`mountPanel`) for the tests of a file that calls this at its top level: `open` mounts
 * it (and opens a file of examples/ through its Import input, when named); it is unmounted after each test.
 */
export function panelPerTest(): { open(file?: string): Promise<PanelUnderTest> } {
  let current: PanelUnderTest | undefined;
  afterEach(() => {
    if (!current) return;
    const { panel, root } = current;
    act(() => panel.unmount());
    root.remove();
    current = undefined;
  });
  return {
    async open(file) {
      const root = document.createElement('div');
      document.body.append(root);
      let panel: MountedPanel | undefined;
      act(() => {
        panel = mountPanel(root, {});
      });
      current = { panel: panel!, root };
      if (file !== undefined) await importIntoPanel(root, file, example(file));
      return current;
    },
  };
}
