// Every protocol the inspector knows, in detection order (ties go to the earlier entry).
// A new protocol is one folder under src/protocols/ plus one line here.
import type { ProtocolDefinition } from './types';
import { flatBlockProtocol } from './flat-block';
import { agUiProtocol } from './ag-ui';
import { anthropicProtocol } from './anthropic';
import { openaiChatProtocol } from './openai-chat';
import { openaiResponsesProtocol } from './openai-responses';
import { aisdkUiProtocol } from './aisdk-ui';
import { aisdkDataProtocol } from './aisdk-data';
import { geminiProtocol } from './gemini';
import { cohereProtocol } from './cohere';
import { geminiInteractionsProtocol } from './gemini-interactions';
import { mcpProtocol } from './mcp';
import { langgraphProtocol } from './langgraph';
import { a2aProtocol } from './a2a';

export const protocols: readonly ProtocolDefinition[] = [
  flatBlockProtocol,
  agUiProtocol,
  anthropicProtocol,
  openaiChatProtocol,
  openaiResponsesProtocol,
  aisdkUiProtocol,
  aisdkDataProtocol,
  geminiProtocol,
  cohereProtocol,
  geminiInteractionsProtocol,
  mcpProtocol,
  langgraphProtocol,
  a2aProtocol,
];
