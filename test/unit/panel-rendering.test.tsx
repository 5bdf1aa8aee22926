// The reference rendering, rule by rule (flat-block-protocol.md section 5), drawn from the demo
// site's scenarios and the project's examples run through the real store and pipeline.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '../../src/model/frame';
import { DONE_TEXT, WORKING_TEXT } from '../../src/model/view';
import { createStore, type PanelStore } from '../../src/panel/store/store';
import { Rendering } from '../../src/panel/components/rendering/Rendering';
import { stream } from '../../src/protocols/flat-block/test-support';
import * as normal from '../../demo/scenarios/normal';
import * as approval from '../../demo/scenarios/approval';
import * as question from '../../demo/scenarios/question';
import { ROOT, append, dispatch, emptySnapshot, example, mount, scenarioFrames, unmount } from './panel-support';

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) unmount(container);
  container = undefined;
  vi.useRealTimers();
});

function live(frames: readonly Frame[]): { store: PanelStore; root: HTMLElement } {
  const store = createStore();
  dispatch(store, emptySnapshot(), append(frames));
  container = mount(<Rendering store={store} />);
  return { store, root: container };
}

function imported(text: string): HTMLElement {
  const store = createStore();
  dispatch(store, { type: 'import', text, fileName: 'input' });
  container = mount(<Rendering store={store} />);
  return container;
}

/** Frames of a scenario up to (not including) the first event of `type`, optionally the n-th one. */
function until(frames: readonly Frame[], type: string, nth = 1): Frame[] {
  let seen = 0;
  const at = frames.findIndex((f) => JSON.parse(f.data).type === type && ++seen === nth);
  return frames.slice(0, at < 0 ? frames.length : at);
}

const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent);

describe('running groups', () => {
  const normalFrames = scenarioFrames(normal, 'none');

  it('show only the 3 newest items, with a shimmering header', () => {
    const { root } = live(until(normalFrames, 'group_end'));
    const group = root.querySelector('.group') as HTMLElement;
    expect(group.classList.contains('group-running')).toBe(true);
    expect(group.querySelector('.group-title')?.classList.contains('shimmer')).toBe(true);
    // write_todos, web_search, analyze_price, write_todos: the first slid up.
    const items = group.querySelectorAll('.group-item');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Tìm kiếm tin tức thị trường mới nhất ngày 25/03/2026');
    expect(items[1]?.textContent).toContain('Phân tích giá VNINDEX');
    expect(items[2]?.querySelector('.todo-list')).not.toBeNull();
    expect(group.querySelector('.group-hidden')?.textContent).toBe('1 earlier step(s)');
    expect(group.querySelector('.group-done-line')).toBeNull();
  });

  it('header: the last tool label while running, "Đang xử lý…" before any tool', () => {
    const { root } = live(until(normalFrames, 'group_end'));
    expect(root.querySelector('.group-title')?.textContent).toBe('Cập nhật kế hoạch');
    unmount(root);
    const early = live(normalFrames.slice(0, until(normalFrames, 'group_start').length + 1)).root;
    expect(early.querySelector('.group-title')?.textContent).toBe(WORKING_TEXT);
  });

  it('header falls back to the humanised tool name when tool_content_message is empty', () => {
    const frames = stream([
      { type: 'message_start', message: { message_type: 'chat' } },
      { type: 'group_start', index: 0, message_id: 'm1' },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 't1', name: 'web_search', input: {}, tool_content_message: '' } },
      { type: 'content_block_stop', index: 1 },
    ]);
    const { root } = live(frames);
    expect(root.querySelector('.group-title')?.textContent).toBe('Web search');
    expect(root.querySelector('.tool .tool-label')?.textContent).toBe('Web search');
  });
});

