// tool_use / tool_result (spec sections 3 and 5): the merge by id that the view shows, and the
// rules about tools. Used for stream blocks and for History API tool calls and tool messages alike.
import type { FindingSink } from '../../model/finding';
import { humanizeToolName, isTodoToolName, type ToolItem } from '../../model/view';
import { QUESTION_TOOL } from './questions';
import { checkTodos, readTodos } from './todos';
import type { ViewBuilder } from './view-builder';
import { isBlank } from '../../model/blank';

export interface ToolUse {
  id: string;
  name: string;
  input?: unknown;
  hasInput: boolean;
  contentMessage?: string | null;
  parentId?: string | null;
}

export interface ToolResult {
  toolUseId: string;
  status: string;
  content?: unknown;
}

/** Where a tool block came from: stream rules and history rules differ slightly. */
export interface ToolOrigin {
  frame: number;
  stream: boolean;
  /** For history: `messages[i]`. */
  path?: string;
  /** The protocol-level group the block arrived in (group markers, not the rendering). */
  group: number | null;
}

interface ToolRecord {
  name: string;
  frame: number;
  path?: string;
  group: number | null;
  todo: boolean;
  /** Todo and question tools never get a result. */
  exempt: boolean;
  hasResult: boolean;
  /** In the waiting list and not yet ended. */
  waiting: boolean;
  item: ToolItem;
}

export class ToolTracker {
  private readonly byId = new Map<string, ToolRecord>();
  /**
   * Tools still waiting for a result, in arrival order, among ended ones (`waiting` false) that go when
   * none waits or when they outnumber the waiting ones: a Set emptied by a result makes V8 shrink its
   * table, a call into the runtime per tool.
   */
  private waitingList: ToolRecord[] = [];
  private waitingCount = 0;

  constructor(private readonly view: ViewBuilder) {}

  /** Returns whether the tool is a todo tool. */
  use(tool: ToolUse, origin: ToolOrigin, sink: FindingSink): boolean {
    const frames = [origin.frame];
    const known = this.byId.has(tool.id);
    if (known) {
      sink.report('flat/tool-use-duplicate-id', `a second tool_use has id "${tool.id}"; tool ids must be unique`, frames, origin.path);
    }
    const todo = isTodoToolName(tool.name);
    const question = tool.name === QUESTION_TOOL;
    if (origin.stream && question) {
      sink.report('flat/question-tool-streamed', 'a tool_use for ask_user_question was streamed; only its approval_request may be', frames);
    }
    const contentMessage = tool.contentMessage ?? '';
    const labelled = !isBlank(contentMessage);
    if (!labelled) {
      sink.report('flat/tool-empty-label', `tool_use "${tool.name}" has no tool_content_message; the UI falls back to "${humanizeToolName(tool.name)}"`, frames, origin.path);
    }
    const item: ToolItem = {
      kind: 'tool',
      id: this.view.id('tool'),
      frames,
      toolId: tool.id,
      name: tool.name,
      contentMessage,
      label: labelled ? contentMessage : humanizeToolName(tool.name),
      input: tool.input,
      status: 'pending',
    };
    if (origin.path) item.historyPath = origin.path;
    if (tool.parentId) item.parentToolId = tool.parentId;
    if (todo && tool.hasInput) {
      checkTodos(tool.input, sink, frames, origin.path);
      const todos = readTodos(tool.input);
      if (todos) {
        item.todos = todos;
        // Sub-agent snapshots do not replace the top-level list in the side panel.
        if (!tool.parentId) this.view.setTodos(todos);
      }
    }
    const record: ToolRecord = { name: tool.name, frame: origin.frame, group: origin.group, todo, exempt: todo || question, hasResult: false, waiting: false, item };
    if (origin.path) record.path = origin.path;
    if (!known) this.byId.set(tool.id, record);
    if (!record.exempt) this.wait(record);
    this.view.addTool(item);
    return todo;
  }

  result(result: ToolResult, origin: ToolOrigin, sink: FindingSink): void {
    const record = this.byId.get(result.toolUseId);
    if (!record) {
      sink.report('flat/tool-result-orphan', `tool_result for "${result.toolUseId}" matches no tool_use`, [origin.frame], origin.path);
      this.view.place(this.orphanItem(result, origin));
      return;
    }
    // Only findings read these: made whole at once, not grown by a push.
    const frames = [origin.frame, record.frame];
    if (record.hasResult) {
      sink.report('flat/tool-result-duplicate', `a second tool_result for "${result.toolUseId}"`, frames, origin.path);
      return;
    }
    if (origin.stream && record.todo) {
      sink.report('flat/todos-has-result', `tool_result for todo tool "${record.name}"; todo tools get no result`, frames);
    }
    if (origin.stream && record.name === QUESTION_TOOL) {
      sink.report('flat/question-tool-streamed', 'a tool_result for ask_user_question was streamed; only its approval_request may be', frames);
    }
    record.hasResult = true;
    this.stopWaiting(record);
    const item = record.item;
    item.status = result.status === 'success' ? 'success' : 'error';
    item.result = result.content;
    item.frames.push(origin.frame);
  }

  /** A group ended: its tools should all have results by now. */
  groupEnded(group: number, frame: number, sink: FindingSink, path?: string): void {
    const list = this.waitingList;
    for (let i = 0; i < list.length; i++) {
      const r = list[i] as ToolRecord;
      if (r.waiting && r.group === group) this.missing(r, frame, 'when its group ended', sink, path);
    }
  }

  /** The message stopped (or history ended): every tool should have its result. */
  allEnded(frame: number, sink: FindingSink, why: string, path?: string): void {
    const list = this.waitingList;
    for (let i = 0; i < list.length; i++) {
      const r = list[i] as ToolRecord;
      if (r.waiting) this.missing(r, frame, why, sink, path);
    }
  }

  private missing(r: ToolRecord, frame: number, why: string, sink: FindingSink, path?: string): void {
    this.stopWaiting(r);
    sink.report('flat/tool-without-result', `tool "${r.name}" has no tool_result ${why}`, r.frame === frame ? [frame] : [r.frame, frame], r.path ?? path);
  }

  private wait(r: ToolRecord): void {
    if (this.waitingList.length >= 2 * this.waitingCount + 16) this.waitingList = this.waitingList.filter((w) => w.waiting);
    r.waiting = true;
    this.waitingList.push(r);
    this.waitingCount++;
  }

  /** Never adds to the list or replaces it: the loops above end tools while they walk it. */
  private stopWaiting(r: ToolRecord): void {
    if (!r.waiting) return;
    r.waiting = false;
    if (--this.waitingCount > 0) return;
    // Popped, not cut by `length = 0`, which calls into the runtime.
    const list = this.waitingList;
    while (list.length > 0) list.pop();
  }

  private orphanItem(result: ToolResult, origin: ToolOrigin): ToolItem {
    const item: ToolItem = {
      kind: 'tool',
      id: this.view.id('tool'),
      frames: [origin.frame],
      toolId: result.toolUseId,
      name: '',
      contentMessage: '',
      label: `result for ${result.toolUseId}`,
      input: undefined,
      status: result.status === 'success' ? 'success' : 'error',
      result: result.content,
      orphanResult: true,
    };
    if (origin.path) item.historyPath = origin.path;
    return item;
  }
}
