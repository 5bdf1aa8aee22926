// Builders for flat-block stream events. Scenarios are plain data made of these events; the helpers only
// spell out the start/delta/stop shape so each scenario file reads like the turn it plays.

export type StreamEvent = { readonly type: string; readonly [key: string]: unknown };

/** The agent waits here for the user's reply to the approval_request with this key. */
export interface AwaitStep {
  readonly await: string;
  readonly kind: 'approval' | 'question';
  /** Events played for each outcome, before the script goes on with the steps after this one. */
  readonly approve?: readonly Step[];
  readonly edit?: readonly Step[];
  readonly reject?: readonly Step[];
  readonly answer?: readonly Step[];
  readonly timeout: readonly Step[];
}

/** Extra wait (ms, before delay scaling), e.g. a slow tool. */
export interface PauseStep {
  readonly pause: number;
}

export type Step = StreamEvent | AwaitStep | PauseStep;

export interface Todo {
  readonly content: string;
  readonly activeForm: string;
  readonly status: 'pending' | 'in_progress' | 'completed';
}

/** `{{session}}` in any string is replaced by the run's session id (approval keys, message ids). */
export const SESSION = '{{session}}';

export const messageStart = (): StreamEvent => ({
  type: 'message_start',
  message: { id: `msg-${SESSION}`, role: 'assistant', session_id: SESSION },
});

export const messageStop = (): StreamEvent => ({ type: 'message_stop' });

export const groupStart = (index: number): StreamEvent => ({ type: 'group_start', index, message_id: `msg-${SESSION}` });

export const groupEnd = (index: number, summary: string): StreamEvent => ({
  type: 'group_end',
  index,
  summary,
  message_id: `msg-${SESSION}`,
});

export const stop = (index: number): StreamEvent => ({ type: 'content_block_stop', index });

/** A text block streamed in several deltas. */
export function text(index: number, chunks: readonly string[], flags: { is_part?: true; is_final?: true }): StreamEvent[] {
  return [
    { type: 'content_block_start', index, content_block: { type: 'text', text: '', ...flags } },
    ...chunks.map((chunk) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: chunk } })),
    stop(index),
  ];
}

export function thinking(index: number, chunks: readonly string[]): StreamEvent[] {
  return [
    { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } },
    ...chunks.map((chunk) => ({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: chunk } })),
    stop(index),
  ];
}

export interface ToolUseFields {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly tool_content_message: string;
  readonly parent_tool_use_id?: string;
}

/** A tool call with its whole input in content_block_start (no delta), as write_todos requires. */
export function toolUse(index: number, fields: ToolUseFields): StreamEvent[] {
  return [{ type: 'content_block_start', index, content_block: { type: 'tool_use', ...fields } }, stop(index)];
}

export function writeTodos(index: number, id: string, todos: readonly Todo[], parent?: string): StreamEvent[] {
  return toolUse(index, {
    id,
    name: 'write_todos',
    input: { todos },
    tool_content_message: 'Cập nhật kế hoạch',
    ...(parent === undefined ? {} : { parent_tool_use_id: parent }),
  });
}

export interface ToolResultFields {
  readonly tool_use_id: string;
  readonly status: 'success' | 'error';
  readonly content: string;
  readonly tool_content_message: string;
}

export function toolResult(index: number, fields: ToolResultFields): StreamEvent[] {
  return [{ type: 'content_block_start', index, content_block: { type: 'tool_result', ...fields } }, stop(index)];
}

export interface ApprovalDelta {
  readonly action_requests: readonly { name: string; args: unknown }[];
  readonly review_configs: readonly { action_name: string; allowed_decisions: readonly string[] }[];
  readonly timeout_seconds: number;
}

export function approvalRequest(index: number, key: string, delta: ApprovalDelta): StreamEvent[] {
  return [
    { type: 'content_block_start', index, content_block: { type: 'approval_request', approval_key: key } },
    { type: 'content_block_delta', index, delta },
    stop(index),
  ];
}

export function approvalResult(index: number, key: string, decision: 'approve' | 'edit' | 'reject'): StreamEvent[] {
  return [
    { type: 'content_block_start', index, content_block: { type: 'approval_result', approval_key: key, decisions: [{ type: decision }] } },
    stop(index),
  ];
}

export function approvalTimeout(index: number, key: string): StreamEvent[] {
  return [{ type: 'content_block_start', index, content_block: { type: 'approval_timeout', approval_key: key } }, stop(index)];
}

export const KHAC = { label: 'Khác', description: 'Nhập giá trị tùy chỉnh', input: true } as const;
