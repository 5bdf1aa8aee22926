// The seeds' examples as the reference rendering, whole: each expected text is written from what
// seeds 000–002 say the UI shows (groups with summary and state, tools with status dots, todos,
// questions and answers, final text), one line per visible thing.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../model/render-text';
import history000 from './testdata/000-history-response.json';
import groupClosed000 from './testdata/000-group-closed.json';
import workspace002 from './testdata/002-workspace-todos.json';
import { groupEnd, groupStart, historyFrame, historyResponse, messageStart, messageStop, run, stream, textBlock, toolResult, toolUse, type Entry } from './test-support';

function rendered(entries: readonly Entry[], finish = true): string {
  const result = run(stream(entries), { finish });
  expect(result.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  return renderText(result.view);
}

describe('seed renderings as indented text', () => {
  it('000 "Example History Response": a completed turn, the group collapsed and done', () => {
    expect(rendered([historyFrame(history000)])).toBe(
      [
        'user: thị trường hôm nay',
        'assistant [part]: Chào Thảo! Chờ mình cập nhật nhé.',
        'group "Phân tích giá VNINDEX" (done)',
        '  ● done — Lập kế hoạch phân tích (write_todos)',
        '  ● done — Phân tích giá VNINDEX (analyze_price)',
        '  ✓ Hoàn thành',
        'assistant [final]: VNINDEX hôm nay tăng 2.69%...',
        '',
      ].join('\n'),
    );
  });

  it('000 group_closed: a single-item group, done, with "Hoàn thành"', () => {
    expect(rendered([historyFrame(historyResponse([groupClosed000], { agent_status: 'idle' }))])).toBe(
      ['group "Suy nghĩ" (done)', '  thinking: ...', '  ✓ Hoàn thành', ''].join('\n'),
    );
  });

  it('001 history with two resolved questions: each outside its group, with its answer', () => {
    const q = (text: string) => ({ question: text, multiSelect: false, options: [{ label: 'A1' }, { label: 'A2' }, { label: 'Khác', input: true }] });
    const resolved = (text: string, answer: string) => ({
      role: 'assistant',
      content: [{ type: 'approval_request', isResolved: true, actionRequests: [{ name: 'ask_user_question', args: { questions: [q(text)], answers: { [text]: answer } } }], submittedAnswers: { [text]: answer } }],
      display_type: 'content',
    });
    const round = (n: number, answer: string) => [
      { role: 'assistant', content: [{ type: 'thinking', thinking: '...' }], display_type: 'group_start', summary: `Chuẩn bị câu hỏi lần ${n}` },
      { role: 'assistant', content: [], tool_calls: [{ id: `tc-${n}`, name: 'write_todos', tool_content_message: `Chuẩn bị câu hỏi lần ${n}` }], display_type: 'group_item' },
      { role: 'tool', tool_call_id: `tc-${n}`, name: 'write_todos', status: 'success', display_type: 'group_end', summary: `Chuẩn bị câu hỏi lần ${n}` },
      resolved(`Q${n}`, answer),
    ];
    const messages = [
      { role: 'user', content: [{ type: 'text', text: 'hãy hỏi 2 lần' }], display_type: 'content' },
      ...round(1, 'A1'),
      ...round(2, 'A2'),
      { role: 'assistant', content: [{ type: 'text', text: 'Cảm ơn! Tổng kết...', is_final: true }], display_type: 'content' },
    ];
    expect(rendered([historyFrame(historyResponse(messages, { agent_status: 'idle' }))])).toBe(
      [
        'user: hãy hỏi 2 lần',
        'group "Chuẩn bị câu hỏi lần 1" (done)',
        '  thinking: ...',
        '  ● done — Chuẩn bị câu hỏi lần 1 (write_todos)',
        '  ✓ Hoàn thành',
        'question (resolved)',
        '  Q: Q1',
        '    - A1',
        '    - A2',
        '    - Khác (free text)',
        '  A: A1',
        'group "Chuẩn bị câu hỏi lần 2" (done)',
        '  thinking: ...',
        '  ● done — Chuẩn bị câu hỏi lần 2 (write_todos)',
        '  ✓ Hoàn thành',
        'question (resolved)',
        '  Q: Q2',
        '    - A1',
        '    - A2',
        '    - Khác (free text)',
        '  A: A2',
        'assistant [final]: Cảm ơn! Tổng kết...',
        '',
      ].join('\n'),
    );
  });

  it('002 workspace.todos restores the side panel: completed items struck through', () => {
    const response = historyResponse([{ role: 'user', content: [{ type: 'text', text: 'phân tích HPG' }], display_type: 'content' }], { agent_status: 'idle', ...workspace002 });
    expect(rendered([historyFrame(response)])).toBe(
      ['user: phân tích HPG', 'Todos:', '  ✓ ~Lấy dữ liệu giá HPG~', '  ✓ ~Phân tích xu hướng~', '  ✓ ~Viết báo cáo~', ''].join('\n'),
    );
  });

  it('000 normal streaming: while running, the header shows the last tool and only the 3 newest items', () => {
    const tool = (n: number) => ({ id: `t${n}`, name: n === 4 ? 'read_file' : 'web_search', tool_content_message: n === 4 ? '' : `Tìm kiếm ${n}` });
    const entries: Entry[] = [messageStart(), textBlock(0, 'Để mình kiểm tra...', { isPart: true }), groupStart(1)];
    for (let n = 1; n <= 4; n++) entries.push(toolUse(n + 1, tool(n)));
    entries.push(toolResult(6, { tool_use_id: 't1', status: 'success' }), toolResult(7, { tool_use_id: 't2', status: 'error' }));
    expect(rendered(entries, false)).toBe(
      [
        'assistant [brand, part]: Để mình kiểm tra...',
        // An empty tool_content_message falls back to the humanised tool name.
        'group "Read file" (running)',
        '  … 1 earlier item(s) slid up',
        '  ● failed — Tìm kiếm 2 (web_search)',
        '  ● running — Tìm kiếm 3 (web_search)',
        '  ● running — Read file (read_file)',
        '(still streaming)',
        '',
      ].join('\n'),
    );
    // After group_end and the final answer, the group is done and every item shows.
    entries.push(toolResult(8, { tool_use_id: 't3', status: 'success' }), toolResult(9, { tool_use_id: 't4', status: 'success' }));
    entries.push(groupEnd(10, 'Tìm kiếm thông tin thị trường'), textBlock(11, 'Xong.', { isFinal: true }), messageStop());
    expect(rendered(entries)).toBe(
      [
        'assistant [brand, part]: Để mình kiểm tra...',
        'group "Tìm kiếm thông tin thị trường" (done)',
        '  ● done — Tìm kiếm 1 (web_search)',
        '  ● failed — Tìm kiếm 2 (web_search)',
        '  ● done — Tìm kiếm 3 (web_search)',
        '  ● done — Read file (read_file)',
        '  ✓ Hoàn thành',
        'assistant [final]: Xong.',
        '',
      ].join('\n'),
    );
  });
});
