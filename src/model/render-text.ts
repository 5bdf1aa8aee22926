// The reference rendering as indented text: what a correct client shows for a view model, one line
// per visible thing. Used by `render` and by tests that read like the UI.
import { DONE_TEXT, pendingToolText, UNNAMED_TOOL_TEXT, groupHeaderText, type GroupItem, type TodoItem, type ViewItem, type ViewModel } from './view';
import { MAX_DATA_DEPTH, safeJson, safeText } from './safe-text';

/** How many of a running group's newest items the reference client shows. */
export const RUNNING_WINDOW = 3;

/**
 * An approval or a question still waiting for the user, or a group holding one. It is never hidden:
 * the group stays open and the running window keeps it, since the user cannot act on what is hidden.
 */
export function isWaitingForUser(item: ViewItem, depth = 0): boolean {
  if (item.kind === 'approval') return !item.outcome;
  if (item.kind === 'question') return item.state === 'waiting' && !item.resolved;
  if (item.kind === 'group') return depth < MAX_DATA_DEPTH && item.items.some((i) => isWaitingForUser(i, depth + 1));
  return false;
}

/** A running group's items as shown: the newest RUNNING_WINDOW, and any earlier one waiting for the user. */
export function runningWindow(items: readonly ViewItem[]): { shown: ViewItem[]; hidden: number } {
  if (items.length <= RUNNING_WINDOW) return { shown: [...items], hidden: 0 };
  const from = items.length - RUNNING_WINDOW;
  const shown = items.filter((item, i) => i >= from || isWaitingForUser(item));
  return { shown, hidden: items.length - shown.length };
}

const STATUS_WORD = { pending: 'running', success: 'done', error: 'failed' } as const;


export interface RenderTextOptions {
  /** Show every item of running groups instead of the newest three. */
  expandRunning?: boolean;
}

export function renderText(view: ViewModel, options: RenderTextOptions = {}): string {
  const lines: string[] = [];
  for (const item of view.items) renderItem(item, 0, lines, options);
  if (view.todos && view.todos.length > 0) {
    lines.push('Todos:');
    for (const todo of view.todos) lines.push(`  ${todoLine(todo)}`);
  }
  if (view.state !== undefined) lines.push(`State: ${safeJson(view.state)}`);
  if (view.usage) lines.push(`Usage: ${Object.entries(view.usage).map(([k, v]) => `${oneLine(k)}=${oneLine(v)}`).join(' ')}`);
  if (view.streaming) lines.push('(still streaming)');
  return lines.join('\n') + (lines.length > 0 ? '\n' : '');
}

