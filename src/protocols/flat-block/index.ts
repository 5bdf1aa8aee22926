// The flat-block protocol of the project's first users (shared/spec/flat-block-protocol.md).
import type { ProtocolDefinition } from '../types';
import { detectFlatBlockFrame, flatBlockSessionKey } from './detect';
import { createFlatBlockFold } from './fold';
import { flatBlockRules } from './rules';
import { flatBlockHistoryLiveRules } from '../../analysis/history-live/rules';
import { describeFlatBlockFrame } from './describe';

export const flatBlockProtocol: ProtocolDefinition = {
  id: 'flat-block',
  title: 'Flat-block agent protocol',
  rules: [...flatBlockRules, ...flatBlockHistoryLiveRules],
  detectFrame: detectFlatBlockFrame,
  sessionKey: flatBlockSessionKey,
  createFold: createFlatBlockFold,
  describeFrame: describeFlatBlockFrame,
};
