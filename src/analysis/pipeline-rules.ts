// Rules the session pipeline reports itself, whatever the protocol.
import type { RuleMeta } from '../model/finding';

/** A protocol's fold threw on a frame: the frame is shown as a fault item and the session goes on. */
export const FOLD_FAULT_RULE = 'pipeline/fold-fault';

export const PIPELINE_RULES: readonly RuleMeta[] = [
  {
    id: FOLD_FAULT_RULE,
    severity: 'error',
    description: 'The protocol fold failed on this frame (a fault in the inspector); the frame is shown as is and what follows may render wrong.',
  },
];
