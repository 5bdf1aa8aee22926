// A reasoning item says what it is: the model's thinking, or (Cohere) the tool plan it wrote before its calls.
import { render } from 'preact';
import { afterEach, expect, it } from 'vitest';
import type { ReasoningItem } from '../../../model/view';
import { ItemView } from './ItemView';

const boxes: HTMLElement[] = [];
afterEach(() => {
  for (const box of boxes.splice(0)) {
    render(null, box);
    box.remove();
  }
});

const groups = { get: () => undefined, set: () => undefined };

function summary(item: ReasoningItem): string {
  const box = document.createElement('div');
  document.body.append(box);
  boxes.push(box);
  render(<ItemView item={item} groups={groups} />, box);
  return box.querySelector('details.reasoning > summary')?.textContent ?? '';
}

it('titles reasoning "Thinking" unless the protocol names it', () => {
  expect(summary({ kind: 'reasoning', id: 'r', frames: [1], text: 'The user wants the weather.' })).toBe('Thinking');
  expect(summary({ kind: 'reasoning', id: 'p', frames: [2], text: 'I will use the weather tool.', title: 'Tool plan' })).toBe('Tool plan');
});
