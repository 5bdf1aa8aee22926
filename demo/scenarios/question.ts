// ask_user_question: the group closes first, only the approval_request is streamed (outside any group), the
// page answers with `answers`, and the tool calls that follow open a new group.
import {
  KHAC, SESSION, approvalRequest, approvalTimeout, groupEnd, groupStart, messageStart, messageStop, text, toolResult, toolUse, writeTodos,
} from './events';
import type { Step, StreamEvent, Todo } from './events';
import type { ScenarioMeta } from './types';

export const meta: ScenarioMeta = {
  id: 'question',
  title: 'Ask user question',
  description: 'a group with write_todos, then a question form outside any group (one multi-select), then a new group',
  userText: 'Gợi ý giúp mình vài cổ phiếu để đầu tư',
};

const KEY = `${SESSION}_1`;
export const GOAL = 'Thảo muốn tập trung vào mục tiêu nào?';
export const SECTORS = 'Nhóm ngành quan tâm?';

function questions(withCustomGoal: boolean) {
  return [
    {
      question: GOAL,
      header: 'Mục tiêu chính',
      multiSelect: false,
      options: [
        { label: 'Cổ tức bền vững (Recommended)', description: 'Tập trung cổ phiếu trả cổ tức đều' },
        { label: 'Tăng trưởng dài hạn', description: 'Lợi nhuận từ giá tăng trưởng' },
        ...(withCustomGoal ? [KHAC] : []),
      ],
    },
    {
      question: SECTORS,
      header: 'Ngành',
      multiSelect: true,
      options: [
        { label: 'Ngân hàng', description: 'VCB, MBB, TCB' },
        { label: 'Thép (Steel)', description: 'HPG, HSG, NKG' },
        { label: 'Bất động sản', description: 'VHM, NLG, KDH' },
        KHAC,
      ],
    },
  ];
}

const plan = (done: number): Todo[] =>
  [
    ['Hỏi mục tiêu đầu tư', 'Đang hỏi mục tiêu đầu tư'],
    ['Lọc cổ phiếu phù hợp', 'Đang lọc cổ phiếu phù hợp'],
    ['Đề xuất danh sách', 'Đang đề xuất danh sách'],
  ].map(([content, activeForm], i) => ({
    content: content!,
    activeForm: activeForm!,
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));

const ask = (withCustomGoal: boolean): StreamEvent[] =>
  approvalRequest(4, KEY, {
    action_requests: [{ name: 'ask_user_question', args: { questions: questions(withCustomGoal) } }],
    review_configs: [{ action_name: 'ask_user_question', allowed_decisions: ['approve', 'edit', 'reject'] }],
    timeout_seconds: 600,
  });

const afterAnswer: StreamEvent[] = [
  groupStart(8),
  ...writeTodos(9, 'toolu_q_todos2', plan(1)),
  ...toolUse(10, { id: 'toolu_q_screen', name: 'screen_stocks', input: { min_dividend_yield: 0.05, sectors: ['Ngân hàng', 'Thép'] }, tool_content_message: 'Lọc cổ phiếu theo mục tiêu' }),
  ...toolResult(11, { tool_use_id: 'toolu_q_screen', status: 'success', content: '6 mã phù hợp: VCB, MBB, TCB, HPG, NKG, HSG', tool_content_message: 'Lọc cổ phiếu theo mục tiêu' }),
  ...writeTodos(12, 'toolu_q_todos3', plan(2)),
  groupEnd(13, 'Lọc cổ phiếu theo mục tiêu'),
  ...text(14, [
    'Theo lựa chọn của Thảo, ',
    'mình gợi ý MBB và VCB (cổ tức đều, ROE cao) ',
    'cùng HPG (đầu ngành thép, P/E 11.2). ',
    'Nên giải ngân từng phần quanh vùng hỗ trợ.',
  ], { is_final: true }),
  messageStop(),
];

const opening: StreamEvent[] = [
  messageStart(),
  ...text(0, ['Để gợi ý sát hơn, ', 'mình cần hỏi Thảo vài câu.'], { is_part: true }),
  groupStart(1),
  ...writeTodos(2, 'toolu_q_todos1', plan(0)),
];

export const events: readonly Step[] = [
  ...opening,
  groupEnd(3, 'Chuẩn bị câu hỏi'),
  ...ask(true),
  { await: KEY, kind: 'question', answer: [], timeout: approvalTimeout(5, KEY) },
  ...afterAnswer,
];

const askTool = { id: 'toolu_q_ask', name: 'ask_user_question', tool_content_message: 'Hỏi mục tiêu đầu tư' };

export const buggyEvents: readonly Step[] = [
  ...opening,
  // The question's own tool call is streamed, and the group stays open around the question.
  ...toolUse(3, { ...askTool, input: { questions: questions(false) } }),
  ...ask(false),
  {
    await: KEY,
    kind: 'question',
    answer: toolResult(5, { tool_use_id: askTool.id, status: 'success', content: 'Đã nhận câu trả lời', tool_content_message: askTool.tool_content_message }),
    timeout: [...approvalTimeout(5, KEY), ...toolResult(6, { tool_use_id: askTool.id, status: 'error', content: 'Hết thời gian chờ', tool_content_message: askTool.tool_content_message })],
  },
  groupEnd(7, 'Chuẩn bị câu hỏi'),
  ...afterAnswer,
];

export const brokenRules: readonly string[] = [
  'flat/question-inside-group',
  'flat/question-tool-streamed',
  'flat/question-no-custom-option',
];
