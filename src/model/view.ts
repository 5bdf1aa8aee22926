// The protocol-neutral view model: what a correct client shows for a session. Every protocol's fold
// produces it; the panel, `render` and the tests read it. Plain data, so it prints as JSON.

export type ToolStatus = 'pending' | 'success' | 'error';

export type TodoStatus = 'pending' | 'in_progress' | 'completed';

export interface TodoItem {
  content: string;
  activeForm: string;
  /** Kept as received: an out-of-range status is shown as is and flagged by the rules. */
  status: TodoStatus | string;
}

export interface QuestionOption {
  label: string;
  description?: string;
  /** The free-text ("other") option. */
  input?: boolean;
}

export interface Question {
  question: string;
  header?: string;
  multiSelect: boolean;
  options: QuestionOption[];
}

export interface ActionRequest {
  name: string;
  args: unknown;
}

/** Fields every item has: a stable id within the session and the frames it came from. */
interface ItemBase {
  id: string;
  /** Frame indexes that built this item, in arrival order. */
  frames: number[];
  /** Location inside a History API response, e.g. `messages[4]`, when the item came from history. */
  historyPath?: string;
  /**
   * The protocol's own id of the message the item belongs to, where it has one (AG-UI): a history
   * snapshot reconciles by it.
   */
  messageId?: string;
}

export interface UserItem extends ItemBase {
  kind: 'user';
  text: string;
  /** Set when the turn was read from this connection's request body rather than from a frame. */
  connectionId?: string;
}

export interface TextItem extends ItemBase {
  kind: 'text';
  text: string;
  /** A short interim text ("share thought"): it may sit inside a group. */
  part: boolean;
  final: boolean;
  /** Shows the agent's brand header (first assistant message of a turn). */
  brand: boolean;
}

export interface ReasoningItem extends ItemBase {
  kind: 'reasoning';
  text: string;
  /** What the model's reasoning is called where it is not its thinking (Cohere's `tool_plan`: "Tool plan"). */
  title?: string;
}

export interface ToolItem extends ItemBase {
  kind: 'tool';
  toolId: string;
  name: string;
  /** The short UI label as sent (`tool_content_message`); may be empty. */
  contentMessage: string;
  /** What the UI shows: `contentMessage`, else the humanised name. */
  label: string;
  input: unknown;
  /** Streamed argument text when the protocol streams arguments as JSON text. */
  inputText?: string;
  status: ToolStatus;
  result?: unknown;
  /** The todo snapshot this call carried, when it is a todo tool. */
  todos?: TodoItem[];
  /** Called by a sub-agent (`parent_tool_use_id`). */
  parentToolId?: string;
  /** No tool call matched this result (rendered so the frame is not lost). */
  orphanResult?: boolean;
  /** With `orphanResult`: the result is another one for a call the view holds, shown by this label. */
  anotherResultFor?: string;
  /**
   * A pending call the page itself must run, read across requests (analysis/page-tools.ts): `waiting`,
   * the stream handed it to the page and no request has followed; `no-result`, the follow-up request
   * came without its result. (A result the follow-up carried sets `status` and `result` instead.)
   */
  pageTool?: 'waiting' | 'no-result';
  /**
   * Still pending where its stream was cut off (analysis/cut-off.ts), the frame of the cut: nothing runs
   * it any more and no result will come on that stream, so it is not shown as running.
   */
  cutOff?: number;
  /**
   * Its arguments were still streaming when its stream ended (Gemini's `willContinue` never closed,
   * Cohere's tool-call-end never came, Anthropic's block got no content_block_stop), the frame the fold saw the end at: the reference client drops
   * such a call, so nothing runs it and it is not shown as running.
   */
  unfinished?: number;
  /** The latest progress reported for the call (MCP `notifications/progress`). */
  progress?: ToolProgress;
}

export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

export type ApprovalOutcome =
  | { type: 'decided'; decisions: string[] }
  | { type: 'timeout' }
  | { type: 'applied' };

