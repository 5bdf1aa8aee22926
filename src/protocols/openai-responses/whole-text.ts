// Text that arrives whole, in a done event or item, with no delta: openai shows it, while the AI SDK's
// OpenAI provider builds what it shows from deltas alone (`output_text.delta` and `refusal.delta` as
// text, `reasoning_summary_text.delta` as reasoning; it does not model the done events) and shows none
// of it. A warning (docs/severity-policy.md: the clients read the stream whole but show different things).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { RESPONSES_RULES as R } from './rules';
import type { PartState, ResponseState } from './state';

/** What each part kind is called, the delta the provider builds it from, and what it shows. */
const WHOLE: Readonly<Record<string, { what: string; delta: string; shows: string }>> = {
  output_text: { what: 'a message part text', delta: 'output_text.delta', shows: "a message's text" },
  refusal: { what: 'a refusal', delta: 'refusal.delta', shows: 'a refusal' },
  summary_text: { what: 'a reasoning summary', delta: 'reasoning_summary_text.delta', shows: 'reasoning' },
};

/**
 * Reports a part whose text came whole, once per part; a recording with events missing (a sequence gap)
 * may have lost the deltas, and says so itself, as does a delta that found no part.
 */
export function textWithoutDeltas(resp: ResponseState, part: PartState, text: string, where: string, frame: Frame, sink: FindingSink): void {
  const kind = Object.hasOwn(WHOLE, part.type) ? WHOLE[part.type] : undefined;
  if (kind === undefined || part.sawDelta || text === '' || part.wholeReported || resp.sawGap || resp.lostDelta) return;
  part.wholeReported = true;
  sink.report(R.doneMismatch, `${where} gives ${kind.what} that no ${kind.delta} sent (${text.length} characters): openai shows the done value, as here; the AI SDK's OpenAI provider shows ${kind.shows} from its deltas only, so none of it`, [frame.index, part.addedFrame]);
}
