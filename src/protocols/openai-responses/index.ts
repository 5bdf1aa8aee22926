// OpenAI Responses API streaming: `response.*` events over SSE or the WebSocket mode.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createOpenAIResponsesFold } from './fold';
import { openaiResponsesRules } from './rules';
import { openaiResponsesLoopRules } from '../../analysis/tool-loop/rules';
import { describeOpenAIResponsesFrame } from './describe';
import { openaiResponsesPromptOf } from './prompt';

export const openaiResponsesProtocol: ProtocolDefinition = {
  id: 'openai-responses',
  title: 'OpenAI Responses',
  rules: [...openaiResponsesRules, ...openaiResponsesLoopRules],
  detectFrame,
  detectConnection,
  createFold: createOpenAIResponsesFold,
  describeFrame: describeOpenAIResponsesFrame,
  promptOf: openaiResponsesPromptOf,
};
