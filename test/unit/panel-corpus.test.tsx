// Every real captured stream in the shared corpus opens in the full panel without throwing: recognised
// protocols render through the same components, the rest shows raw, and no frame goes missing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { protocols } from '../../src/protocols/registry';
import { mountPanel, type MountedPanel } from '../../src/panel/mount';
import { CORPUS_DIR, HAS_CORPUS, needsShared } from '../support/shared-dir';

const CORPUS = CORPUS_DIR;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name === 'README.md' ? [] : [full];
  });
}

let panel: MountedPanel | undefined;
afterEach(() => {
  if (panel) act(() => panel?.unmount());
  panel = undefined;
});

describe.skipIf(!HAS_CORPUS)(needsShared('the shared corpus in the panel'), () => {
  it.each((HAS_CORPUS ? files(CORPUS) : []).map((f) => [path.relative(CORPUS, f), f]))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const root = document.createElement('div');
    act(() => {
      panel = mountPanel(root, {});
    });
    act(() => panel!.dispatch({ type: 'import', text, fileName: path.basename(file) }));
    const error = panel!.store.toolbar.importError.value;
    if (error !== undefined) {
      // Only inputs the readers reject may fail, and with the readers' reason.
      expect(() => readInput(text)).toThrow();
      expect(root.querySelector('.import-error')?.textContent).toBe(error);
      return;
    }
    const capture = readInput(text).capture;
    expect(panel!.store.log.all()).toHaveLength(capture.frames.length);
    const expected = splitSessions(capture, protocols).map((s) => s.pipeline.protocol);
    expect(panel!.store.sessions.set.list.map((s) => s.pipeline.protocol)).toEqual(expected);
    // The picker lists "All sessions" and then every session, with its protocol.
    act(() => root.querySelector<HTMLButtonElement>('[data-testid="session-button"]')!.click());
    const options = [...root.querySelectorAll('[data-testid="session"]')].map((o) => o.getAttribute('data-protocol'));
    expect(options[0]).toBe('');
    expect(options.slice(1)).toEqual(expected.slice(0, options.length - 1));
    expect(root.querySelector('.rendering-head .protocol')?.textContent).toBe(panel!.store.sessions.view.value?.view.protocol);
  });
});
