// What the content blocks and the message and group markers of a stream do to the fold state and the
// view, and the findings they raise there. applyStreamEvent (stream-events.ts) calls these once it has
// told the event's kind and checked its shape, so they trust their arguments.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ReasoningItem, TextItem } from '../../model/view';
import type { ContentBlock } from './schema';
import { OpenBlock, type FlatState } from './state';
import { extendText } from '../../model/text-builder';
import { isBlank } from '../../model/blank';

type BlockOf<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>;

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;

export function groupStart(state: FlatState, summary: string | null | undefined, at: number, sink: FindingSink): void {
  if (state.group) {
    sink.report('flat/group-start-while-open', `group_start while the group opened at frame ${state.group.frame + 1} never ended`, [at, state.group.frame]);
  }
  state.openGroup(at);
  state.view.groupStart(summary ?? '', at);
}

export function groupEnd(state: FlatState, summary: string | null | undefined, at: number, sink: FindingSink): void {
  if (!summary || isBlank(summary)) {
    sink.report('flat/group-end-missing-summary', 'group_end has no summary; the collapsed group header shows it', [at]);
  }
  if (!state.group) {
    sink.report('flat/group-end-without-start', 'group_end while no group is open', [at]);
  } else {
    state.tools.groupEnded(state.group.id, at, sink);
    state.group = null;
  }
  state.view.groupEnd(summary ?? undefined, at);
}

export function messageStart(state: FlatState, message: { message_type?: string } | null | undefined): void {
  state.afterStop = false;
  // message_start begins a turn of the agent, whose first text shows the brand, unless the producer
  // marks the message as a later "step" of the turn.
  state.brandPending = message?.message_type !== 'step';
  state.view.setStreaming(true);
}

/** A block start; `type` is the block's type, read once by the caller. */
export function blockStart(state: FlatState, index: number, b: ContentBlock, type: ContentBlock['type'], frame: Frame, sink: FindingSink): void {
  const at = frame.index;
  const openBlocks = state.openBlocks;
  if (openBlocks.size > 0) {
    const already = openBlocks.get(index);
    if (already !== undefined) {
      sink.report('flat/block-duplicate-start', `content_block_start for index ${index}, which is still open since frame ${already.frame + 1}`, [at]);
    }
  }
  const open = new OpenBlock(index, type, at);
  switch (type) {
    case 'text': {
      const block = b as BlockOf<'text'>;
      const item: TextItem = { kind: 'text', id: state.view.id('text'), frames: [at], text: block.text ?? '', part: block.is_part === true, final: block.is_final === true, brand: state.takeBrand() };
      state.view.text(item);
      open.text = item;
      break;
    }
    case 'thinking': {
      const block = b as BlockOf<'thinking'>;
      const item: ReasoningItem = { kind: 'reasoning', id: state.view.id('reasoning'), frames: [at], text: block.thinking ?? '' };
      state.view.place(item);
      open.reasoning = item;
      break;
    }
    case 'tool_use': {
      const block = b as BlockOf<'tool_use'>;
      const tool = { id: block.id, name: block.name, input: block.input, hasInput: true, contentMessage: block.tool_content_message, parentId: block.parent_tool_use_id };
      const group = state.group?.id ?? null;
      open.toolName = block.name;
      open.todo = state.tools.use(tool, { frame: at, stream: true, group }, sink);
      break;
    }
    case 'tool_result': {
      const block = b as BlockOf<'tool_result'>;
      const group = state.group?.id ?? null;
      state.tools.result({ toolUseId: block.tool_use_id, status: block.status, content: block.content }, { frame: at, stream: true, group }, sink);
      break;
    }
    case 'approval_request': {
      const key = (b as BlockOf<'approval_request'>).approval_key;
      state.approvals.open(key, at, frame.time);
      open.approvalKey = key;
      break;
    }
    case 'approval_result': {
      const block = b as BlockOf<'approval_result'>;
      state.approvals.settle(block.approval_key, at, 'result', answersOf(block));
      break;
    }
    case 'approval_timeout':
      state.approvals.settle((b as BlockOf<'approval_timeout'>).approval_key, at, 'timeout');
      break;
  }
  openBlocks.set(open);
}

export function blockStop(state: FlatState, index: number, at: number, sink: FindingSink): void {
  const open = state.openBlocks.get(index);
  if (open === undefined) {
    sink.report('flat/block-stop-without-start', `content_block_stop for index ${index}, which has no open block`, [at]);
    return;
  }
  if (open.approvalKey !== undefined) state.approvals.close(open.approvalKey);
  state.openBlocks.delete(index);
}

export function blockDelta(state: FlatState, index: number, delta: Record<string, unknown>, at: number, sink: FindingSink): void {
  const open = state.openBlocks.get(index);
  if (open === undefined) {
    sink.report('flat/block-delta-without-start', `content_block_delta for index ${index}, which has no open block`, [at]);
    return;
  }
  const text = open.text;
  if (text !== undefined) {
    const more = delta.text;
    if (typeof more === 'string') text.text = extendText(text, text.text, more, DIGESTIBLE);
    text.frames.push(at);
    return;
  }
  const reasoning = open.reasoning;
  if (reasoning !== undefined) {
    const more = delta.thinking;
    if (typeof more === 'string') reasoning.text = extendText(reasoning, reasoning.text, more, DIGESTIBLE);
    reasoning.frames.push(at);
  } else if (open.todo) {
    sink.report('flat/todos-delta', `content_block_delta for todo tool "${open.toolName}"; its whole input belongs in content_block_start`, [at, open.frame]);
  } else if (open.approvalKey !== undefined) {
    state.approvals.describe(open.approvalKey, delta, at, state.group !== null, sink);
  }
}

export function messageStop(state: FlatState, at: number, sink: FindingSink): void {
  if (state.openBlocks.size > 0) {
    for (const open of state.openBlocks.all()) {
      sink.report('flat/block-not-stopped', `block ${open.index} (${open.type}) opened at frame ${open.frame + 1} was never stopped before message_stop`, [open.frame, at]);
    }
    state.openBlocks.clear();
  }
  if (state.group) {
    sink.report('flat/group-not-ended', `the group opened at frame ${state.group.frame + 1} has no group_end before message_stop`, [state.group.frame, at]);
    state.group = null;
  }
  state.tools.allEnded(at, sink, 'when the message stopped');
  state.approvals.messageStop(at, sink);
  state.afterStop = true;
  state.view.setStreaming(false);
}

function answersOf(block: Record<string, unknown>): Record<string, string> | undefined {
  const a = block.answers ?? block.submittedAnswers;
  if (!a || typeof a !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) if (typeof v === 'string') out[k] = v;
  return out;
}
