// A tool call says what it is and how it stands: a call the stream never named, one its stream was cut off before.
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

it('shows a call its stream was cut off before as cut off, with a hollow dot, not running', () => {
  const cut: ToolItem = { ...tool('get_weather', 'Get weather', 'call_2'), cutOff: 5 };
  expect(shown(cut)).toBe('Get weather · cut off before its resultget_weather');
  const dot = boxes.at(-1)?.querySelector('.dot');
  expect(dot?.getAttribute('aria-label')).toBe('cut off before its result');
  expect(dot?.classList.contains('dot-cut-off')).toBe(true);
  // A result the page's follow-up carried wins over the cut; the page's side does not: a call cut off
  // is one no page could run.
  expect(shown({ ...cut, status: 'success' })).toBe('Get weatherget_weather');
  expect(shown({ ...cut, pageTool: 'waiting' })).toBe('Get weather · cut off before its resultget_weather');
  expect(shown(tool('get_weather', 'Get weather', 'call_2'))).toBe('Get weatherget_weather');
  expect(shown({ ...tool('get_weather', 'Get weather', 'call_2'), pageTool: 'waiting' })).toBe('Get weather · waiting for the pageget_weather');
  expect(boxes.at(-1)?.querySelector('.dot')?.classList.contains('dot-cut-off')).toBe(false);
});

it('shows a call whose arguments never finished before its stream ended as such, with a hollow dot, not running', () => {
  const unfinished: ToolItem = { ...tool('get_weather', 'Get weather', ''), unfinished: 4 };
  expect(shown(unfinished)).toBe('Get weather · its arguments never finishedget_weather');
  const row = boxes.at(-1)?.querySelector('.tool');
  expect(row?.hasAttribute('data-unfinished')).toBe(true);
  expect(row?.hasAttribute('data-cut-off')).toBe(false);
  expect(row?.querySelector('.dot')?.classList.contains('dot-cut-off')).toBe(true);
  // A cut stream explains it better: the cut is said.
  expect(shown({ ...unfinished, cutOff: 5 })).toBe('Get weather · cut off before its resultget_weather');
  expect(boxes.at(-1)?.querySelector('.tool')?.hasAttribute('data-unfinished')).toBe(false);
  // A stream that ended asking the page for a call it never finished: the page cannot run it.
  expect(shown({ ...unfinished, pageTool: 'waiting' })).toBe('Get weather · its arguments never finishedget_weather');
});
