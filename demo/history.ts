// The History API (flat-block-protocol.md section 6) built from what a session has streamed so far. History
// holds complete blocks only, so its cursor (last_event_id) is the last content_block_stop it covers; a
// request still waiting for the user is left out so the replay streams it again.
import type { DemoSession, NumberedEvent } from './session';

type Json = Record<string, unknown>;

export interface HistoryMessage {
  role: 'user' | 'assistant' | 'tool';
  content?: Json[];
  tool_calls?: Json[];
  tool_call_id?: string;
  name?: string;
  status?: string;
  tool_content_message?: string;
  message_type?: 'chat' | 'step';
  display_type: 'content' | 'group_start' | 'group_item' | 'group_end';
  summary?: string;
  group_closed?: boolean;
}

export interface HistoryResponse {
  messages: HistoryMessage[];
  last_event_id: number;
  agent_status: 'running' | 'completed';
  pending_approval?: Json;
  workspace: { todos: unknown[] };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** How many events of the log history covers. */
export function historyCursor(session: DemoSession): number {
  if (session.finished) return session.log.length;
  const open = new Map<unknown, Json>();
  let cursor = 0;
  session.log.forEach((event, i) => {
    if (event.type === 'content_block_start') open.set(event.index, (event.content_block ?? {}) as Json);
    if (event.type !== 'content_block_stop') return;
    const block = open.get(event.index);
    open.delete(event.index);
    const waiting = block?.type === 'approval_request' && !session.pending.get(str(block.approval_key))?.outcome;
    if (!waiting) cursor = i + 1;
  });
  // Nothing complete yet: stay before the first event (the replay sends everything).
  return cursor;
}

export function buildHistory(session: DemoSession): HistoryResponse {
  const cursor = historyCursor(session);
  const messages: HistoryMessage[] = [{ role: 'user', content: [{ type: 'text', text: session.userText }], display_type: 'content' }];
  const open = new Map<unknown, Json>();
  const toolNames = new Map<string, string>();
  let group: HistoryMessage[] | undefined;
  let todos: unknown[] = [];

  const add = (message: HistoryMessage): void => {
    const assistants = messages.filter((m) => m.role === 'assistant').length;
    if (message.role === 'assistant') message.message_type = assistants === 0 ? 'chat' : 'step';
    if (group) {
      message.display_type = group.length === 0 ? 'group_start' : 'group_item';
      if (group.length === 0) message.summary = message.tool_content_message || 'Đang xử lý…';
      group.push(message);
    }
    messages.push(message);
  };

  for (const event of session.log.slice(0, cursor)) {
    if (event.type === 'group_start') group = [];
    else if (event.type === 'group_end') {
      closeGroup(group ?? [], str(event.summary));
      group = undefined;
    } else if (event.type === 'content_block_start') open.set(event.index, { ...(event.content_block as Json) });
    else if (event.type === 'content_block_delta') appendDelta(open.get(event.index), event);
    else if (event.type === 'content_block_stop') {
      const block = open.get(event.index);
      open.delete(event.index);
      if (block?.type === 'tool_use') {
        toolNames.set(str(block.id), str(block.name));
        const input = block.input as { todos?: unknown } | undefined;
        if (/todo/i.test(str(block.name)) && !block.parent_tool_use_id && Array.isArray(input?.todos)) todos = input.todos;
      }
      const message = block && toMessage(block, session, toolNames);
      if (message) add(message);
    }
  }

  const pending = [...session.pending.entries()].find(([, p]) => !p.outcome);
  return {
    messages,
    last_event_id: session.log[cursor - 1]?.event_id ?? 0,
    agent_status: session.finished ? 'completed' : 'running',
    ...(pending ? { pending_approval: pendingApproval(session.log, pending[0]) } : {}),
    workspace: { todos },
  };
}

/** What the History API answers: the history, or for the buggy backend of a `buggyHistory` scenario, a broken one. */
export function servedHistory(session: DemoSession): HistoryResponse {
  const history = buildHistory(session);
  return session.buggy && session.scenario.buggyHistory === 'drop-tool' ? dropTool(history) : history;
}

/** Leaves out the first tool call inside a group that neither opens nor closes it, with its result. */
function dropTool(history: HistoryResponse): HistoryResponse {
  const call = history.messages.find((m) => m.display_type === 'group_item' && (m.tool_calls?.length ?? 0) > 0);
  const id = call?.tool_calls?.[0]?.id;
  if (!call || typeof id !== 'string') return history;
  const result = history.messages.find((m) => m.role === 'tool' && m.tool_call_id === id && m.display_type === 'group_item');
  return { ...history, messages: history.messages.filter((m) => m !== call && m !== result) };
}

function closeGroup(group: HistoryMessage[], summary: string): void {
  const first = group[0];
  const last = group[group.length - 1];
  if (!first || !last) return;
  first.summary = summary;
  if (group.length === 1) first.group_closed = true;
  else Object.assign(last, { display_type: 'group_end', summary });
}

function appendDelta(block: Json | undefined, event: NumberedEvent): void {
  const delta = (event.delta ?? {}) as Json;
  if (!block) return;
  if (block.type === 'text') block.text = str(block.text) + str(delta.text);
  else if (block.type === 'thinking') block.thinking = str(block.thinking) + str(delta.thinking);
  else if (block.type === 'approval_request') Object.assign(block, delta);
}

function toMessage(block: Json, session: DemoSession, toolNames: Map<string, string>): HistoryMessage | undefined {
  switch (block.type) {
    case 'text': {
      const flags = { ...(block.is_part ? { is_part: true } : {}), ...(block.is_final ? { is_final: true } : {}) };
      return { role: 'assistant', content: [{ type: 'text', text: str(block.text), ...flags }], display_type: 'content' };
    }
    case 'thinking':
      return { role: 'assistant', content: [{ type: 'thinking', thinking: str(block.thinking) }], display_type: 'content' };
    case 'tool_use': {
      const { type: _type, ...call } = block;
      return { role: 'assistant', content: [], tool_calls: [call], tool_content_message: str(block.tool_content_message), display_type: 'content' };
    }
    case 'tool_result':
      return {
        role: 'tool',
        tool_call_id: str(block.tool_use_id),
        name: toolNames.get(str(block.tool_use_id)) ?? '',
        status: str(block.status),
        content: [{ type: 'text', text: str(block.content) }],
        tool_content_message: str(block.tool_content_message),
        display_type: 'content',
      };
    case 'approval_request': {
      // Only an answered question is kept (as a resolved block); ordinary approvals live on in their tool result.
      const answers = session.answers.get(str(block.approval_key));
      if (!answers) return undefined;
      const actionRequests = block.action_requests as Json[] | undefined;
      const resolved = (actionRequests ?? []).map((a) => ({ ...a, args: { ...(a.args as Json), answers } }));
      return {
        role: 'assistant',
        content: [{ type: 'approval_request', isResolved: true, actionRequests: resolved, submittedAnswers: answers }],
        display_type: 'content',
      };
    }
    default:
      return undefined;
  }
}

function pendingApproval(log: readonly NumberedEvent[], key: string): Json {
  const start = log.find((e) => e.type === 'content_block_start' && (e.content_block as Json).approval_key === key);
  const delta = start && log.find((e) => e.type === 'content_block_delta' && e.index === start.index && e.event_id > start.event_id);
  return { approval_key: key, ...((delta?.delta as Json | undefined) ?? {}) };
}
