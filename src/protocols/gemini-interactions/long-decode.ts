// A long decode over several requests in the Interactions API: an interaction that completes with
// status `requires_continuation` and a `continuation_token`, which @google/genai sends back in a new
// request whose stream is the rest of the answer (the AI SDK's Interactions model does not continue).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ViewItem } from '../../model/view';
import { isRecord } from '../shared/view-helpers';
import { nonEmptyString } from '../shared/resumed-requests';
import { INTERACTIONS_RULES as R } from './rules';
import type { InteractionEventType } from './schema';

/** The part of a turn this file reads and writes. */
export interface DecodeTurn {
  /** The hop's continuation_token as @google/genai reads it (see trackToken): what it resumes from. */
  token?: string;
}

/** The line that starts the turn of a request that sent a token back. */
export const CONTINUES_TEXT = 'continues the previous interaction (this request sent back its continuation_token): @google/genai shows what follows as the rest of that answer';
const CONTINUED_TEXT = "continued in a new request (status requires_continuation: the per-request output cap): @google/genai sends its continuation_token back and shows the rest as part of this answer; the AI SDK's Google provider does not continue";

/**
 * @google/genai's reading of a hop's token (extractHopContinuationState): the interaction's
 * `continuation_token` on any lifecycle event, the one of interaction.completed authoritative (a missing
 * one clears it), an event's own `continuation_token` (a checkpoint), none after an error event.
 */
export function trackToken(turn: DecodeTurn, type: InteractionEventType, event: Record<string, unknown>): void {
  if (type === 'error') return void (turn.token = undefined);
  const own = isRecord(event.interaction) ? nonEmptyString(event.interaction.continuation_token) : undefined;
  if (type === 'interaction.completed' || own !== undefined) turn.token = own;
  const direct = nonEmptyString(event.continuation_token);
  if (direct !== undefined) turn.token = direct;
}

/** A completion with status `requires_continuation`: the line saying the answer goes on, or (no token) the warning. */
export function requiresContinuation(items: ViewItem[], turn: DecodeTurn, id: string, frame: Frame, sink: FindingSink): void {
  if (turn.token !== undefined) return void items.push({ kind: 'raw', id, frames: [frame.index], text: CONTINUED_TEXT });
  sink.report(R.continuationWithoutToken, 'the interaction completed with status "requires_continuation" and no continuation_token: @google/genai cannot continue it, and the answer ends here, cut at the per-request output cap', [frame.index]);
}
