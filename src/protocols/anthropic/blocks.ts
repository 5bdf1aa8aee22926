// Content blocks: start → deltas → stop, turned into view items (table 2.4 of other-protocols.md).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ToolItem } from '../../model/view';
import { ANTHROPIC_RULES as R } from './rules';
import {
  ALLOWED_DELTAS,
  DeltaSchemas,
  KNOWN_BLOCK_TYPES,
  TOOL_INPUT_BLOCKS,
  isDeltaType,
  isPlainDelta,
  type ContentBlockDelta,
  type ContentBlockStart,
} from './schema';
import type { BlockState, FoldState, TurnState } from './state';
import { describeIssues, isRecord, newToolItem, parseJson, rawItem, setToolInput } from '../shared/view-helpers';
import { extendText } from '../../model/text-builder';

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;

export function startBlock(state: FoldState, turn: TurnState, event: ContentBlockStart, frame: Frame, sink: FindingSink): void {
  const { index } = event;
  const block = event.content_block;
  if (turn.openIndex !== null) {
    const open = turn.blocks.get(turn.openIndex);
    if (open && !open.stopped) {
      sink.report(R.blockNotStopped, `block ${open.index} (${open.type}) got no content_block_stop before block ${index} started`, [frame.index, open.startFrame]);
      closeBlock(state, turn, open, frame, sink);
    }
  }
  if (index !== turn.startedCount || turn.blocks.has(index)) {
    sink.report(R.blockIndexOutOfOrder, `content_block_start has index ${index}, expected ${turn.startedCount} (blocks are numbered in start order from 0)`, [frame.index]);
  }
  turn.startedCount++;
  const entry: BlockState = { index, type: block.type, startFrame: frame.index, stopped: false, jsonBuf: '' };
  turn.blocks.set(index, entry);
  turn.openIndex = index;
  if (!KNOWN_BLOCK_TYPES.has(block.type)) {
    sink.report(R.unknownEvent, `unknown content block type "${block.type}": the AI SDK's Anthropic provider rejects it and ends with an error (@anthropic-ai/sdk reads on); shown raw`, [frame.index]);
  }
  entry.item = blockItem(state, turn, block, frame);
  if (entry.item) state.model.items.push(entry.item);
}

/**
 * Blocks a message_start already carries whole (a server-side tool loop's next message repeats its
 * tool call there with its stop_reason): they come first in the message's content, complete.
 */
export function prefilledBlocks(state: FoldState, turn: TurnState, content: readonly unknown[], frame: Frame): void {
  for (const block of content) {
    if (!isRecord(block) || typeof block.type !== 'string') continue;
    const index = turn.startedCount++;
    turn.blocks.set(index, { index, type: block.type, startFrame: frame.index, stopped: true, jsonBuf: '' });
    const item = blockItem(state, turn, block as ContentBlockStart['content_block'], frame, `-${index}`);
    if (item) state.model.items.push(item);
  }
}

function blockItem(state: FoldState, turn: TurnState, block: ContentBlockStart['content_block'], frame: Frame, suffix = '') {
  const id = `t${state.turnCount}-b${frame.index}${suffix}`;
  switch (block.type) {
    case 'text': {
      const brand = !turn.brandGiven;
      turn.brandGiven = true;
      const item = { kind: 'text' as const, id, frames: [frame.index], text: str(block.text), part: false, final: false, brand };
      turn.lastText = item;
      return item;
    }
    case 'thinking':
      return { kind: 'reasoning' as const, id, frames: [frame.index], text: str(block.thinking) };
    case 'redacted_thinking':
      return { kind: 'reasoning' as const, id, frames: [frame.index], text: '(redacted thinking)' };
    case 'compaction':
      // The summary that stands in for the earlier conversation (context management's compaction):
      // @anthropic-ai/sdk accumulates its compaction_delta content, the AI SDK streams it as text.
      return { kind: 'reasoning' as const, id, frames: [frame.index], text: typeof block.content === 'string' ? block.content : '', title: 'Compaction summary' };
    default:
      break;
  }
  if (TOOL_INPUT_BLOCKS.has(block.type)) {
    if (block.type === 'tool_use') turn.sawToolUse = true;
    else turn.sawServerTool = true;
    const toolId = str(block.id);
    const tool = newToolItem(id, toolId, str(block.name), frame.index);
    tool.input = block.input;
    if (toolId) state.tools.set(toolId, tool);
    return tool;
  }
  if (typeof block.tool_use_id === 'string') {
    attachResult(state, block.tool_use_id, block.content, frame, id);
    return undefined;
  }
  return rawItem(frame, id);
}

/** A result block (server tools) completes the matching call; an unmatched one is shown as an orphan. */
function attachResult(state: FoldState, toolUseId: string, content: unknown, frame: Frame, id: string): void {
  const isError = isRecord(content) && typeof content.type === 'string' && content.type.endsWith('_error');
  const tool = state.tools.get(toolUseId);
  if (tool) {
    tool.result = content;
    tool.status = isError ? 'error' : 'success';
    tool.frames.push(frame.index);
    return;
  }
  const orphan: ToolItem = { ...newToolItem(id, toolUseId, 'result', frame.index), result: content, orphanResult: true };
  orphan.status = isError ? 'error' : 'success';
  state.model.items.push(orphan);
}

