// Cohere v2 chat streaming (`POST /v2/chat`, `stream: true`), as `cohere-ai` and the AI SDK's Cohere
// provider read it.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createCohereFold } from './fold';
import { cohereRules } from './rules';
import { describeCohereFrame } from './describe';
import { promptFromField } from '../shared/request-prompt';
import { cohereLoopRules } from '../../analysis/tool-loop/rules';

export const cohereProtocol: ProtocolDefinition = {
  id: 'cohere',
  title: 'Cohere Chat v2',
  // The tool loop rules check across requests (src/analysis/tool-loop/); listed here with the stream's own.
  rules: [...cohereRules, ...cohereLoopRules],
  detectFrame,
  detectConnection,
  createFold: createCohereFold,
  describeFrame: describeCohereFrame,
  promptOf: promptFromField('messages'),
};
