// Question (ask_user_question) rules of the catalogue (flat-block-protocol.md sections 4 and 7).
import { describe, expect, it } from 'vitest';
import {
  approvalReply,
  approvalTimeout,
  expectClean,
  expectFinding,
  expectNoRule,
  groupEnd,
  groupStart,
  messageStart,
  messageStop,
  question,
  questionRequest,
  run,
  stream,
  textBlock,
  toolResult,
  toolUse,
  type Entry,
} from './test-support';

const KEY = 'sess-1_1';
const GOAL = 'Thảo muốn tập trung vào mục tiêu nào?';
const TERM = 'Thời gian nắm giữ dự kiến?';
const goal = question(GOAL, ['Cổ tức bền vững (Recommended)', 'Tăng trưởng dài hạn'], { header: 'Mục tiêu chính' });
const term = question(TERM, ['Trên 3 năm', '1-3 năm'], { header: 'Kỳ hạn đầu tư' });
const search = { id: 'tc-1', name: 'web_search', tool_content_message: 'Tìm kiếm tin tức' };

/** A question outside any group: request frames 1–3, the reply frame 4. */
function questionTurn(questions: unknown, reply: Entry): Entry[] {
  return [messageStart(), questionRequest(0, KEY, questions), reply, textBlock(1, 'Cảm ơn!', { isFinal: true }), messageStop()];
}

/** A question that times out: request frames 1–3. */
function timedOutQuestion(questions: unknown): Entry[] {
  return [messageStart(), questionRequest(0, KEY, questions), approvalTimeout(1, KEY), messageStop()];
}

const answerBoth = approvalReply(KEY, { answers: { [GOAL]: 'Cổ tức bền vững (Recommended)', [TERM]: 'Trên 3 năm' } });

