// The Vercel AI SDK UI message stream (ai ≥ 5): SSE records of JSON chunks ending with `[DONE]`.
import type { ProtocolDefinition } from '../types';
import { detectUiConnection, detectUiFrame } from './detect';
import { createAisdkUiFold } from './fold';
import { aisdkUiRules } from './rules';
import { aisdkUiLoopRules } from '../../analysis/tool-loop/rules';
import { uiSessionKey } from './session';
import { describeAiSdkUiFrame } from './describe';
import { aisdkUiPromptOf } from './prompt';

export const aisdkUiProtocol: ProtocolDefinition = {
  id: 'aisdk-ui',
  title: 'Vercel AI SDK UI message stream',
  rules: [...aisdkUiRules, ...aisdkUiLoopRules],
  detectConnection: detectUiConnection,
  detectFrame: detectUiFrame,
  sessionKey: uiSessionKey,
  createFold: createAisdkUiFold,
  describeFrame: describeAiSdkUiFrame,
  promptOf: aisdkUiPromptOf,
};
