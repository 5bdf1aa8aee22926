// "Compare with file…" in the mounted panel: the panel's capture against a file, what the file holds
// drawn as text (a tool name or answer carrying markup stays text), a file that cannot be read said so.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { mountPanel, type MountedPanel } from '../../src/panel/mount';
import { compareWithFile } from '../../src/panel/compare/compare-state';
import { example } from './panel-support';

let panel: MountedPanel | undefined;
let root: HTMLElement;
afterEach(() => {
  if (panel) act(() => panel?.unmount());
  panel = undefined;
  root?.remove();
});

function open(): MountedPanel {
  root = document.createElement('div');
  document.body.append(root);
  act(() => {
    panel = mountPanel(root);
  });
  return panel!;
}

async function compare(p: MountedPanel, text: string, name: string): Promise<void> {
  await act(async () => {
    await compareWithFile(p.store, new File([text], name));
  });
}

describe('Compare with file… in the panel', () => {
  it('draws what the file holds as text, markup included', async () => {
    const p = open();
    const hostile = example('flat-block-turn.jsonl').replace('"text":"tăng 2.69%."', '"text":"<img src=x onerror=\\"window.__pwned=1\\">"').replace('"name":"web_search"', '"name":"<b>search</b>"');
    await compare(p, hostile, 'hostile.jsonl');
    const view = root.querySelector('[data-testid="compare-view"]');
    expect(view?.getAttribute('data-state')).toBe('done');
    // No worker in this DOM: compared on the panel's thread.
    expect(view?.getAttribute('data-thread')).toBe('panel');
    // The panel holds nothing: the file's one turn is only in B.
    expect(root.querySelector('[data-testid="compare-summary"]')?.textContent).toContain('0 aligned, 0 only in A, 1 only in B');
    expect(root.querySelector('[data-testid="compare-answer-b"]')?.textContent).toContain('VNINDEX hôm nay <img src=x onerror="window.__pwned=1">');
    expect([...root.querySelectorAll('[data-testid="compare-tools-b"] .cmp-tool-name')].map((e) => e.textContent)).toContain('<b>search</b>');
    expect(root.querySelector('[data-testid="compare-view"] img, [data-testid="compare-view"] b')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('says why a file cannot be compared, and closes back to the capture', async () => {
    const p = open();
    await compare(p, '\u0000\u0001 not a capture', 'junk.bin');
    expect(root.querySelector('[data-testid="compare-view"]')?.getAttribute('data-state')).toBe('failed');
    expect(root.querySelector('[data-testid="compare-error"]')?.textContent).toMatch(/^junk\.bin: /);
    act(() => (root.querySelector('button.cmp-close') as HTMLButtonElement).click());
    expect(root.querySelector('[data-testid="compare-view"]')).toBeNull();
    expect(root.querySelector('.empty-state')).not.toBeNull();
  });
});
