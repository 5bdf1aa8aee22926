// The legacy Vercel AI SDK v4 data stream (ai 3.x–4.x): `text/plain` lines `<code>:<JSON>`.
import type { ProtocolDefinition } from '../types';
import { detectDataConnection, detectDataFrame } from './detect';
import { createAisdkDataFold } from './fold';
import { aisdkDataRules } from './rules';
import { dataSessionKey } from './session';
import { describeAiSdkDataFrame } from './describe';
import { aisdkDataPromptOf } from './prompt';

export const aisdkDataProtocol: ProtocolDefinition = {
  id: 'aisdk-data',
  title: 'Vercel AI SDK data stream (v4)',
  rules: aisdkDataRules,
  detectConnection: detectDataConnection,
  detectFrame: detectDataFrame,
  sessionKey: dataSessionKey,
  createFold: createAisdkDataFold,
  describeFrame: describeAiSdkDataFrame,
  promptOf: aisdkDataPromptOf,
};
