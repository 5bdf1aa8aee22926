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

/** The server tools whose call input the AI SDK's Anthropic provider starts with the block start's input. */
const STARTED_SERVER_INPUT: ReadonlySet<string> = new Set(['web_fetch', 'web_search', 'code_execution', 'text_editor_code_execution', 'bash_code_execution']);

export function startBlock(state: FoldState, turn: TurnState, event: ContentBlockStart, frame: Frame, sink: FindingSink): void {
  const { index } = event;
  const block = event.content_block;
  if (turn.openIndex !== null) {
    const open = turn.blocks.get(turn.openIndex);
    if (open && !open.stopped) {
      const tool = open.item?.kind === 'tool' ? '; the AI SDK emits its call only at its own content_block_stop' : '';
      sink.report(R.blockNotStopped, `block ${open.index} (${open.type}) got no content_block_stop before block ${index} started${tool}`, [frame.index, open.startFrame]);
      // Not closed here: both clients keep the block: MessageStream still reads its deltas, and the AI
      // SDK emits a tool call at the block's own content_block_stop (never, if none comes). It closes
      // at that stop or at the message's end (fold.ts), and its tool JSON is judged there.
      open.notStoppedReported = true;
    }
  }
  // A second start under an open block's index: the AI SDK files the new block in its place, so the
  // old one never gets its stop (nor, for a tool, its call); it ends here.
  const replaced = turn.blocks.get(index);
  if (replaced && !replaced.stopped) closeUnstopped(state, turn, replaced, frame, sink, `block ${index} started again`);
  if (index !== turn.startedCount || turn.blocks.has(index)) {
    sink.report(R.blockIndexOutOfOrder, `content_block_start has index ${index}, expected ${turn.startedCount} (blocks are numbered in start order from 0)`, [frame.index]);
    turn.indexesDiverge = true;
  }
  turn.startedCount++;
  const entry: BlockState = { index, type: block.type, startFrame: frame.index, stopped: false, jsonBuf: '' };
  turn.blocks.set(index, entry);
  turn.openIndex = index;
  if (!KNOWN_BLOCK_TYPES.has(block.type)) {
    sink.report(R.unknownEvent, `unknown content block type "${block.type}": the AI SDK's Anthropic provider rejects it and ends with an error (@anthropic-ai/sdk reads on); shown raw`, [frame.index]);
  }
  // The AI SDK's Anthropic provider starts a call's input with the start's own (a server tool's only for those it names).
  const appendsToStart = block.type === 'tool_use' || (block.type === 'server_tool_use' && STARTED_SERVER_INPUT.has(str(block.name)));
  if (appendsToStart && isRecord(block.input) && Object.keys(block.input).length > 0) entry.startInput = true;
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
    if (turn.blocks.size === 0) sink.report(R.deltaBeforeBlock, `content_block_delta for block ${event.index} before any content_block_start of the message: @anthropic-ai/sdk 1.16's MessageStream fails on it ("Cannot read properties of undefined (reading 'type')")`, [frame.index]);
    else if (!reportStray(turn, event, 'which has not been started', frame, sink)) sink.report(R.blockNotOpen, `content_block_delta for block ${event.index}, which was never started (the SDK drops it)`, [frame.index]);
    return;
  }
  if (block.stopped) {
    if (!reportAfterStop(turn, event, block, frame, sink)) sink.report(R.blockNotOpen, `content_block_delta for block ${event.index} after its content_block_stop`, [frame.index, block.startFrame]);
  } else if (turn.openIndex !== event.index) {
    sink.report(R.blockNotOpen, `content_block_delta for block ${event.index} while block ${turn.openIndex} is the open one (blocks must not interleave)`, [frame.index]);
  }
  if (!isDeltaType(deltaType)) {
    sink.report(R.unknownEvent, `unknown delta type "${deltaType}": the AI SDK's Anthropic provider rejects it and ends with an error (@anthropic-ai/sdk ignores it)`, [frame.index]);
    return;
  }
  const allowed = (block.allowed ??= ALLOWED_DELTAS[block.type] ?? []);
  if (!allowed.includes(deltaType)) {
    if (reportStray(turn, event, `a ${block.type} block`, frame, sink)) return;
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
      if (block.startInput && str(d.partial_json) !== '') {
        // Said once a block: the provider appends the streamed JSON to the start's (stringified), so the
        // call's input is two JSON values and no longer parses; MessageStream keeps the streamed JSON alone.
        block.startInput = false;
        sink.report(R.toolInputTwice, `input_json_delta for ${block.type} block ${block.index}, whose content_block_start already carries its input: the AI SDK's Anthropic provider appends the streamed JSON to that input, and its call's input no longer parses (@anthropic-ai/sdk keeps the streamed JSON alone, as shown)`, [frame.index, block.startFrame]);
      }
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

/**
 * The AI SDK's Anthropic provider streams every text_delta and compaction_delta as text and every
 * thinking_delta as reasoning, whatever block its index names (a part it never started, which `ai`'s UI
 * stream then rejects); @anthropic-ai/sdk adds one only to a block of its own type. Where the delta
 * carries content and names no such block, the two clients show different content: an error, and the
 * view shows what @anthropic-ai/sdk shows (nothing). False when the delta is not such a one.
 */
function reportStray(turn: TurnState, event: ContentBlockDelta, target: string, frame: Frame, sink: FindingSink): boolean {
  // MessageStream finds a delta's block by start order: once that is not the index, it may well add it
  // (anthropic/block-index-out-of-order says the readers differ).
  if (turn.indexesDiverge) return false;
  const content = streamedContent(event);
  if (content === undefined) return false;
  const d = event.delta as { type: string };
  const shown = d.type === 'thinking_delta' ? 'reasoning' : 'text';
  sink.report(R.strayContentDelta, `${d.type} for block ${event.index}, ${target}: @anthropic-ai/sdk drops it, the AI SDK's Anthropic provider still streams it as ${shown} (${JSON.stringify(content.slice(0, 40))})`, [frame.index]);
  return true;
}

/**
 * A text, thinking or compaction delta with content after its own block's content_block_stop:
 * @anthropic-ai/sdk appends it to the block (as the view shows), while the AI SDK's Anthropic provider
 * streams it for a part it already ended, and ai's UI message stream rejects it ("Received text-delta
 * for missing text part"): a page on streamText shows nothing after it. Measured in
 * test/unit/anthropic-aisdk-agreement.test.ts. False when
 * the delta is not such a one (a delta of another type, an empty one, or indexes that diverged).
 */
function reportAfterStop(turn: TurnState, event: ContentBlockDelta, block: BlockState, frame: Frame, sink: FindingSink): boolean {
  if (turn.indexesDiverge) return false;
  const content = streamedContent(event);
  const type = (event.delta as { type: string }).type;
  if (content === undefined || !isDeltaType(type) || !(block.allowed ??= ALLOWED_DELTAS[block.type] ?? []).includes(type)) return false;
  sink.report(R.contentAfterStop, `${type} for block ${event.index} after its content_block_stop: @anthropic-ai/sdk appends it (shown here); the AI SDK's Anthropic provider streams it for a part it already ended, and ai's UI message stream rejects it, so a page on streamText shows nothing after it (${JSON.stringify(content.slice(0, 40))})`, [frame.index, block.startFrame]);
  return true;
}

/** The content of a delta the AI SDK's Anthropic provider streams as text or reasoning; undefined when it has none. */
function streamedContent(event: ContentBlockDelta): string | undefined {
  const d = event.delta as Record<string, unknown>;
  const content = d.type === 'text_delta' ? d.text : d.type === 'thinking_delta' ? d.thinking : d.type === 'compaction_delta' ? d.content : undefined;
  return typeof content === 'string' && content !== '' ? content : undefined;
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
  // A block the next one's start already reported stops late: that is said once.
  if (turn.openIndex !== index && !block.notStoppedReported) {
    sink.report(R.blockNotOpen, `content_block_stop for block ${index} while block ${turn.openIndex} is the open one`, [frame.index]);
  }
  block.item?.frames.push(frame.index);
  closeBlock(state, turn, block, frame, sink);
}

/**
 * A block that got no content_block_stop, closed when the message ends or a block replaces it (its tool
 * JSON is checked too). A tool call among them never got its stop: the AI SDK emits a call at
 * content_block_stop and nowhere else, so it never runs that tool, and the call reads "its arguments
 * never finished", not running. Said once a block (the next block's start may have said it).
 */
export function closeUnstopped(state: FoldState, turn: TurnState, block: BlockState, frame: Frame, sink: FindingSink, what: string): void {
  if (!block.notStoppedReported) sink.report(R.blockNotStopped, `block ${block.index} (${block.type}) got no content_block_stop before ${what}${block.item?.kind === 'tool' ? '; the AI SDK never emits its call' : ''}`, [frame.index, block.startFrame]);
  if (block.item?.kind === 'tool' && block.item.status === 'pending') block.item.unfinished = frame.index;
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
