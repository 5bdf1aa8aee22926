// Cohere content blocks as both clients read them: a delta shows by its field, whatever its block, and
// the AI SDK's provider ends a block by its one flag; ai 7's readUIMessageStream fails where that parts
// from the blocks the stream opened.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ReasoningItem, TextItem } from '../../model/view';
import { extendText } from '../../model/text-builder';
import { COHERE_RULES as R } from './rules';
import type { CohereEvent } from './schema';
import { DIGESTIBLE, itemId, type Block, type BlockKind, type State, type Turn } from './turn-state';

/** A new text or thinking item, placed now; `frames` empty for one a delta opens (the delta adds its frame). */
export function blockItem(state: State, turn: Turn, kind: BlockKind, frame: Frame, frames = [frame.index]): TextItem | ReasoningItem {
  const item: TextItem | ReasoningItem =
    kind === 'reasoning'
      ? { kind: 'reasoning', id: itemId(turn, 'thinking', frame), frames, text: '' }
      : { kind: 'text', id: itemId(turn, 'text', frame), frames, text: '', part: false, final: false, brand: !turn.brandGiven };
  if (kind === 'text') turn.brandGiven = true;
  state.model.items.push(item);
  return item;
}

const fieldOf = (kind: BlockKind): string => (kind === 'reasoning' ? 'thinking' : 'text');

/**
 * A content-delta, shown by its field as both clients show it: cohere-ai's consumer reads `text` as text
 * and `thinking` as thinking, and the AI SDK's provider reads a delta with a `thinking` field as thinking
 * and any other as text (dist/index.js ~557), whatever the block's kind and whether a content-start
 * opened it. ai 7's readUIMessageStream throws on a delta for a part that is not open (dist/index.js
 * ~7211, ~7260): a delta with no content-start, or whose field is not its block's, is an error.
 */
export function applyContentDelta(state: State, turn: Turn, e: CohereEvent<'content-delta'>, frame: Frame, sink: FindingSink): void {
  const content = e.delta.message.content;
  const text = content.text ?? '';
  const thinking = content.thinking ?? '';
  const readable = typeof content.text === 'string' || typeof content.thinking === 'string';
  // What the AI SDK's provider makes of it (an event without either field it rejects: cohere/invalid-event).
  const aiKind: BlockKind | undefined = !readable ? undefined : 'thinking' in content ? 'reasoning' : 'text';
  let block = turn.blocks.get(e.index);
  if (!block) {
    const kind = aiKind ?? 'text';
    const part = kind === 'reasoning' ? 'reasoning' : 'text';
    sink.report(
      R.contentNotStarted,
      `content-delta for index ${e.index}, which no content-start opened${readable ? `: cohere-ai and the AI SDK's Cohere provider show its ${fieldOf(kind)} (so does the view), and ai 7's readUIMessageStream throws ("Received ${part}-delta for missing ${part} part")` : ''}`,
      [frame.index],
    );
    if (!readable) return;
    block = { item: blockItem(state, turn, kind, frame, []), startFrame: frame.index, implicit: true, mismatchReported: false };
    turn.blocks.set(e.index, block);
  }
  const kind = block.item.kind;
  const own = kind === 'reasoning' ? thinking : text;
  const foreign = kind === 'reasoning' ? text : thinking;
  if (own) block.item.text = extendText(block.item, block.item.text, own, DIGESTIBLE);
  if (own || !foreign) block.item.frames.push(frame.index);
  if (foreign) {
    block.other ??= blockItem(state, turn, kind === 'reasoning' ? 'text' : 'reasoning', frame, []);
    block.other.text = extendText(block.other, block.other.text, foreign, DIGESTIBLE);
    block.other.frames.push(frame.index);
  }
  if (block.mismatchReported || aiKind === undefined || (aiKind === kind && !foreign)) return;
  block.mismatchReported = true;
  const where = `${fieldOf(kind)} block ${e.index}`;
  const message =
    aiKind !== kind
      ? `content-delta with ${fieldOf(aiKind)} in ${where}: cohere-ai and the AI SDK's Cohere provider show it by its field, as ${fieldOf(aiKind)} (so does the view), and ai 7's readUIMessageStream throws ("Received ${aiKind}-delta for missing ${aiKind} part")`
      : `content-delta with both text and thinking in ${where}: cohere-ai shows both (so does the view), the AI SDK's Cohere provider only the thinking, and its text is lost`;
  sink.report(R.deltaTypeMismatch, message, [frame.index, block.startFrame]);
}

/**
 * The AI SDK's provider ends a block by its one flag, not by the block's kind: where blocks overlap (a
 * text block ended inside a thinking block, or two thinking blocks), it ends one as the wrong kind, and
 * ai 7's readUIMessageStream throws on the end of a part that is not open. Blocks a delta opened are
 * reported already (content-not-started).
 */
export function endAsAiSdk(turn: Turn, index: number, block: Block, frame: Frame, sink: FindingSink): void {
  const endsAs = turn.aiSdkReasoning ? 'reasoning' : 'text';
  turn.aiSdkReasoning = false;
  if (block.implicit || turn.overlapReported) return;
  const kind = block.item.kind === 'reasoning' ? 'reasoning' : 'text';
  if (kind === endsAs) return;
  turn.overlapReported = true;
  sink.report(
    R.overlappingBlocks,
    `content-end for index ${index}, a ${kind === 'reasoning' ? 'thinking' : 'text'} block, while ${endsAs === 'reasoning' ? 'a thinking block is still open' : 'no thinking block is open to the AI SDK'}: the AI SDK's Cohere provider keeps one "reasoning active" flag and ends it as a ${endsAs} part, and ai 7's readUIMessageStream throws ("Received ${endsAs}-end for missing ${endsAs} part"); cohere-ai shows both blocks, and so does the view`,
    [frame.index, block.startFrame],
  );
}
