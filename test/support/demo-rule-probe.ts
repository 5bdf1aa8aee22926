// An independent probe of the flat-block stream rules the demo site is about (spec section 7), written
// apart from the inspector's own code so that the demo tests do not grade the demo with the code under
// test: the clean variants must break none, each buggy variant exactly the rules its module declares.
import type { Ev } from './demo-runs';

const isTodo = (name: unknown): boolean => typeof name === 'string' && name.toLowerCase().includes('todo');

function probeTodos(todos: unknown, broken: Set<string>): void {
  if (!Array.isArray(todos)) return void broken.add('flat/todos-invalid');
  const statuses = ['pending', 'in_progress', 'completed'];
  for (const t of todos as Ev[]) {
    if (typeof t?.content !== 'string' || typeof t.activeForm !== 'string' || !statuses.includes(t.status)) broken.add('flat/todos-invalid');
    else if (!t.content || !t.activeForm) broken.add('flat/todos-empty-text');
  }
  if ((todos as Ev[]).filter((t) => t?.status === 'in_progress').length > 1) broken.add('flat/todos-multiple-in-progress');
}

function probeApproval(delta: Ev, groupOpen: boolean, broken: Set<string>): void {
  for (const action of delta.action_requests ?? []) {
    if (action.name !== 'ask_user_question') {
      if (!groupOpen) broken.add('flat/approval-outside-group');
      continue;
    }
    if (groupOpen) broken.add('flat/question-inside-group');
    const questions = action.args?.questions;
    if (!Array.isArray(questions) || questions.length === 0) broken.add('flat/question-invalid');
    for (const q of questions ?? []) {
      if (!q.question || !Array.isArray(q.options) || !q.options.length || typeof q.multiSelect !== 'boolean') broken.add('flat/question-invalid');
      else if (!q.options.some((o: Ev) => o.input === true)) broken.add('flat/question-no-custom-option');
    }
  }
}

/** The stream rules of section 7 this demo exercises, checked independently of the inspector's own code. */
export function probeRules(events: Ev[]): string[] {
  const broken = new Set<string>();
  const open = new Map<unknown, Ev>();
  const tools = new Map<string, Ev>();
  const results = new Set<string>();
  let group: string[] | undefined;
  let inMessage = false;
  const unfinished = (ids: Iterable<string>): void => {
    for (const id of ids) {
      const name = tools.get(id)?.name;
      if (!results.has(id) && !isTodo(name) && name !== 'ask_user_question') broken.add('flat/tool-without-result');
    }
  };
  for (const e of events) {
    if (e.type === 'message_start') inMessage = true;
    else if (!inMessage) broken.add('flat/event-outside-message');
    const block = e.content_block ?? {};
    if (e.type === 'content_block_start') {
      if (open.has(e.index)) broken.add('flat/block-duplicate-start');
      open.set(e.index, block);
    }
    if (e.type === 'content_block_start' && block.type === 'tool_use') {
      if (tools.has(block.id)) broken.add('flat/tool-use-duplicate-id');
      tools.set(block.id, block);
      group?.push(block.id);
      if (!block.tool_content_message) broken.add('flat/tool-empty-label');
      if (block.name === 'ask_user_question') broken.add('flat/question-tool-streamed');
      if (isTodo(block.name)) probeTodos(block.input?.todos, broken);
    }
    if (e.type === 'content_block_start' && block.type === 'tool_result') {
      const use = tools.get(block.tool_use_id);
      if (!use) broken.add('flat/tool-result-orphan');
      if (results.has(block.tool_use_id)) broken.add('flat/tool-result-duplicate');
      if (use?.name === 'ask_user_question') broken.add('flat/question-tool-streamed');
      if (isTodo(use?.name)) broken.add('flat/todos-has-result');
      if (!block.tool_content_message) broken.add('flat/tool-empty-label');
      results.add(block.tool_use_id);
    }
    if (e.type === 'content_block_delta') {
      const target = open.get(e.index);
      if (!target) broken.add('flat/block-delta-without-start');
      else if (target.type === 'tool_use' && isTodo(target.name)) broken.add('flat/todos-delta');
      else if (target.type === 'approval_request') probeApproval(e.delta, group !== undefined, broken);
    }
    if (e.type === 'content_block_stop' && !open.delete(e.index)) broken.add('flat/block-stop-without-start');
    if (e.type === 'group_start') {
      if (group) broken.add('flat/group-start-while-open');
      group = [];
    }
    if (e.type === 'group_end') {
      if (!group) broken.add('flat/group-end-without-start');
      if (typeof e.summary !== 'string' || !e.summary) broken.add('flat/group-end-missing-summary');
      unfinished(group ?? []);
      group = undefined;
    }
    if (e.type === 'message_stop') {
      if (open.size) broken.add('flat/block-not-stopped');
      if (group) broken.add('flat/group-not-ended');
      unfinished(tools.keys());
      inMessage = false;
    }
  }
  return [...broken].sort();
}
