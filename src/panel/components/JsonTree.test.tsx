import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_DATA_DEPTH } from '../../model/safe-text';
import { JsonTree } from './JsonTree';

let container: HTMLElement | undefined;

function mount(value: unknown): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  act(() => render(<JsonTree value={value} />, container as HTMLElement));
  return container;
}

/** Expands the deepest collapsed node until none is left (what a user clicking down the tree does). */
function expandAll(root: HTMLElement): void {
  for (let i = 0; i < 10 * MAX_DATA_DEPTH; i++) {
    const closed = [...root.querySelectorAll<HTMLButtonElement>('.json-toggle[aria-label="Expand"]')].at(-1);
    if (!closed) return;
    act(() => closed.click());
  }
}

afterEach(() => {
  if (container) act(() => render(null, container as HTMLElement));
  container?.remove();
});

describe('JsonTree on hostile page data', () => {
  it('draws 100,000 levels of nesting as nodes down to the bound, then as one line of text', () => {
    const root = mount(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)));
    expandAll(root);
    expect(root.querySelectorAll('.json-node').length).toBe(MAX_DATA_DEPTH);
    const deepest = root.querySelector('.json-too-deep');
    expect(deepest?.textContent).toBe('[[[["…"]]]]');
  });

  it('shows values whose toString is not a function, odd numbers and lone surrogates as text', () => {
    const root = mount(JSON.parse('{"toString":0,"valueOf":{},"big":1e400,"s":"\\ud800","list":[{"toString":0}]}'));
    expandAll(root);
    const text = root.textContent ?? '';
    expect(text).toContain('"toString": 0');
    expect(text).toContain('"big": Infinity');
    expect(text).toContain('"\\ud800"');
  });
});