describe('flat/question-inside-group', () => {
  const searchSteps = [groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' })];

  it('flags a question asked while a group is open', () => {
    // Frames: 0 message_start, 1 group_start, 2–5 tool, 6–8 the question, 9 the reply.
    const frames = stream([messageStart(), searchSteps, questionRequest(3, KEY, [goal, term]), answerBoth, groupEnd(4, 'Tìm xong'), messageStop()]);
    expectFinding(run(frames), 'flat/question-inside-group', 'error', [6, 7]);
  });

  it('accepts a question after the group closed', () => {
    expectClean(run(stream([messageStart(), searchSteps, groupEnd(3, 'Tìm xong'), questionRequest(4, KEY, [goal, term]), answerBoth, messageStop()])));
  });
});

describe('flat/question-tool-streamed', () => {
  it('flags the ask_user_question tool_use and tool_result blocks in the stream', () => {
    const frames = stream([
      questionTurn([goal, term], answerBoth),
      messageStart(),
      toolUse(0, { id: 'q-1', name: 'ask_user_question', tool_content_message: 'Hỏi người dùng', input: { questions: [goal] } }),
      toolResult(1, { tool_use_id: 'q-1' }),
      messageStop(),
    ]);
    const result = run(frames);
    expectFinding(result, 'flat/question-tool-streamed', 'error', 10);
    expectFinding(result, 'flat/question-tool-streamed', 'error', 12);
  });

  it('accepts the question carried by its approval_request only', () => {
    expectClean(run(stream(questionTurn([goal, term], answerBoth))));
  });
});

describe('flat/question-invalid', () => {
  it.each<[string, unknown]>([
    ['questions missing', undefined],
    ['questions empty', []],
    ['a question without text', [{ ...goal, question: '' }]],
    ['a question without options', [{ ...goal, options: [] }]],
    ['multiSelect not a boolean', [{ ...goal, multiSelect: 'no' }]],
  ])('flags %s', (_name, questions) => {
    expectFinding(run(stream(timedOutQuestion(questions))), 'flat/question-invalid', 'error', [1, 2]);
  });

  it('accepts well-formed questions', () => {
    expectClean(run(stream(timedOutQuestion([goal, term]))));
  });
});

describe('flat/question-no-custom-option', () => {
  it('warns about a question without an input option', () => {
    const closed = question(TERM, ['Trên 3 năm', '1-3 năm'], { custom: false });
    expectFinding(run(stream(timedOutQuestion([goal, closed]))), 'flat/question-no-custom-option', 'warning', [1, 2]);
  });

  it('accepts questions that each have the free-text option', () => {
    expectClean(run(stream(timedOutQuestion([goal, term]))));
  });
});

describe('flat/question-answered-with-decisions', () => {
  it.each<[string, Entry]>([
    ['decisions', approvalReply(KEY, { decisions: [{ type: 'approve' }] })],
    ['no answers at all', approvalReply(KEY, {})],
  ])('flags a reply to a question with %s', (_name, reply) => {
    expectFinding(run(stream(questionTurn([goal, term], reply))), 'flat/question-answered-with-decisions', 'error', 4);
  });

  it('accepts answers', () => {
    expectClean(run(stream(questionTurn([goal, term], answerBoth))));
  });
});

describe('flat/answer-unknown-question', () => {
  it('flags an answers key that is no asked question', () => {
    const reply = approvalReply(KEY, { answers: { [GOAL]: 'Tăng trưởng dài hạn', 'Ngân sách đầu tư?': '100 triệu' } });
    expectFinding(run(stream(questionTurn([goal], reply))), 'flat/answer-unknown-question', 'error', 4);
  });

  it('accepts answers keyed by the exact question texts', () => {
    expectClean(run(stream(questionTurn([goal], approvalReply(KEY, { answers: { [GOAL]: 'Tăng trưởng dài hạn' } })))));
  });
});

describe('flat/answer-missing', () => {
  it('warns about an asked question left without answer', () => {
    const reply = approvalReply(KEY, { answers: { [GOAL]: 'Tăng trưởng dài hạn' } });
    expectFinding(run(stream(questionTurn([goal, term], reply))), 'flat/answer-missing', 'warning', 4);
  });

  it('accepts a skipped question answered "[No preference]"', () => {
    const reply = approvalReply(KEY, { answers: { [GOAL]: 'Tăng trưởng dài hạn', [TERM]: '[No preference]' } });
    expectClean(run(stream(questionTurn([goal, term], reply))));
  });
});

describe('flat/answer-not-an-option', () => {
  const SECTOR = 'Nhóm ngành quan tâm?';
  const closedSingle = question(SECTOR, ['Ngân hàng', 'Thép (Steel)'], { custom: false });

  it('warns about a single-select answer that is no label while there is no input option', () => {
    const result = run(stream(questionTurn([closedSingle], approvalReply(KEY, { answers: { [SECTOR]: 'Vàng' } }))));
    expectFinding(result, 'flat/answer-not-an-option', 'warning', 4);
  });

  it('accepts an option label', () => {
    const result = run(stream(questionTurn([closedSingle], approvalReply(KEY, { answers: { [SECTOR]: 'Thép (Steel)' } }))));
    expectNoRule(result, 'flat/answer-not-an-option');
    // The closed question itself is still worth a warning.
    expect(result.rules).toEqual(['flat/question-no-custom-option']);
  });

  it('accepts free text when the question has an input option', () => {
    const open = question(SECTOR, ['Ngân hàng', 'Thép (Steel)']);
    expectClean(run(stream(questionTurn([open], approvalReply(KEY, { answers: { [SECTOR]: 'Vàng' } })))));
  });

  it('does not check multi-select answers joined with ", "', () => {
    const multi = question(SECTOR, ['Ngân hàng', 'Thép (Steel)'], { multiSelect: true, custom: false });
    const result = run(stream(questionTurn([multi], approvalReply(KEY, { answers: { [SECTOR]: 'Ngân hàng, Thép (Steel)' } }))));
    expectNoRule(result, 'flat/answer-not-an-option');
  });
});