export interface ApprovalItem extends ItemBase {
  kind: 'approval';
  key: string;
  actions: ActionRequest[];
  /** Allowed decisions per action name. */
  allowed: Record<string, string[]>;
  /** How long the agent waits for a decision; absent when the protocol does not say. */
  timeoutSeconds?: number;
  outcome?: ApprovalOutcome;
}

export interface QuestionItem extends ItemBase {
  kind: 'question';
  key: string;
  questions: Question[];
  /** How long the agent waits for the answer; absent when the protocol does not say. */
  timeoutSeconds?: number;
  /** `waiting` for the user, `answered`, or `timeout`. */
  state: 'waiting' | 'answered' | 'timeout';
  answers?: Record<string, string>;
  /** Came from history as an already resolved question. */
  resolved: boolean;
}

export interface GroupItem extends ItemBase {
  kind: 'group';
  /** The summary from the group marker or `group_end`. */
  summary: string;
  /** `group_end` was seen. */
  done: boolean;
  /** Running (expanded, shimmering): not done while the session still streams. */
  open: boolean;
  items: ViewItem[];
  /** Set when the group holds one sub-agent invocation's messages and tool calls (AG-UI subagents). */
  subagent?: SubagentInfo;
}

/** One sub-agent invocation (AG-UI `SUBAGENT_STARTED` … `SUBAGENT_FINISHED` / `SUBAGENT_ERROR`). */
export interface SubagentInfo {
  /** The invocation's `subagentRunId`. */
  runId: string;
  /** Which kind of sub-agent (its `name`); the run id when the stream never announced it. */
  name: string;
  description?: string;
  /** `unannounced`: events carry the id but no SUBAGENT_STARTED came. */
  status: 'running' | 'finished' | 'suspended' | 'failed' | 'unannounced';
  /** The tool call that started it (agents as tools). */
  parentToolCallId?: string;
}

export interface ErrorItem extends ItemBase {
  kind: 'error';
  message: string;
  /**
   * The page ended the request itself (its AbortController: a chat's Stop button): the turn stopped
   * there, which is shown as a stop, not as a failure of the stream.
   */
  stoppedByPage?: true;
  /**
   * The stream ended before its protocol's end (analysis/cut-off.ts): the id of the rule that says so.
   * The answer above it is cut off, not finished.
   */
  cutOff?: string;
}

/** A frame no fold understood: shown as is, never dropped. */
export interface RawItem extends ItemBase {
  kind: 'raw';
  text: string;
}

export type ViewItem =
  | UserItem
  | TextItem
  | ReasoningItem
  | ToolItem
  | ApprovalItem
  | QuestionItem
  | GroupItem
  | ErrorItem
  | RawItem;

export interface ViewModel {
  protocol: string;
  items: ViewItem[];
  /** The latest top-level todo snapshot for the side panel, or null when none was seen. */
  todos: TodoItem[] | null;
  /** The agent is still producing output (no end marker yet, connection not closed). */
  streaming: boolean;
  /** Shared agent state (AG-UI snapshots and deltas), when the protocol has one. */
  state?: unknown;
  /** Token usage as reported, by counter name. */
  usage?: Record<string, number>;
}

/** Labels of tool names seen lately: a session names the same few tools again and again. */
const humanized = new Map<string, string>();
const HUMANIZED_MAX = 1000;
const HUMANIZED_NAME_MAX = 200;

/** `web_search` → "Web search": the label a client shows when a tool has no content message. */
export function humanizeToolName(name: string): string {
  const known = humanized.get(name);
  if (known !== undefined) return known;
  const label = humanizeUncached(name);
  if (name.length <= HUMANIZED_NAME_MAX) {
    if (humanized.size >= HUMANIZED_MAX) humanized.clear();
    humanized.set(name, label);
  }
  return label;
}

