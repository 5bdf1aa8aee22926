// Cohere v2 chat streaming (`POST /v2/chat`, `stream: true`), as `cohere-ai` and the AI SDK's Cohere
// provider read it.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame } from './detect';
import { createCohereFold } from './fold';
import { cohereRules } from './rules';
import { describeCohereFrame } from './describe';
import { promptFromField } from '../shared/request-prompt';

export const cohereProtocol: ProtocolDefinition = {
  id: 'cohere',
  title: 'Cohere Chat v2',
  rules: cohereRules,
  detectFrame,
  detectConnection,
  createFold: createCohereFold,
  describeFrame: describeCohereFrame,
  promptOf: promptFromField('messages'),
};
