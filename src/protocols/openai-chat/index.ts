// OpenAI Chat Completions streaming: `chat.completion.chunk` payloads ending with `data: [DONE]`.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createOpenAIChatFold } from './fold';
import { openaiChatRules } from './rules';
import { describeOpenAIChatFrame } from './describe';
import { openaiChatPromptOf } from './prompt';

export const openaiChatProtocol: ProtocolDefinition = {
  id: 'openai-chat',
  title: 'OpenAI Chat Completions',
  rules: openaiChatRules,
  detectFrame,
  detectConnection,
  createFold: createOpenAIChatFold,
  describeFrame: describeOpenAIChatFrame,
  promptOf: openaiChatPromptOf,
};
