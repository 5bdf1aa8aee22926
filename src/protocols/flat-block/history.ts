// History API responses (spec section 6): converted to blocks the way the reference client does,
// continuing the same view, and checked message by message. Findings point at the response frame
// with a `messages[i]` path.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { isTodoToolName, type ActionRequest, type TextItem } from '../../model/view';
import { safeText } from '../../model/safe-text';
import { firstIssue, HistoryMessageSchema, HistoryResponseSchema, type HistoryMessage } from './schema';
import { isQuestionRequest, QUESTION_TOOL, readQuestions } from './questions';
import { readTodos } from './todos';
import type { FlatState } from './state';

/** A History API response: `{messages, …}` or, as seed 000 shows, a bare array of messages. */
export function looksLikeHistory(json: unknown): boolean {
  const messages = Array.isArray(json) ? json : json && typeof json === 'object' ? (json as { messages?: unknown }).messages : undefined;
  if (!Array.isArray(messages)) return false;
  if (messages.length === 0) return !Array.isArray(json);
  const first = messages[0];
  return !!first && typeof first === 'object' && 'role' in first;
}

export function applyHistory(state: FlatState, json: unknown, frame: Frame, sink: FindingSink): void {
  const at = frame.index;
  let messages: unknown[];
  let running = false;
  let pendingApproval = false;
  let workspaceTodos: unknown;
  if (Array.isArray(json)) {
    messages = json;
  } else {
    const parsed = HistoryResponseSchema.safeParse(json);
    if (!parsed.success) {
      sink.report('flat/history-invalid', `history response does not match the protocol: ${firstIssue(parsed.error)}`, [at]);
      return;
    }
    const r = parsed.data;
    messages = r.messages;
    running = r.agent_status === 'running';
    if (running && (r.last_event_id === undefined || r.last_event_id === null)) {
      sink.report('flat/history-running-without-cursor', 'agent_status is "running" but there is no last_event_id to resume the stream from', [at]);
    }
    for (const key of pendingKeys(r.pending_approval)) state.approvals.pending(key, at, frame.time);
    pendingApproval = r.pending_approval !== undefined && r.pending_approval !== null;
    workspaceTodos = r.workspace?.todos;
  }
  const walk = new HistoryWalk(state, at, sink, pendingApproval);
  messages.forEach((raw, i) => walk.message(raw, `messages[${i}]`));
  if (state.group && !running) {
    sink.report('flat/history-group-not-closed', 'a group is still open at the end of history but agent_status is not "running"', [at], walk.lastGroupPath);
  }
  if (!running) state.tools.allEnded(at, sink, 'at the end of history', undefined);
  if (Array.isArray(workspaceTodos)) {
    const todos = readTodos({ todos: workspaceTodos });
    if (todos) state.view.setTodos(todos);
  }
  state.view.setStreaming(running);
}

function pendingKeys(pending: unknown): string[] {
  const list = Array.isArray(pending) ? pending : [pending];
  const keys: string[] = [];
  for (const p of list) {
    if (typeof p === 'string') keys.push(p);
    else if (p && typeof p === 'object' && typeof (p as { approval_key?: unknown }).approval_key === 'string') {
      keys.push((p as { approval_key: string }).approval_key);
    }
  }
  return keys;
}

class HistoryWalk {
  private firstOfTurn = true;
  lastGroupPath: string | undefined;

  constructor(
    private readonly state: FlatState,
    private readonly at: number,
    private readonly sink: FindingSink,
    private readonly pendingApproval: boolean,
  ) {}

