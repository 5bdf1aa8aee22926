// `write_todos` snapshots (spec section 3): reading a call's input into todo items and checking it.
import type { FindingSink } from '../../model/finding';
import type { TodoItem } from '../../model/view';
import { safeText } from '../../model/safe-text';

const STATUSES = new Set(['pending', 'in_progress', 'completed']);

/** The todo items of a call's input, as far as they can be read; null when `input.todos` is not an array. */
export function readTodos(input: unknown): TodoItem[] | null {
  if (!input || typeof input !== 'object') return null;
  const todos = (input as { todos?: unknown }).todos;
  if (!Array.isArray(todos)) return null;
  return todos.map((t) => {
    const o = t && typeof t === 'object' ? (t as Record<string, unknown>) : {};
    return {
      content: typeof o.content === 'string' ? o.content : '',
      activeForm: typeof o.activeForm === 'string' ? o.activeForm : '',
      status: typeof o.status === 'string' ? o.status : '',
    };
  });
}

/** Reports every way a todo snapshot breaks section 3. */
export function checkTodos(input: unknown, sink: FindingSink, frames: number[], path?: string): void {
  const todos = input && typeof input === 'object' ? (input as { todos?: unknown }).todos : undefined;
  if (!Array.isArray(todos)) {
    const what = todos === undefined ? 'is missing' : 'is not an array';
    sink.report('flat/todos-invalid', `input.todos ${what}; expected the whole list as an array of {content, activeForm, status}`, frames, path);
    return;
  }
  let inProgress = 0;
  todos.forEach((t, i) => {
    if (!t || typeof t !== 'object') {
      sink.report('flat/todos-invalid', `todos[${i}] is not an object`, frames, path);
      return;
    }
    const o = t as Record<string, unknown>;
    const missing = ['content', 'activeForm', 'status'].filter((k) => typeof o[k] !== 'string');
    if (missing.length > 0) {
      sink.report('flat/todos-invalid', `todos[${i}] has no string ${missing.join(', ')}`, frames, path);
    } else if (!STATUSES.has(o.status as string)) {
      sink.report('flat/todos-invalid', `todos[${i}].status is "${safeText(o.status)}"; expected pending, in_progress or completed`, frames, path);
    }
    for (const key of ['content', 'activeForm'] as const) {
      if (typeof o[key] === 'string' && (o[key] as string).trim() === '') {
        sink.report('flat/todos-empty-text', `todos[${i}].${key} is empty; both content and activeForm must be non-empty`, frames, path);
      }
    }
    if (o.status === 'in_progress') inProgress++;
  });
  if (inProgress > 1) {
    sink.report('flat/todos-multiple-in-progress', `${inProgress} todos are in_progress; at most one may be`, frames, path);
  }
}
