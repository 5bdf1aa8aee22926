// `write_todos` snapshots (spec section 3): reading a call's input into todo items and checking it.
import type { FindingSink } from '../../model/finding';
import type { TodoItem } from '../../model/view';
import { safeText } from '../../model/safe-text';
import { isBlank } from '../../model/blank';

/** The three statuses, as compares: a set lookup hashes each freshly parsed status first. */
const isTodoStatus = (status: string): boolean => status === 'pending' || status === 'in_progress' || status === 'completed';

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
  for (let i = 0; i < todos.length; i++) {
    const t: unknown = todos[i];
    if (!t || typeof t !== 'object') {
      sink.report('flat/todos-invalid', `todos[${i}] is not an object`, frames, path);
      continue;
    }
    const { content, activeForm, status } = t as Record<string, unknown>;
    if (typeof content !== 'string' || typeof activeForm !== 'string' || typeof status !== 'string') {
      const missing: string[] = [];
      if (typeof content !== 'string') missing.push('content');
      if (typeof activeForm !== 'string') missing.push('activeForm');
      if (typeof status !== 'string') missing.push('status');
      sink.report('flat/todos-invalid', `todos[${i}] has no string ${missing.join(', ')}`, frames, path);
    } else if (!isTodoStatus(status)) {
      sink.report('flat/todos-invalid', `todos[${i}].status is "${safeText(status)}"; expected pending, in_progress or completed`, frames, path);
    }
    if (typeof content === 'string' && isBlank(content)) {
      sink.report('flat/todos-empty-text', `todos[${i}].content is empty; both content and activeForm must be non-empty`, frames, path);
    }
    if (typeof activeForm === 'string' && isBlank(activeForm)) {
      sink.report('flat/todos-empty-text', `todos[${i}].activeForm is empty; both content and activeForm must be non-empty`, frames, path);
    }
    if (status === 'in_progress') inProgress++;
  }
  if (inProgress > 1) {
    sink.report('flat/todos-multiple-in-progress', `${inProgress} todos are in_progress; at most one may be`, frames, path);
  }
}
