import { describe, expect, it } from 'vitest';
import { MAX_DATA_DEPTH } from './safe-text';
import { renderText } from './render-text';
import type { GroupItem, ViewItem, ViewModel } from './view';

const hostile = JSON.parse('{"toString":0,"valueOf":0}') as string;

function nestedGroups(levels: number): ViewItem {
  let item: ViewItem = { kind: 'text', id: 't', frames: [0], text: 'innermost', part: false, final: false, brand: false };
  for (let i = 0; i < levels; i++) {
    const group: GroupItem = { kind: 'group', id: `g${i}`, frames: [0], summary: 's', done: true, open: false, items: [item] };
    item = group;
  }
  return item;
}

describe('renderText on page data of the wrong shape', () => {
  it('prints a state nested 100,000 levels deep, bounded', () => {
    const view: ViewModel = { protocol: 'ag-ui', items: [], todos: null, streaming: false, state: JSON.parse('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)) };
    const text = renderText(view);
    expect(text.startsWith('State: {"a":{"a":')).toBe(true);
    expect(text).toContain('"…"');
    expect(text.length).toBeLessThan(1000);
  });

  it('bounds nested groups', () => {
    const text = renderText({ protocol: 'x', items: [nestedGroups(10_000)], todos: null, streaming: false });
    expect(text).toContain(`… nested deeper than ${MAX_DATA_DEPTH} levels`);
    expect(text).not.toContain('innermost');
  });

  it('prints fields that hold objects whose toString is not a function', () => {
    const view: ViewModel = {
      protocol: 'x',
      items: [
        { kind: 'user', id: 'u', frames: [0], text: hostile },
        { kind: 'tool', id: 't', frames: [1], toolId: hostile, name: hostile, contentMessage: '', label: hostile, input: {}, status: 'pending', parentToolId: hostile },
        { kind: 'approval', id: 'a', frames: [2], key: 'k', actions: [{ name: hostile, args: {} }], allowed: { x: [hostile] }, timeoutSeconds: 1, outcome: { type: 'decided', decisions: [hostile] } },
      ],
      todos: [{ content: hostile, activeForm: hostile, status: hostile }],
      streaming: false,
      usage: { output: hostile as unknown as number },
    };
    const text = renderText(view);
    expect(text).toContain('user: [object Object]');
    expect(text).toContain('approval [object Object] [[object Object]] — decided: [object Object]');
    expect(text).toContain('? [object Object] (status "[object Object]")');
  });
});
