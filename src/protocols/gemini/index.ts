// Google Gemini `streamGenerateContent` (`alt=sse` data records, or an `alt=json` array) as
// `@google/genai` and `@google/generative-ai` read it.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createGeminiFold } from './fold';
import { geminiRules } from './rules';
import { describeGeminiFrame } from './describe';
import { geminiPromptOf } from './prompt';
import { geminiLoopRules } from '../../analysis/tool-loop/rules';

export const geminiProtocol: ProtocolDefinition = {
  id: 'gemini',
  title: 'Google Gemini',
  // The function-call loop rules check across requests (src/analysis/tool-loop/); listed here with the stream's own.
  rules: [...geminiRules, ...geminiLoopRules],
  detectFrame,
  detectConnection,
  createFold: createGeminiFold,
  describeFrame: describeGeminiFrame,
  promptOf: geminiPromptOf,
};
