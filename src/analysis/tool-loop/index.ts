// Cross-request checks: findings about the conversation a session's request belongs to, reported on
// the session of the request they point at, so `check` lists them with that session's own findings.
import type { Finding } from '../../model/finding';
import { conversations, type ConversationProtocol } from '../conversations';
import type { Session } from '../sessions';
import { agUiLoop } from './ag-ui';
import { aisdkUiLoop } from './aisdk-ui';
import { anthropicLoop } from './anthropic';
import { cohereLoop } from './cohere';
import { geminiLoop } from './gemini';
import { interactionsLoop } from './gemini-interactions';
import { checkLoop, type LoopOptions, type LoopProtocol } from './loop';
import { openaiChatLoop } from './openai-chat';
import { openaiResponsesLoop } from './openai-responses';
import { agUiLoopRules, aisdkUiLoopRules, anthropicLoopRules, cohereLoopRules, geminiLoopRules, interactionsLoopRules, openaiChatLoopRules, openaiResponsesLoopRules } from './rules';

/** Each joined protocol's tool loop: what asks the page for tools, what a follow-up must carry. */
export const TOOL_LOOPS: Readonly<Record<ConversationProtocol, LoopProtocol>> = {
  'openai-chat': openaiChatLoop,
  anthropic: anthropicLoop,
  'openai-responses': openaiResponsesLoop,
  'aisdk-ui': aisdkUiLoop,
  'ag-ui': agUiLoop,
  gemini: geminiLoop,
  cohere: cohereLoop,
  'gemini-interactions': interactionsLoop,
};

const SEVERITY = new Map([...openaiChatLoopRules, ...anthropicLoopRules, ...openaiResponsesLoopRules, ...aisdkUiLoopRules, ...agUiLoopRules, ...geminiLoopRules, ...cohereLoopRules, ...interactionsLoopRules].map((r) => [r.id, r.severity]));

/** Tool-loop findings by the session they are reported on; sessions without any are absent. */
export function toolLoopFindings(sessions: readonly Session[], options: LoopOptions = {}): Map<Session, Finding[]> {
  const out = new Map<Session, Finding[]>();
  for (const conversation of conversations(sessions)) {
    const loop = TOOL_LOOPS[conversation.protocol];
    checkLoop(
      conversation,
      loop,
      (request, rule, message, frames, path) => {
        const finding: Finding = { rule, severity: SEVERITY.get(rule) ?? 'error', message, frames, at: frames.reduce((a, b) => Math.max(a, b), 0) };
        if (path !== undefined) finding.path = path;
        let list = out.get(request.session);
        if (!list) out.set(request.session, (list = []));
        list.push(finding);
      },
      options,
    );
  }
  return out;
}

export type { LoopOptions } from './loop';
