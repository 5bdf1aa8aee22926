// A tool call: a status dot (amber running, green success, red error) and the label; a todo tool
// shows its todo list instead, since it never gets a result.
import { PAGE_TOOL_TEXT, UNNAMED_TOOL_TEXT, type ToolItem } from '../../../model/view';
import { frameSpan } from './frame-span';
import { TodoList } from './TodoList';

const STATUS_TEXT = { pending: 'running', success: 'success', error: 'error' } as const;

export function ToolView({ item }: { item: ToolItem }) {
  if (item.orphanResult) {
    return (
      <div class="tool tool-orphan" data-frames={frameSpan(item.frames)}>
        <StatusDot status={item.status} />
        <span class="tool-label">Result for an unknown tool call {item.toolId}</span>
      </div>
    );
  }
  if (item.todos) {
    return (
      <div class="tool tool-todos" data-frames={frameSpan(item.frames)}>
        <div class="tool-head">
          <span class="tool-label">{item.label}</span>
          {item.parentToolId && <span class="muted"> (sub-agent)</span>}
        </div>
        <TodoList todos={item.todos} />
      </div>
    );
  }
  return (
    <div class="tool" data-frames={frameSpan(item.frames)} data-page-tool={item.pageTool}>
      <StatusDot status={item.status} title={item.pageTool && PAGE_TOOL_TEXT[item.pageTool]} />
      <span class="tool-label">
        {item.label || item.name ? item.label : <span class="muted">{`${UNNAMED_TOOL_TEXT}${item.toolId ? `, id ${item.toolId}` : ''}`}</span>}
        {/* Not running on the server: the page must run it (analysis/page-tools.ts), so say which way it stands. */}
        {item.pageTool && <span class="tool-page muted"> · {PAGE_TOOL_TEXT[item.pageTool]}</span>}
      </span>
      {item.label !== item.name && <span class="tool-name muted">{item.name}</span>}
      {item.parentToolId && <span class="muted"> (sub-agent of {item.parentToolId})</span>}
    </div>
  );
}

export function StatusDot({ status, title }: { status: ToolItem['status']; title?: string | undefined }) {
  const text = title ?? STATUS_TEXT[status];
  return <span class={`dot dot-${status}`} role="img" aria-label={text} title={text} />;
}
