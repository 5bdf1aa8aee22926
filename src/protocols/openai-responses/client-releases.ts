// Event types of the Responses API that openai-node reads only from some release on, or not at all:
// the releases before throw "Unhandled response stream event". Each bound is measured (the agreement
// test runs the stream through the current release and the previous major; the first release that
// reads it was found by running the same stream through the releases before it).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { RESPONSES_RULES as R } from './rules';
import type { FoldState } from './state';

/** The event's family (its type without `.added`, `.delta`, `.done`…) → the first openai release that reads it. */
const READ_SINCE: ReadonlyMap<string, string> = new Map([
  ['response.shell_call_command', '7.5'],
  ['response.shell_call_output_content', '7.5'],
  ['response.compaction', '7.17'],
]);

/**
 * Families the AI SDK's OpenAI provider models and no openai-node release does (through the newest the
 * agreement test runs): shown as the provider reads them, and said (info, as an unknown event).
 */
const NOT_IN_OPENAI_NODE: ReadonlySet<string> = new Set(['response.apply_patch_call_operation_diff']);

/** The newest openai release the agreement test runs, named where no release reads an event. */
export const NEWEST_OPENAI = '7.59';

/** Reports, once per family and session, an event some openai releases throw on. */
export function noteClientReleases(state: FoldState, type: string, frame: Frame, sink: FindingSink): void {
  const family = type.slice(0, type.lastIndexOf('.'));
  const since = READ_SINCE.get(family);
  const missing = since === undefined && NOT_IN_OPENAI_NODE.has(family);
  if (since === undefined && !missing) return;
  const noted = (state.releasesNoted ??= new Set());
  if (noted.has(family)) return;
  noted.add(family);
  if (since !== undefined) {
    sink.report(R.versionSpecificEvent, `${type}: openai ≥ ${since} reads it; openai 6 and 7 before ${since} throw ("Unhandled response stream event")`, [frame.index]);
  } else {
    sink.report(R.unknownEvent, `${type} is not an event type of openai-node: openai 6 and 7 (to ${NEWEST_OPENAI}) throw ("Unhandled response stream event"); the AI SDK's OpenAI provider reads it, and so does the view`, [frame.index]);
  }
}