describe('finished groups', () => {
  const frames = scenarioFrames(normal, 'none');
  const SUMMARY = 'Tìm kiếm thông tin thị trường phiên 25/03/2026';

  it('collapse 300 ms after group_end, showing the done line until then', () => {
    vi.useFakeTimers();
    const { store, root } = live(until(frames, 'group_end'));
    const end = frames.length - until(frames, 'group_end').length;
    expect(end).toBeGreaterThan(0);
    dispatch(store, append([frames[until(frames, 'group_end').length] as Frame]));
    const group = () => root.querySelector('.group') as HTMLElement;
    expect(group().classList.contains('group-done')).toBe(true);
    expect(group().querySelector('.group-title')?.textContent).toBe(SUMMARY);
    expect(group().querySelector('.shimmer')).toBeNull();
    expect(group().querySelectorAll('.group-item')).toHaveLength(4);
    expect(group().querySelector('.group-done-line')?.textContent).toBe(DONE_TEXT);
    act(() => void vi.advanceTimersByTime(299));
    expect(group().querySelector('.group-items')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(group().querySelector('.group-items')).toBeNull();
    expect(group().querySelector('.group-header')?.getAttribute('aria-expanded')).toBe('false');
    expect(group().querySelector('.group-chevron')?.textContent).toBe('>');
  });

  it('cancels the collapse timer when unmounted', () => {
    vi.useFakeTimers();
    const { store, root } = live(until(frames, 'group_end'));
    const before = vi.getTimerCount();
    dispatch(store, append([frames[until(frames, 'group_end').length] as Frame]));
    expect(vi.getTimerCount()).toBe(before + 1);
    unmount(root);
    container = undefined;
    expect(vi.getTimerCount()).toBe(before);
  });

  it('start collapsed when already done, and a click on the header toggles them', () => {
    const root = imported(example('flat-block-turn.jsonl'));
    const header = root.querySelector('.group-header') as HTMLButtonElement;
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('.group-items')).toBeNull();
    act(() => header.click());
    const group = root.querySelector('.group') as HTMLElement;
    expect(group.querySelectorAll('.group-item')).toHaveLength(2);
    expect(group.querySelector('.group-done-line')?.textContent).toBe(DONE_TEXT);
    expect(group.querySelector('.group-title')?.textContent).toBe('Tìm kiếm thông tin');
    act(() => (root.querySelector('.group-header') as HTMLButtonElement).click());
    expect(root.querySelector('.group-items')).toBeNull();
  });
});

describe('tools, todos, approvals', () => {
  it('status dots: amber while waiting, green on success, red on error', () => {
    const dots = (outcome: 'none' | 'approve' | 'reject') => {
      const { root } = live(scenarioFrames(approval, outcome));
      const header = root.querySelector('.group-header') as HTMLButtonElement;
      if (header.getAttribute('aria-expanded') === 'false') act(() => header.click());
      const found = [...root.querySelectorAll('.tool')].map((t) => [t.querySelector('.tool-label')?.textContent, t.querySelector('.dot')?.className]);
      unmount(root);
      container = undefined;
      return found;
    };
    expect(dots('none')).toEqual([
      ['Cập nhật tổng quan thị trường', 'dot dot-success'],
      ['Xem chi tiết danh mục', 'dot dot-pending'],
    ]);
    expect(dots('approve')[1]).toEqual(['Xem chi tiết danh mục', 'dot dot-success']);
    expect(dots('reject')[1]).toEqual(['Xem chi tiết danh mục', 'dot dot-error']);
  });

  it('an approval sits inside its group with its action, arguments, disabled decisions and outcome', () => {
    const waiting = live(scenarioFrames(approval, 'none')).root;
    const box = waiting.querySelector('.group .approval') as HTMLElement;
    expect(box).not.toBeNull();
    expect(box.querySelector('.approval-name')?.textContent).toBe('get_portfolio_detail');
    expect(box.querySelector('.approval-args')?.textContent).toBe('{"portfolio_name":"Chiến lược 2026"}');
    const buttons = [...box.querySelectorAll('button')] as HTMLButtonElement[];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ['approve', true],
      ['edit', true],
      ['reject', true],
    ]);
    expect(box.querySelector('.approval-outcome')?.textContent).toBe('Waiting for the user (times out after 300 s)');
    unmount(waiting);
    const decided = live(scenarioFrames(approval, 'approve')).root;
    act(() => (decided.querySelector('.group-header') as HTMLButtonElement).click());
    expect(decided.querySelector('.group .approval .approval-outcome')?.textContent).toBe('Decided: approve');
  });

  it('the todo side panel: completed struck through with a check, in progress bold with a dot, pending with a circle', () => {
    const frames = scenarioFrames(normal, 'none');
    const { root } = live(until(frames, 'content_block_start', 3));
    const rows = [...root.querySelectorAll('.todo-panel li')];
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['in_progress', 'pending', 'pending']);
    expect(rows[0]?.querySelector('strong')?.textContent).toBe('Đang tìm tin tức thị trường');
    expect(rows[0]?.querySelector('.todo-dot')?.textContent).toBe('●');
    expect(rows[1]?.querySelector('.todo-circle')?.textContent).toBe('○');
    expect(rows[1]?.textContent).toContain('Phân tích giá VNINDEX');
    expect(rows[1]?.querySelector('strong, s')).toBeNull();
    unmount(root);
    const done = live(frames).root;
    const finalRows = [...done.querySelectorAll('.todo-panel li')];
    expect(finalRows.map((r) => r.getAttribute('data-status'))).toEqual(['completed', 'completed', 'in_progress']);
    expect(finalRows[0]?.querySelector('s')?.textContent).toBe('Tìm tin tức thị trường');
    expect(finalRows[0]?.querySelector('.todo-check')?.textContent).toBe('✓');
    expect(finalRows[2]?.querySelector('strong')?.textContent).toBe('Đang viết nhận định');
  });
});

