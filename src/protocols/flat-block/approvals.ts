// Approval requests, questions and the client's replies (spec section 4): the state that links a
// request to its reply, result or timeout, and the rules about them.
import type { FindingSink } from '../../model/finding';
import type { ActionRequest, ApprovalItem, Question, QuestionItem, QuestionOption } from '../../model/view';
import { NO_PREFERENCE } from '../../model/view';
import { ApprovalDeltaSchema, type ApprovalDelta, type ApprovalReply } from './schema';
import { isPlainApprovalDelta } from './plain-events';
import { checkQuestions, isQuestionRequest, readQuestions } from './questions';
import type { ViewBuilder } from './view-builder';

const QUESTION_TIMEOUT_S = 600;
const APPROVAL_TIMEOUT_S = 300;

interface ApprovalRecord {
  key: string;
  frames: number[];
  time: number;
  /** Unknown while only history's `pending_approval` named it. */
  question: boolean | undefined;
  questions: Question[];
  actions: ActionRequest[];
  allowed: Map<string, string[]>;
  timeoutSeconds: number;
  settled: boolean;
  item?: ApprovalItem | QuestionItem;
}

export class ApprovalTracker {
  private readonly records = new Map<string, ApprovalRecord>();
  /** Requests of the current message, for `flat/approval-without-outcome`. */
  private inMessage: ApprovalRecord[] = [];

  constructor(private readonly view: ViewBuilder) {}

  /** `content_block_start` of an approval_request. */
  open(key: string, frame: number, time: number): void {
    const record: ApprovalRecord = {
      key,
      frames: [frame],
      time,
      question: undefined,
      questions: [],
      actions: [],
      allowed: new Map(),
      timeoutSeconds: APPROVAL_TIMEOUT_S,
      settled: false,
    };
    this.records.set(key, record);
    this.inMessage.push(record);
  }

  /** A delta of the approval_request: what is asked, and where it renders. */
  describe(key: string, delta: unknown, frame: number, groupOpen: boolean, sink: FindingSink): boolean {
    const record = this.records.get(key);
    if (!record) return false;
    let d: ApprovalDelta;
    if (isPlainApprovalDelta(delta)) d = delta as ApprovalDelta;
    else {
      const parsed = ApprovalDeltaSchema.safeParse(delta);
      if (!parsed.success) return false;
      d = parsed.data;
    }
    record.frames.push(frame);
    const requests = d.action_requests;
    if (requests) {
      const actions: ActionRequest[] = [];
      for (let i = 0; i < requests.length; i++) {
        const a = requests[i] as { name: string; args?: unknown };
        actions.push({ name: a.name, args: a.args });
      }
      record.actions = actions;
    }
    for (const c of d.review_configs ?? []) record.allowed.set(c.action_name, c.allowed_decisions);
    record.question = isQuestionRequest(record.actions);
    record.timeoutSeconds = d.timeout_seconds ?? (record.question ? QUESTION_TIMEOUT_S : APPROVAL_TIMEOUT_S);
    if (record.question) {
      record.questions = readQuestions(record.actions);
      if (groupOpen) sink.report('flat/question-inside-group', `ask_user_question approval "${key}" arrived while a group is open; the group must end before a question`, [frame]);
      checkQuestions(record.actions, sink, [frame]);
    } else if (!groupOpen) {
      sink.report('flat/approval-outside-group', `approval "${key}" for ${actionNames(record)} arrived while no group is open; ordinary approvals belong inside their tool's group`, [frame]);
    }
    this.render(record);
    return true;
  }

  /** `content_block_stop`: a request that never said what it asks still renders. */
  close(key: string): void {
    const record = this.records.get(key);
    if (record && !record.item) {
      record.question = false;
      this.render(record);
    }
  }

  /** History's `pending_approval`: a key the client may answer after a reload. */
  pending(key: string, frame: number, time: number): void {
    if (this.records.has(key)) return;
    this.open(key, frame, time);
    this.inMessage.pop();
  }

  get hasPending(): boolean {
    for (const r of this.records.values()) if (!r.settled) return true;
    return false;
  }

  /** `approval_result` or `approval_timeout` from the agent. */
  settle(key: string, frame: number, outcome: 'result' | 'timeout', answers?: Record<string, string>): void {
    const record = this.records.get(key);
    if (!record) return;
    record.settled = true;
    const item = record.item;
    if (!item) return;
    item.frames.push(frame);
    if (item.kind === 'question') {
      if (outcome === 'timeout') item.state = 'timeout';
      else if (item.state !== 'answered') {
        item.state = 'answered';
        if (answers) item.answers = answers;
      }
    } else if (outcome === 'timeout') item.outcome = { type: 'timeout' };
    else if (!item.outcome) item.outcome = { type: 'applied' };
  }

