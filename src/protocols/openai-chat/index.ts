// OpenAI Chat Completions streaming: `chat.completion.chunk` payloads ending with `data: [DONE]`.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createOpenAIChatFold } from './fold';
import { openaiChatRules } from './rules';
import { describeOpenAIChatFrame } from './describe';
import { openaiChatPromptOf } from './prompt';
import { openaiChatLoopRules } from '../../analysis/tool-loop/rules';

export const openaiChatProtocol: ProtocolDefinition = {
  id: 'openai-chat',
  title: 'OpenAI Chat Completions',
  // The tool-loop rules check across requests (src/analysis/tool-loop/); listed here with the stream's own.
  rules: [...openaiChatRules, ...openaiChatLoopRules],
  detectFrame,
  detectConnection,
  createFold: createOpenAIChatFold,
  describeFrame: describeOpenAIChatFrame,
  promptOf: openaiChatPromptOf,
};