function humanizeUncached(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s.]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return name;
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * The name asked last and its answer: a stream calls the same tool again and again, and a fold asks
 * at every call's end (comparing with one string cost less than the search, about 5 % of the AG-UI
 * fold of a short session). Kept only for names as short as the labels cached above.
 */
let lastTodoName: string | undefined;
let lastTodoAnswer = false;

/** Any tool whose name contains `todo` is a todo tool. */
export function isTodoToolName(name: string): boolean {
  if (name === lastTodoName) return lastTodoAnswer;
  const answer = todoInName(name);
  if (name.length <= HUMANIZED_NAME_MAX) {
    lastTodoName = name;
    lastTodoAnswer = answer;
  }
  return answer;
}

function todoInName(name: string): boolean {
  if (name.includes('todo')) return true;
  // Lower-casing changes nothing in a name of lower-case ASCII: no copy for the usual names.
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return name.toLowerCase().includes('todo');
  }
  return false;
}

/** The text a group header shows: the summary once done; while running, the last tool's label. */
export function groupHeaderText(group: GroupItem): string {
  // A sub-agent's group is named by the sub-agent, running or not.
  if (group.subagent) return `Sub-agent ${group.subagent.name}${group.subagent.description ? `: ${group.subagent.description}` : ''}`;
  if (group.done && group.summary) return group.summary;
  for (let i = group.items.length - 1; i >= 0; i--) {
    const item = group.items[i];
    if (item && item.kind === 'tool' && !item.orphanResult) return item.label;
  }
  return WORKING_TEXT;
}

/** The reference client's "working…" header text. */
export const WORKING_TEXT = 'Đang xử lý…';
/** The reference client's "done" line under an expanded, finished group. */
export const DONE_TEXT = '✓ Hoàn thành';
/** A pending call the page must run, as the requests after it tell (ToolItem.pageTool): not running on the server. */
export const PAGE_TOOL_TEXT = { waiting: 'waiting for the page', 'no-result': 'no result sent back' } as const;
/** A call still pending where its stream was cut off (ToolItem.cutOff). */
export const CUT_OFF_TOOL_TEXT = 'cut off before its result';
/** A call whose arguments never finished before its stream ended (ToolItem.unfinished). */
export const UNFINISHED_TOOL_TEXT = 'its arguments never finished';

/** Why a pending call is not running; `cut-off` and `unfinished` are its stream's doing, the others the page's. */
export type NotRunning = NonNullable<ToolItem['pageTool']> | 'cut-off' | 'unfinished';

const NOT_RUNNING_TEXT: Readonly<Record<NotRunning, string>> = { ...PAGE_TOOL_TEXT, 'cut-off': CUT_OFF_TOOL_TEXT, unfinished: UNFINISHED_TOOL_TEXT };

/**
 * Why a pending call is not running, when the rendering knows: its stream was cut off (`cutOff`, which
 * explains an unfinished call too), its stream ended with its arguments unfinished (`unfinished`), or
 * else the page must run it (`pageTool`: a stream that asked for a call it never finished asked for one
 * no page can run, so the stream's reason wins). Undefined for a running call and for one that has its result (a
 * follow-up request's result sets the status, which wins over a cut). The panel, `render` and the
 * OpenTelemetry export all read it here.
 */
export function notRunning(item: ToolItem): NotRunning | undefined {
  if (item.status !== 'pending') return undefined;
  // The stream's doing first: a call cut off or never finished is one the page could not run.
  if (item.cutOff !== undefined) return 'cut-off';
  if (item.unfinished !== undefined) return 'unfinished';
  return item.pageTool;
}

/** `notRunning` in words, as the panel and `render` say it. */
export function pendingToolText(item: ToolItem): string | undefined {
  const why = notRunning(item);
  return why === undefined ? undefined : NOT_RUNNING_TEXT[why];
}

/** What stands for a tool call's label while the stream has given it no name (nothing else would show but its dot). */
export const UNNAMED_TOOL_TEXT = 'tool call without a name';
/** The answer a skipped question is given. */
export const NO_PREFERENCE = '[No preference]';