export function applyDelta(state: FoldState, turn: TurnState, event: ContentBlockDelta, frame: Frame, sink: FindingSink): void {
  const block = turn.blocks.get(event.index);
  const deltaType = event.delta.type;
  if (!block) {
    // MessageStream reads a delta against the message's last block: with none, it fails.
    if (turn.blocks.size === 0) sink.report(R.deltaBeforeBlock, `content_block_delta for block ${event.index} before any content_block_start of the message: @anthropic-ai/sdk 1.15's MessageStream fails on it ("Cannot read properties of undefined (reading 'type')")`, [frame.index]);
    else sink.report(R.blockNotOpen, `content_block_delta for block ${event.index}, which was never started (the SDK drops it)`, [frame.index]);
    return;
  }
  if (block.stopped) {
    sink.report(R.blockNotOpen, `content_block_delta for block ${event.index} after its content_block_stop`, [frame.index, block.startFrame]);
  } else if (turn.openIndex !== event.index) {
    sink.report(R.blockNotOpen, `content_block_delta for block ${event.index} while block ${turn.openIndex} is the open one (blocks must not interleave)`, [frame.index]);
  }
  if (!isDeltaType(deltaType)) {
    sink.report(R.unknownEvent, `unknown delta type "${deltaType}": the AI SDK's Anthropic provider rejects it and ends with an error (@anthropic-ai/sdk ignores it)`, [frame.index]);
    return;
  }
  const allowed = (block.allowed ??= ALLOWED_DELTAS[block.type] ?? []);
  if (!allowed.includes(deltaType)) {
    sink.report(R.deltaTypeMismatch, `${deltaType} cannot target a ${block.type} block (allowed: ${allowed.join(', ') || 'none'}); the SDK ignores it`, [frame.index, block.startFrame]);
    return;
  }
  let d = event.delta as Record<string, unknown>;
  if (!isPlainDelta(deltaType, d)) {
    const parsed = DeltaSchemas[deltaType].safeParse(event.delta);
    if (!parsed.success) {
      sink.report(R.invalidEvent, `${deltaType} is malformed: ${describeIssues(parsed.error.issues)}`, [frame.index]);
      return;
    }
    d = parsed.data as Record<string, unknown>;
  }
  const item = block.item;
  if (item) item.frames.push(frame.index);
  switch (deltaType) {
    case 'text_delta':
      if (item?.kind === 'text') item.text = extendText(item, item.text, str(d.text), DIGESTIBLE);
      break;
    case 'thinking_delta':
      if (block.signatureFrame !== undefined) {
        sink.report(R.signatureNotLast, `thinking_delta after the block's signature_delta; the signature must come right before content_block_stop`, [frame.index, block.signatureFrame]);
      }
      if (item?.kind === 'reasoning') item.text = extendText(item, item.text, str(d.thinking), DIGESTIBLE);
      break;
    case 'signature_delta':
      block.signatureFrame = frame.index;
      break;
    case 'input_json_delta':
      block.jsonBuf += str(d.partial_json);
      if (item?.kind === 'tool') item.inputText = block.jsonBuf;
      // MessageStream appends a delta sent after the block's stop as well, and parses the whole text
      // when the input is read: judged again, as at the stop.
      if (block.stopped && str(d.partial_json) !== '') judgeToolJson(state, turn, block, frame, sink, 'after its content_block_stop');
      break;
    case 'compaction_delta':
      if (item?.kind === 'reasoning' && typeof d.content === 'string') item.text = extendText(item, item.text, d.content, DIGESTIBLE);
      break;
    default:
      break;
  }
}

export function stopBlock(state: FoldState, turn: TurnState, index: number, frame: Frame, sink: FindingSink): void {
  const block = turn.blocks.get(index);
  if (!block) {
    sink.report(R.blockNotOpen, `content_block_stop for block ${index}, which was never started`, [frame.index]);
    return;
  }
  if (block.stopped) {
    sink.report(R.blockNotOpen, `second content_block_stop for block ${index}`, [frame.index, block.startFrame]);
    return;
  }
  if (turn.openIndex !== index) {
    sink.report(R.blockNotOpen, `content_block_stop for block ${index} while block ${turn.openIndex} is the open one`, [frame.index]);
  }
  block.item?.frames.push(frame.index);
  closeBlock(state, turn, block, frame, sink);
}

/** Freezes a block; tool input is parsed from the streamed JSON (an empty buffer means the start's input). */
export function closeBlock(state: FoldState, turn: TurnState, block: BlockState, frame: Frame, sink: FindingSink): void {
  block.stopped = true;
  if (turn.openIndex === block.index) turn.openIndex = null;
  const item = block.item;
  if (item?.kind !== 'tool' || !TOOL_INPUT_BLOCKS.has(block.type)) return;
  if (block.jsonBuf.length === 0) {
    setInput(state, item, item.input ?? {});
    return;
  }
  judgeToolJson(state, turn, block, frame, sink, 'at its end');
}

/** The tool input parsed from the block's JSON text, or the finding that it is not JSON (`when`: at the end, or after it). */
function judgeToolJson(state: FoldState, turn: TurnState, block: BlockState, frame: Frame, sink: FindingSink, when: string): void {
  const item = block.item;
  if (item?.kind !== 'tool') return;
  const parsed = parseJson(block.jsonBuf);
  if (parsed.ok) {
    setInput(state, item, parsed.value);
    return;
  }
  const rule = turn.eagerInput ? R.partialToolJsonExpected : R.invalidToolJson;
  sink.report(rule, `input of ${block.type} "${item.name}" (block ${block.index}) is not valid JSON ${when}: ${parsed.reason}`, [frame.index, block.startFrame]);
}

function setInput(state: FoldState, tool: ToolItem, input: unknown): void {
  const todos = setToolInput(tool, input);
  if (todos && tool.parentToolId === undefined) state.model.todos = todos;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
