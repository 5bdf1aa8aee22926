// The Gemini Interactions API stream (`POST /v1beta/interactions`, `stream: true`; `event_type`
// interaction.* and step.*), as `@google/genai`'s `client.interactions.create` reads it.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createInteractionsFold } from './fold';
import { interactionsRules } from './rules';
import { describeInteractionsFrame } from './describe';
import { interactionsPromptOf } from './prompt';
import { interactionsLoopRules } from '../../analysis/tool-loop/rules';

export const geminiInteractionsProtocol: ProtocolDefinition = {
  id: 'gemini-interactions',
  title: 'Gemini Interactions',
  // The tool loop rules check across requests (src/analysis/tool-loop/); listed here with the stream's own.
  rules: [...interactionsRules, ...interactionsLoopRules],
  detectFrame,
  detectConnection,
  createFold: createInteractionsFold,
  describeFrame: describeInteractionsFrame,
  promptOf: interactionsPromptOf,
};