  /** The client's `approval` reply. */
  reply(reply: ApprovalReply, frame: number, time: number, sink: FindingSink): void {
    const record = this.records.get(reply.approval_key);
    if (!record || record.settled) {
      const why = record ? 'it was already answered' : 'no approval_request with that key was sent';
      sink.report('flat/reply-unknown-key', `approval reply for "${reply.approval_key}" matches no pending approval_request (${why})`, [frame]);
      return;
    }
    record.settled = true;
    const frames = [frame, record.frames[0] ?? frame];
    if (time - record.time > record.timeoutSeconds * 1000) {
      const late = ((time - record.time) / 1000).toFixed(1);
      sink.report('flat/reply-after-timeout', `reply came ${late} s after the request; its timeout is ${record.timeoutSeconds} s`, frames);
    }
    if (record.question === true) this.checkAnswers(record, reply, frames, sink);
    else if (record.question === false) this.checkDecisions(record, reply, frames, sink);
    const item = record.item;
    if (!item) return;
    item.frames.push(frame);
    if (item.kind === 'question') {
      item.state = 'answered';
      if (reply.answers) item.answers = reply.answers;
    } else {
      item.outcome = { type: 'decided', decisions: (reply.decisions ?? []).map(decisionType) };
    }
  }

  /** `message_stop`: requests of this message that nobody answered. */
  messageStop(frame: number, sink: FindingSink): void {
    for (const r of this.inMessage) {
      if (!r.settled) {
        sink.report('flat/approval-without-outcome', `approval "${r.key}" got no reply, approval_result or approval_timeout before message_stop`, [r.frames[0] ?? frame, frame]);
      }
    }
    this.inMessage = [];
  }

  private checkAnswers(record: ApprovalRecord, reply: ApprovalReply, frames: number[], sink: FindingSink): void {
    if (reply.decisions !== undefined || reply.answers === undefined) {
      const got = reply.decisions !== undefined ? 'uses decisions' : 'has no answers';
      sink.report('flat/question-answered-with-decisions', `reply to question "${record.key}" ${got}; questions are answered with answers: {"<question>": "<answer>"}`, frames);
    }
    const answers = reply.answers ?? {};
    const questions = record.questions;
    // A request asks one or a few questions: they are compared one by one, where a set would hash
    // each freshly parsed text first; many go into a set.
    const asked = questions.length > 8 ? new Set(questions.map((q) => q.question)) : undefined;
    for (const key of Object.keys(answers)) {
      if (!(asked !== undefined ? asked.has(key) : asks(questions, key))) {
        sink.report('flat/answer-unknown-question', `answers has key "${key}", which is not the text of any asked question`, frames);
      }
    }
    if (reply.answers === undefined) return;
    for (const q of questions) {
      const answer = answers[q.question];
      if (answer === undefined) {
        sink.report('flat/answer-missing', `question "${q.question}" has no answer; a skipped question is answered "${NO_PREFERENCE}"`, frames);
        continue;
      }
      if (!q.multiSelect && !hasFreeText(q) && answer !== NO_PREFERENCE && !isOption(q, answer)) {
        sink.report('flat/answer-not-an-option', `answer "${answer}" to "${q.question}" is no option's label and the question has no free-text option`, frames);
      }
    }
  }

  private checkDecisions(record: ApprovalRecord, reply: ApprovalReply, frames: number[], sink: FindingSink): void {
    if (reply.decisions === undefined && reply.answers !== undefined) {
      sink.report('flat/approval-answered-with-answers', `reply to approval "${record.key}" uses answers; ordinary approvals are answered with decisions: [{type: "approve" | "edit" | "reject"}]`, frames);
      return;
    }
    (reply.decisions ?? []).forEach((decision, i) => {
      const action = record.actions[i];
      const allowed = action ? record.allowed.get(action.name) : undefined;
      const type = decisionType(decision);
      if (allowed && !allowed.includes(type)) {
        sink.report('flat/decision-not-allowed', `decision ${i} is "${type}" for ${action?.name}; allowed: ${allowed.join(', ')}`, frames);
      }
    });
  }

  private render(record: ApprovalRecord): void {
    const frames = record.frames.slice();
    if (record.question) {
      const item: QuestionItem = {
        kind: 'question',
        id: this.view.id('question'),
        frames,
        key: record.key,
        questions: record.questions,
        timeoutSeconds: record.timeoutSeconds,
        state: 'waiting',
        resolved: false,
      };
      record.item = item;
      this.view.question(item);
      return;
    }
    const allowed: Record<string, string[]> = {};
    for (const [name, decisions] of record.allowed) allowed[name] = decisions;
    const item: ApprovalItem = {
      kind: 'approval',
      id: this.view.id('approval'),
      frames,
      key: record.key,
      actions: record.actions,
      allowed,
      timeoutSeconds: record.timeoutSeconds,
    };
    record.item = item;
    this.view.place(item);
  }
}

function asks(questions: readonly Question[], text: string): boolean {
  for (let i = 0; i < questions.length; i++) if ((questions[i] as Question).question === text) return true;
  return false;
}

function hasFreeText(q: Question): boolean {
  for (let i = 0; i < q.options.length; i++) if ((q.options[i] as QuestionOption).input === true) return true;
  return false;
}

function isOption(q: Question, answer: string): boolean {
  for (let i = 0; i < q.options.length; i++) if ((q.options[i] as QuestionOption).label === answer) return true;
  return false;
}

function decisionType(decision: string | { type: string }): string {
  return typeof decision === 'string' ? decision : decision.type;
}

function actionNames(record: ApprovalRecord): string {
  return record.actions.map((a) => a.name).join(', ') || 'no action';
}
