// A tool call: a status dot (amber running, green success, red error; an amber ring when its stream was
// cut off before its result) and the label; a todo tool shows its todo list instead, since it never gets a result.
import { notRunning, pendingToolText, UNNAMED_TOOL_TEXT, type ToolItem } from '../../../model/view';
import { frameSpan } from './frame-span';
import { TodoList } from './TodoList';

const STATUS_TEXT = { pending: 'running', success: 'success', error: 'error' } as const;

export function ToolView({ item }: { item: ToolItem }) {
  if (item.orphanResult) {
    return (
      <div class="tool tool-orphan" data-frames={frameSpan(item.frames)}>
        <StatusDot status={item.status} />
        <span class="tool-label">{item.anotherResultFor !== undefined ? `Another result for ${item.anotherResultFor}` : `Result for an unknown tool call ${item.toolId}`}</span>
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
  // Not running: the page must run it (analysis/page-tools.ts), its stream was cut off (analysis/cut-off.ts),
  // or its stream ended with its arguments unfinished (the fold's `unfinished`).
  const why = notRunning(item);
  const text = pendingToolText(item);
  return (
    <div class="tool" data-frames={frameSpan(item.frames)} data-page-tool={item.pageTool} data-cut-off={why === 'cut-off' ? '' : undefined} data-unfinished={why === 'unfinished' ? '' : undefined}>
      <StatusDot status={item.status} title={text} hollow={why === 'cut-off' || why === 'unfinished'} />
      <span class="tool-label">
        {item.label || item.name ? item.label : <span class="muted">{`${UNNAMED_TOOL_TEXT}${item.toolId ? `, id ${item.toolId}` : ''}`}</span>}
        {text && <span class="tool-page muted"> · {text}</span>}
      </span>
      {item.label !== item.name && <span class="tool-name muted">{item.name}</span>}
      {item.parentToolId && <span class="muted"> (sub-agent of {item.parentToolId})</span>}
    </div>
  );
}

/** A call cut off or left unfinished by its stream has a ring for a dot: amber as pending, but not filled as one that runs. */
export function StatusDot({ status, title, hollow }: { status: ToolItem['status']; title?: string | undefined; hollow?: boolean }) {
  const text = title ?? STATUS_TEXT[status];
  return <span class={`dot dot-${status}${hollow ? ' dot-cut-off' : ''}`} role="img" aria-label={text} title={text} />;
}
