// A pending approval or question is never hidden: the step or group that holds one stays open in the
// panel (issue: an AI SDK approval request pending at the end of a step showed only "> Step 1").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import type { Frame } from '../../src/model/frame';
import { createStore } from '../../src/panel/store/store';
import { Rendering } from '../../src/panel/components/rendering/Rendering';
import { toSse } from '../../src/protocols/aisdk-ui/testing';
import { append, dispatch, emptySnapshot, mount, unmount } from './panel-support';

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) unmount(container);
  container = undefined;
  vi.useRealTimers();
});

const call = { type: 'tool-input-available', toolCallId: 'c1', toolName: 'delete_file', input: { path: 'a.txt' } };
const request = { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' };
const pending = [{ type: 'start', messageId: 'm1' }, { type: 'start-step' }, call, request, { type: 'finish-step' }, { type: 'finish' }, '[DONE]'];

function imported(chunks: readonly unknown[]): HTMLElement {
  const store = createStore();
  dispatch(store, { type: 'import', text: toSse(chunks), fileName: 'chat.sse' });
  container = mount(<Rendering store={store} />);
  return container;
}

const step = (root: ParentNode) => root.querySelector('.group') as HTMLElement;

describe('a step holding an approval that waits for the user', () => {
  it('an opened file: the step is open and shows the call awaiting approval', () => {
    const root = imported(pending);
    expect(step(root).querySelector('.group-title')?.textContent).toBe('Step 1');
    expect(step(root).querySelector('.group-header')?.getAttribute('aria-expanded')).toBe('true');
    expect(step(root).querySelector('.tool')?.textContent).toContain('Delete file');
    expect(step(root).querySelector('.approval-name')?.textContent).toBe('delete_file');
    expect(step(root).querySelector('.approval-outcome')?.classList.contains('outcome-waiting')).toBe(true);
  });

  it('live: the step does not collapse when it ends, and the header still toggles it', () => {
    vi.useFakeTimers();
    const store = createStore();
    const frames: Frame[] = pending.map((c, index) => ({ index, connectionId: 'ws', time: index, direction: 'in', kind: 'message', data: typeof c === 'string' ? c : JSON.stringify(c) }));
    dispatch(store, emptySnapshot(), append(frames));
    container = mount(<Rendering store={store} />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(step(container).querySelector('.group-header')?.getAttribute('aria-expanded')).toBe('true');
    expect(step(container).querySelector('.approval')).not.toBeNull();
    act(() => (step(container as HTMLElement).querySelector('.group-header') as HTMLButtonElement).click());
    expect(step(container).querySelector('.group-items')).toBeNull();
  });

  it('the broken twin: the same step without the approval request starts collapsed', () => {
    const root = imported(pending.filter((c) => c !== request));
    expect(step(root).querySelector('.group-header')?.getAttribute('aria-expanded')).toBe('false');
    expect(step(root).querySelector('.group-items')).toBeNull();
  });
});
