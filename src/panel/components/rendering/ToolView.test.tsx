// A tool call the stream never named still says what it is: without a label it would be a bare dot.
import { render } from 'preact';
import { afterEach, expect, it } from 'vitest';
import type { ToolItem } from '../../../model/view';
import { ToolView } from './ToolView';

const boxes: HTMLElement[] = [];
afterEach(() => {
  for (const box of boxes.splice(0)) {
    render(null, box);
    box.remove();
  }
});

function shown(item: ToolItem): string {
  const box = document.createElement('div');
  document.body.append(box);
  boxes.push(box);
  render(<ToolView item={item} />, box);
  return box.querySelector('.tool')?.textContent ?? '';
}

const tool = (name: string, label: string, toolId: string): ToolItem => ({ kind: 'tool', id: 't', frames: [1], toolId, name, contentMessage: '', label, input: {}, status: 'pending' });

it('names a tool call without a name by what it is, with its id when it has one', () => {
  expect(shown(tool('', '', 'call_1'))).toBe('tool call without a name, id call_1');
  expect(shown(tool('', '', ''))).toBe('tool call without a name');
  expect(shown(tool('get_weather', 'Get weather', 'call_2'))).toBe('Get weatherget_weather');
});
