// Anthropic Messages API streaming (SSE): `message_start` … `message_stop`.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createAnthropicFold } from './fold';
import { anthropicRules } from './rules';
import { anthropicLoopRules } from '../../analysis/tool-loop/rules';
import { describeAnthropicFrame } from './describe';
import { anthropicPromptOf } from './prompt';

export const anthropicProtocol: ProtocolDefinition = {
  id: 'anthropic',
  title: 'Anthropic Messages',
  rules: [...anthropicRules, ...anthropicLoopRules],
  detectFrame,
  detectConnection,
  createFold: createAnthropicFold,
  describeFrame: describeAnthropicFrame,
  promptOf: anthropicPromptOf,
};