describe('questions', () => {
  it('render outside groups with their options, multi-select and the free-text option', () => {
    const { root } = live(scenarioFrames(question, 'none'));
    const box = root.querySelector('.question') as HTMLElement;
    expect(box.closest('.group')).toBeNull();
    expect(box.querySelector('.question-state')?.textContent).toBe('(waiting for the answer)');
    const blocks = [...box.querySelectorAll('.question-block')];
    expect(blocks.map((b) => b.querySelector('.question-text')?.textContent)).toEqual([question.GOAL, question.SECTORS]);
    expect(blocks[0]?.querySelector('.question-header')?.textContent).toBe('Mục tiêu chính');
    expect([...(blocks[0]?.querySelectorAll('input[type=radio]') ?? [])]).toHaveLength(3);
    expect(blocks[0]?.querySelector('.question-multi')).toBeNull();
    expect([...(blocks[1]?.querySelectorAll('input[type=checkbox]') ?? [])]).toHaveLength(4);
    expect(blocks[1]?.querySelector('.question-multi')).not.toBeNull();
    const free = blocks[1]?.querySelector('.option-free') as HTMLElement;
    expect(free.querySelector('.option-label')?.textContent).toBe('Khác');
    expect(free.querySelector<HTMLInputElement>('input[type=text]')?.disabled).toBe(true);
    expect(box.querySelector('.question-answer')).toBeNull();
  });

  it('show the answers once the page replied, the chosen options ticked and typed text in the free-text field', () => {
    const answers = { [question.GOAL]: 'Lướt sóng ngắn hạn', [question.SECTORS]: 'Ngân hàng, Thép (Steel)' };
    const { root } = live(scenarioFrames(question, 'answer', answers));
    const box = root.querySelector('.question') as HTMLElement;
    expect(box.classList.contains('question-answered')).toBe(true);
    expect(texts(box, '.answer-text')).toEqual(['Lướt sóng ngắn hạn', 'Ngân hàng, Thép (Steel)']);
    const [goal, sectors] = [...box.querySelectorAll('.question-block')];
    expect(goal?.querySelector<HTMLInputElement>('.option-free input[type=text]')?.value).toBe('Lướt sóng ngắn hạn');
    const ticked = [...(sectors?.querySelectorAll<HTMLInputElement>('input[type=checkbox]') ?? [])].map((i) => i.checked);
    expect(ticked).toEqual([true, true, false, false]);
    // The tool calls after the answer open a new group.
    expect(root.querySelectorAll('.view-items > .view-item > .group')).toHaveLength(2);
  });

  it('resolved questions from history show their submitted answers, outside any group', () => {
    const resolvedMessage = JSON.parse(readFileSync(path.join(ROOT, 'src/protocols/flat-block/testdata/001-resolved-question.json'), 'utf8')) as unknown;
    const user = { role: 'user', content: [{ type: 'text', text: 'Gợi ý cổ phiếu' }], display_type: 'content' };
    const root = imported(JSON.stringify({ messages: [user, resolvedMessage], agent_status: 'idle', workspace: { todos: [] } }));
    const box = root.querySelector('.question') as HTMLElement;
    expect(box.classList.contains('question-resolved')).toBe(true);
    expect(box.closest('.group')).toBeNull();
    expect(box.querySelector('.question-state')?.textContent).toBe('(resolved)');
    expect(texts(box, '.question-text')).toEqual(['Thảo muốn tập trung vào mục tiêu nào?', 'Thời gian nắm giữ dự kiến?']);
    expect(texts(box, '.answer-text')).toEqual(['Cổ tức bền vững (Recommended)', 'Trên 3 năm']);
    expect(box.querySelector<HTMLInputElement>('.option.chosen input')?.checked).toBe(true);
    expect(root.querySelector('.user-message')?.textContent).toBe('Gợi ý cổ phiếu');
  });
});

describe('texts', () => {
  it('the brand header shows only on the first chat text of the turn', () => {
    const root = imported(example('flat-block-turn.jsonl'));
    const all = [...root.querySelectorAll('.text')];
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(root.querySelectorAll('.brand')).toHaveLength(1);
    expect(all[0]?.querySelector('.brand-name')?.textContent).toBe('Agent');
    expect(all[0]?.querySelector('.text-body')?.textContent).toBe('Để mình kiểm tra...');
    expect(all[1]?.querySelector('.brand')).toBeNull();
  });
});

describe('a turn that failed', () => {
  it('shows the stream-reported failure as a "Turn failed" alert', () => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'RUN_ERROR', message: 'rate limited', code: '429' },
    ];
    const root = imported(JSON.stringify(events));
    const alert = root.querySelector('.error-item[role="alert"]');
    expect(alert?.textContent).toBe('Turn failed: rate limited (429)');
  });
});
