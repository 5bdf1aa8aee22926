// Reading a LangChain message's `content`: a string, or content blocks (`text`, and the reasoning
// blocks providers send: Anthropic's `thinking`, OpenAI's `reasoning` with a summary). Lenient: odd
// blocks are skipped, never thrown on; no walk goes deeper than a block's own fields.
import { isRecord } from '../shared/view-helpers';

export interface ContentTexts {
  text: string;
  reasoning: string;
}

export function contentTexts(content: unknown): ContentTexts {
  if (typeof content === 'string') return { text: content, reasoning: '' };
  let text = '';
  let reasoning = '';
  if (!Array.isArray(content)) return { text, reasoning };
  for (const block of content) {
    if (typeof block === 'string') {
      text += block;
      continue;
    }
    if (!isRecord(block)) continue;
    if ((block.type === 'text' || block.type === undefined) && typeof block.text === 'string') text += block.text;
    else if (block.type === 'thinking' && typeof block.thinking === 'string') reasoning += block.thinking;
    else if (block.type === 'reasoning') {
      if (typeof block.reasoning === 'string') reasoning += block.reasoning;
      else if (Array.isArray(block.summary)) for (const s of block.summary) if (isRecord(s) && typeof s.text === 'string') reasoning += s.text;
    }
  }
  return { text, reasoning };
}

/** A message `type` as the SDK normalises it: chunk class names (`AIMessageChunk`) to `ai`, `human`, `tool`. */
export function messageKind(type: string): string {
  if (type.endsWith('MessageChunk')) type = type.slice(0, -12).toLowerCase();
  if (type === 'user') return 'human';
  if (type === 'assistant') return 'ai';
  return type;
}
