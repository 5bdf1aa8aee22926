// The Gemini Interactions API stream (`POST /v1beta/interactions`, `stream: true`; `event_type`
// interaction.* and step.*), as `@google/genai`'s `client.interactions.create` reads it.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createInteractionsFold } from './fold';
import { interactionsRules } from './rules';
import { describeInteractionsFrame } from './describe';
import { interactionsPromptOf } from './prompt';

export const geminiInteractionsProtocol: ProtocolDefinition = {
  id: 'gemini-interactions',
  title: 'Gemini Interactions',
  rules: interactionsRules,
  detectFrame,
  detectConnection,
  createFold: createInteractionsFold,
  describeFrame: describeInteractionsFrame,
  promptOf: interactionsPromptOf,
};
