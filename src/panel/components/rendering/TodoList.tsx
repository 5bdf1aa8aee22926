// A todo snapshot as the reference client draws it: completed = content struck through with a green
// check, in_progress = activeForm in bold with a blue dot, pending = content with a hollow circle.
import type { TodoItem } from '../../../model/view';
import { safeText } from '../../../model/safe-text';

export function TodoList(props: { todos: readonly TodoItem[] }) {
  return (
    <ul class="todo-list">
      {props.todos.map((todo, i) => (
        <TodoRow key={i} todo={todo} />
      ))}
    </ul>
  );
}

function TodoRow({ todo }: { todo: TodoItem }) {
  switch (todo.status) {
    case 'completed':
      return (
        <li class="todo todo-completed" data-status="completed">
          <span class="todo-mark todo-check" aria-label="completed">
            ✓
          </span>
          <s>{todo.content}</s>
        </li>
      );
    case 'in_progress':
      return (
        <li class="todo todo-in-progress" data-status="in_progress">
          <span class="todo-mark todo-dot" aria-label="in progress">
            ●
          </span>
          <strong>{todo.activeForm}</strong>
        </li>
      );
    case 'pending':
      return (
        <li class="todo todo-pending" data-status="pending">
          <span class="todo-mark todo-circle" aria-label="pending">
            ○
          </span>
          <span>{todo.content}</span>
        </li>
      );
    default:
      // Shown as received; the protocol's rules flag the unknown status.
      return (
        <li class="todo todo-unknown" data-status={safeText(todo.status)}>
          <span class="todo-mark" aria-label="unknown status">
            ?
          </span>
          <span>{todo.content}</span> <span class="muted">(status “{safeText(todo.status)}”)</span>
        </li>
      );
  }
}

/** The side panel: the latest top-level todo snapshot. */
export function TodoPanel(props: { todos: readonly TodoItem[] | null }) {
  return (
    <aside class="todo-panel" aria-label="Todos">
      <h3>Todos</h3>
      {props.todos && props.todos.length > 0 ? <TodoList todos={props.todos} /> : <p class="empty">No todo list yet.</p>}
    </aside>
  );
}
