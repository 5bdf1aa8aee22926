// AG-UI (ag-ui-protocol): agent events over SSE (`data: {json}` records) or WebSocket (one event per frame).
import type { ProtocolDefinition } from '../types';
import { aguiRules } from './rules';
import { aguiHistoryLiveRules } from '../../analysis/history-live/rules';
import { agUiLoopRules } from '../../analysis/tool-loop/rules';
import { aguiSessionKey, detectAguiConnection, detectAguiFrame } from './detect';
import { createAguiFold } from './fold';
import { describeAgUiFrame } from './describe';
import { agUiPromptOf } from './prompt';

export const agUiProtocol: ProtocolDefinition = {
  id: 'ag-ui',
  title: 'AG-UI',
  rules: [...aguiRules, ...agUiLoopRules, ...aguiHistoryLiveRules],
  detectConnection: detectAguiConnection,
  detectFrame: detectAguiFrame,
  sessionKey: aguiSessionKey,
  createFold: createAguiFold,
  describeFrame: describeAgUiFrame,
  promptOf: agUiPromptOf,
};
