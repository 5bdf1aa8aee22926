// LangGraph Platform run streams (`POST /threads/{id}/runs/stream`, `/runs/stream`, the join
// `GET …/runs/{id}/stream`) and thread state reads, as `@langchain/langgraph-sdk`'s Client and
// useStream read them.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame, sessionKey } from './detect';
import { createLangGraphFold } from './fold';
import { langgraphRules } from './rules';
import { describeLangGraphFrame } from './describe';
import { langgraphPromptOf } from './prompt';
import { langgraphHistoryLiveRules } from '../../analysis/history-live/rules';

export const langgraphProtocol: ProtocolDefinition = {
  id: 'langgraph',
  title: 'LangGraph Platform',
  rules: [...langgraphRules, ...langgraphHistoryLiveRules],
  detectFrame,
  detectConnection,
  sessionKey: (connection) => sessionKey(connection),
  createFold: createLangGraphFold,
  describeFrame: describeLangGraphFrame,
  promptOf: langgraphPromptOf,
};
