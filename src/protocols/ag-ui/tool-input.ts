// Tool arguments arrive as JSON text in fragments; the view shows them parsed once complete, and
// todo-like tools carry a todo list the side panel shows.
import type { TodoItem } from '../../model/view';

export function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  // A tool with no arguments often sends no ARGS at all: that is an empty object, not broken JSON.
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The todo snapshot of a todo tool's input `{todos: [{content, activeForm?, status}]}`, if it has one. */
export function todosFrom(input: unknown): TodoItem[] | undefined {
  const todos = (input as { todos?: unknown } | null | undefined)?.todos;
  if (!Array.isArray(todos)) return undefined;
  const out: TodoItem[] = [];
  for (const raw of todos) {
    const t = raw as { content?: unknown; activeForm?: unknown; status?: unknown } | null;
    if (!t || typeof t.content !== 'string') continue;
    out.push({
      content: t.content,
      activeForm: typeof t.activeForm === 'string' ? t.activeForm : t.content,
      status: typeof t.status === 'string' ? t.status : 'pending',
    });
  }
  return out;
}
