import { expect, it } from 'vitest';
import type { GroupItem, ToolItem, ViewItem } from './view';
import { mapTools } from './map-tools';

const tool = (toolId: string): ToolItem => ({ kind: 'tool', id: toolId, frames: [1], toolId, name: 'get_weather', contentMessage: '', label: 'Get weather', input: {}, status: 'pending' });
const group = (items: ViewItem[]): GroupItem => ({ kind: 'group', id: 'g', frames: [0], summary: '', done: false, open: false, items });
const done = (t: ToolItem): ToolItem => (t.toolId === 'b' ? { ...t, status: 'success' } : t);

it('replaces calls at the top level and inside groups, and keeps what it did not change', () => {
  const a = tool('a');
  const inner = group([tool('b')]);
  const untouched = group([tool('c')]);
  const items: ViewItem[] = [a, inner, untouched];
  const out = mapTools(items, done);
  expect(out).not.toBe(items);
  expect(out[0]).toBe(a);
  expect(out[2]).toBe(untouched);
  expect((out[1] as GroupItem).items[0]).toMatchObject({ toolId: 'b', status: 'success' });
  expect(inner.items[0]).toMatchObject({ status: 'pending' });
  // Nothing to change: the same array.
  const none: ViewItem[] = [a, untouched];
  expect(mapTools(none, done)).toBe(none);
});

it('leaves calls nested deeper than four groups as they are', () => {
  const nest = (depth: number): ViewItem => (depth === 0 ? tool('b') : group([nest(depth - 1)]));
  const find = (item: ViewItem): ToolItem => (item.kind === 'group' ? find(item.items[0] as ViewItem) : (item as ToolItem));
  expect(find(mapTools([nest(4)], done)[0] as ViewItem).status).toBe('success');
  expect(find(mapTools([nest(5)], done)[0] as ViewItem).status).toBe('pending');
});