function renderItem(item: ViewItem, depth: number, out: string[], options: RenderTextOptions): void {
  const pad = '  '.repeat(depth);
  if (depth >= MAX_DATA_DEPTH) {
    out.push(`${pad}… nested deeper than ${MAX_DATA_DEPTH} levels`);
    return;
  }
  switch (item.kind) {
    case 'user':
      out.push(`${pad}user: ${oneLine(item.text)}`);
      return;
    case 'text': {
      const tags = [item.brand ? 'brand' : '', item.part ? 'part' : '', item.final ? 'final' : ''].filter(Boolean);
      out.push(`${pad}assistant${tags.length ? ` [${tags.join(', ')}]` : ''}: ${oneLine(item.text)}`);
      return;
    }
    case 'reasoning':
      out.push(`${pad}${item.title === undefined ? 'thinking' : item.title.toLowerCase()}: ${oneLine(item.text)}`);
      return;
    case 'tool': {
      if (item.orphanResult) {
        const whose = item.anotherResultFor !== undefined ? `another result for ${oneLine(item.anotherResultFor)}` : `result for unknown tool call ${oneLine(item.toolId)}`;
        out.push(`${pad}● ${STATUS_WORD[item.status]} — ${whose}`);
        return;
      }
      const sub = item.parentToolId ? ` (sub-agent of ${oneLine(item.parentToolId)})` : '';
      // A todo call renders as its list, not as a tool with a status dot: it never gets a result.
      const head = item.todos ? 'todos' : `● ${pendingToolText(item) ?? STATUS_WORD[item.status]}`;
      const named = safeText(item.label) !== '' || safeText(item.name) !== '';
      out.push(`${pad}${head} — ${named ? `${oneLine(item.label)} (${oneLine(item.name)})` : `(${UNNAMED_TOOL_TEXT}${item.toolId ? `, id ${oneLine(item.toolId)}` : ''})`}${sub}`);
      for (const todo of item.todos ?? []) out.push(`${pad}    ${todoLine(todo)}`);
      return;
    }
    case 'approval': {
      const names = item.actions.map((a) => oneLine(a.name)).join(', ') || '(no action)';
      const allowed = [...new Set(Object.values(item.allowed).flat().map(oneLine))].join('/') || 'approve/reject';
      const outcome = !item.outcome
        ? 'waiting'
        : item.outcome.type === 'decided'
          ? `decided: ${item.outcome.decisions.map(oneLine).join(', ')}`
          : item.outcome.type === 'timeout'
            ? 'timed out'
            : 'applied';
      const timeout = !item.outcome && item.timeoutSeconds !== undefined ? ` (times out after ${item.timeoutSeconds} s)` : '';
      out.push(`${pad}approval ${names} [${allowed}] — ${outcome}${timeout}`);
      for (const action of item.actions) {
        const args = valueText(action.args);
        if (args !== undefined) out.push(`${pad}  ${oneLine(action.name)}: ${oneLine(args)}`);
      }
      return;
    }
    case 'question': {
      const state = item.resolved ? 'resolved' : item.state;
      out.push(`${pad}question (${state})`);
      for (const q of item.questions) {
        const header = q.header ? ` [${oneLine(q.header)}]` : '';
        out.push(`${pad}  Q${header}: ${oneLine(q.question)}${q.multiSelect ? ' (multi-select)' : ''}`);
        for (const o of q.options) out.push(`${pad}    - ${oneLine(o.label)}${o.input ? ' (free text)' : ''}`);
        const answer = item.answers?.[q.question];
        if (answer !== undefined) out.push(`${pad}  A: ${oneLine(answer)}`);
      }
      return;
    }
    case 'group':
      renderGroup(item, depth, out, options);
      return;
    case 'error':
      if (item.cutOff !== undefined) out.push(`${pad}cut off (${oneLine(item.cutOff)}): ${oneLine(item.message)}`);
      else out.push(`${pad}${item.stoppedByPage ? 'stopped' : 'error'}: ${oneLine(item.message)}`);
      return;
    case 'raw':
      out.push(`${pad}raw: ${oneLine(item.text)}`);
      return;
  }
}

function renderGroup(group: GroupItem, depth: number, out: string[], options: RenderTextOptions): void {
  const pad = '  '.repeat(depth);
  const state = group.subagent?.status === 'failed' ? 'failed' : group.open ? 'running' : group.done ? 'done' : 'interrupted';
  out.push(`${pad}group "${oneLine(groupHeaderText(group))}" (${state})`);
  let shown = group.items;
  if (group.open && !options.expandRunning) {
    const window = runningWindow(group.items);
    shown = window.shown;
    if (window.hidden > 0) out.push(`${pad}  … ${window.hidden} earlier item(s) slid up`);
  }
  for (const item of shown) renderItem(item, depth + 1, out, options);
  if (group.done) out.push(`${pad}  ${DONE_TEXT}`);
}

function todoLine(todo: TodoItem): string {
  if (todo.status === 'completed') return `✓ ~${oneLine(todo.content)}~`;
  if (todo.status === 'in_progress') return `● **${oneLine(todo.activeForm)}**`;
  if (todo.status === 'pending') return `○ ${oneLine(todo.content)}`;
  return `? ${oneLine(todo.content)} (status "${oneLine(todo.status)}")`;
}

/** Any field of the view may hold page data of the wrong type: printed through safeText. */
function oneLine(text: unknown): string {
  return safeText(text).replace(/\r?\n/g, '⏎');
}

/**
 * A value as readable text: strings as they are, anything else as compact JSON (never a JSON string
 * of JSON). `undefined` for nothing to show or a value JSON cannot write.
 */
export function valueText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