  message(raw: unknown, path: string): void {
    const parsed = HistoryMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.sink.report('flat/history-invalid', `${path} does not match the protocol: ${firstIssue(parsed.error)}`, [this.at], path);
      return;
    }
    const m = parsed.data;
    const display = m.display_type ?? 'content';
    this.check(m, display, path);
    const { state } = this;
    if (display === 'group_start') {
      state.openGroup(this.at);
      state.view.groupStart(m.summary ?? '', this.at, path);
      this.lastGroupPath = path;
    } else if ((display === 'group_item' || display === 'group_end') && !state.group) {
      this.sink.report('flat/history-item-outside-group', `${path} is a ${display} but no group is open`, [this.at], path);
    }
    this.emit(m, path);
    if (display === 'group_end' || (display === 'group_start' && m.group_closed === true)) {
      if (state.group) state.tools.groupEnded(state.group.id, this.at, this.sink, path);
      state.group = null;
      state.view.groupEnd(m.summary ?? undefined, this.at);
    }
  }

  private check(m: HistoryMessage, display: string, path: string): void {
    const { sink, at } = this;
    if (m.group_closed === true && display !== 'group_start') {
      sink.report('flat/history-group-closed-misplaced', `${path} has group_closed: true but display_type "${display}"; only group_start may close itself`, [at], path);
    }
    if (m.role === 'user') this.firstOfTurn = true;
    if (m.role === 'assistant') {
      if (m.message_type === 'chat' && !this.firstOfTurn) {
        sink.report('flat/history-chat-not-first', `${path} has message_type "chat" but is not the first assistant message of its turn`, [at], path);
      }
      this.firstOfTurn = false;
    }
    const blocks = Array.isArray(m.content) ? m.content : [];
    const kinds = new Set<string>();
    for (const b of blocks) {
      if (b.type === 'text' || b.type === 'thinking') kinds.add(b.type);
      if (b.type === 'tool_use') kinds.add('tool calls');
    }
    if ((m.tool_calls?.length ?? 0) > 0) kinds.add('tool calls');
    if (kinds.size > 1) {
      sink.report('flat/history-mixed-content', `${path} mixes ${[...kinds].join(' and ')}; the backend should split them into separate messages`, [at], path);
    }
    const leaked =
      m.tool_calls?.some((c) => c.name === QUESTION_TOOL) ||
      blocks.some((b) => b.type === 'tool_use' && (b as { name?: unknown }).name === QUESTION_TOOL) ||
      (m.role === 'tool' && m.name === QUESTION_TOOL);
    if (leaked) {
      sink.report('flat/history-question-leaked', `${path} holds an ask_user_question tool call or tool message; history keeps only the resolved approval_request`, [at], path);
    }
    for (const b of blocks) {
      if (b.type === 'approval_request' && (b as { isResolved?: unknown }).isResolved !== true && !this.pendingApproval) {
        sink.report('flat/history-question-unresolved', `${path} has an approval_request without isResolved: true while no approval is pending`, [at], path);
      }
    }
  }

  private emit(m: HistoryMessage, path: string): void {
    const { state, at, sink } = this;
    const group = state.group?.id ?? null;
    const origin = { frame: at, stream: false, path, group };
    if (m.role === 'user') {
      const text = typeof m.content === 'string' ? m.content : (m.content ?? []).map((b) => (typeof b.text === 'string' ? b.text : '')).join('');
      state.view.standalone({ kind: 'user', id: state.view.id('user'), frames: [at], historyPath: path, text });
      return;
    }
    if (m.role === 'tool') {
      if (!m.tool_call_id) {
        sink.report('flat/history-invalid', `${path} is a tool message without tool_call_id`, [at], path);
        return;
      }
      state.tools.result({ toolUseId: m.tool_call_id, status: m.status ?? 'success', content: m.content }, origin, sink);
      return;
    }
    let brand = m.message_type === 'chat';
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? []);
    for (const b of blocks) {
      const r = b as Record<string, unknown>;
      if (b.type === 'text') {
        const item: TextItem = { kind: 'text', id: state.view.id('text'), frames: [at], historyPath: path, text: safeText(r.text ?? ''), part: r.is_part === true, final: r.is_final === true, brand };
        brand = false;
        state.view.text(item);
      } else if (b.type === 'thinking') {
        state.view.place({ kind: 'reasoning', id: state.view.id('reasoning'), frames: [at], historyPath: path, text: safeText(r.thinking ?? '') });
      } else if (b.type === 'tool_use' && typeof r.id === 'string' && typeof r.name === 'string') {
        state.tools.use({ id: r.id, name: r.name, input: r.input, hasInput: 'input' in r, contentMessage: r.tool_content_message as string | undefined, parentId: r.parent_tool_use_id as string | undefined }, origin, sink);
      } else if (b.type === 'tool_result' && typeof r.tool_use_id === 'string') {
        state.tools.result({ toolUseId: r.tool_use_id, status: safeText(r.status ?? 'success'), content: r.content }, origin, sink);
      } else if (b.type === 'approval_request') {
        this.resolvedRequest(r, path);
      }
    }
    for (const call of m.tool_calls ?? []) {
      const input = call.input ?? call.args;
      const hasInput = input !== undefined && isTodoToolName(call.name);
      state.tools.use({ id: call.id, name: call.name, input, hasInput, contentMessage: call.tool_content_message, parentId: call.parent_tool_use_id }, origin, sink);
    }
  }

  /** A question or approval as history keeps it: `{actionRequests, isResolved, submittedAnswers}`. */
  private resolvedRequest(r: Record<string, unknown>, path: string): void {
    const { state, at } = this;
    const actions: ActionRequest[] = (Array.isArray(r.actionRequests) ? r.actionRequests : [])
      .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object')
      .map((a) => ({ name: safeText(a.name ?? ''), args: a.args }));
    const resolved = r.isResolved === true;
    const key = typeof r.approval_key === 'string' ? r.approval_key : '';
    if (isQuestionRequest(actions)) {
      const answers = stringRecord(r.submittedAnswers) ?? stringRecord((actions.find((a) => a.name === QUESTION_TOOL)?.args as { answers?: unknown } | undefined)?.answers);
      const item = { kind: 'question' as const, id: state.view.id('question'), frames: [at], historyPath: path, key, questions: readQuestions(actions), timeoutSeconds: 600, state: resolved ? ('answered' as const) : ('waiting' as const), resolved, ...(answers ? { answers } : {}) };
      state.view.question(item);
    } else {
      state.view.place({ kind: 'approval', id: state.view.id('approval'), frames: [at], historyPath: path, key, actions, allowed: {}, timeoutSeconds: 300, ...(resolved ? { outcome: { type: 'applied' as const } } : {}) });
    }
  }
}

function stringRecord(v: unknown): Record<string, string> | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val;
  return out;
}
