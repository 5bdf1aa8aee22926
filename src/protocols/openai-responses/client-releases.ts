// Event types of the Responses API that openai-node reads only from some release on, or not at all:
// the releases before throw "Unhandled response stream event". Each bound is measured (the agreement
// test runs the stream through the current release and the previous major; the first release that
// reads it was found by running the same stream through the releases before it).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { RESPONSES_RULES as R } from './rules';
import type { FoldState } from './state';

/** What openai-node makes of an event type some of its releases throw on: the kind, and the first release that reads it (none: no release does). */
interface Reading {
  family: string;
  since?: string;
}

const readSince = (family: string, since: string | undefined, ...endings: string[]): [string, Reading][] =>
  endings.map((e) => [`${family}.${e}`, since === undefined ? { family } : { family, since }]);

/**
 * By event type, looked up once an event (no cutting of the type per event): the shell tool's events
 * and compaction progress, read from openai 7.5 and 7.17; the apply_patch tool's diffs, which the AI
 * SDK's OpenAI provider models and no openai-node release does (through the newest the agreement test
 * runs): shown as the provider reads them, and said as an unknown event is (info).
 */
const READINGS: ReadonlyMap<string, Reading> = new Map([
  ...readSince('response.shell_call_command', '7.5', 'added', 'delta', 'done'),
  ...readSince('response.shell_call_output_content', '7.5', 'delta', 'done'),
  ...readSince('response.compaction', '7.17', 'compacting'),
  ...readSince('response.apply_patch_call_operation_diff', undefined, 'delta', 'done'),
]);

/** The newest openai release the agreement test runs (a unit test holds it to the installed one), named where no release reads an event. */
export const NEWEST_OPENAI = '7.59';

/** Reports, once per kind of event and session, an event some openai releases throw on. */
export function noteClientReleases(state: FoldState, type: string, frame: Frame, sink: FindingSink): void {
  const reading = READINGS.get(type);
  if (reading === undefined) return;
  const noted = (state.releasesNoted ??= new Set());
  if (noted.has(reading.family)) return;
  noted.add(reading.family);
  const since = reading.since;
  if (since !== undefined) {
    sink.report(R.versionSpecificEvent, `${type}: openai ≥ ${since} reads it; openai 6 and 7 before ${since} throw ("Unhandled response stream event")`, [frame.index]);
  } else {
    sink.report(R.unknownEvent, `${type} is not an event type of openai-node: openai 6 and 7 (to ${NEWEST_OPENAI}) throw ("Unhandled response stream event"); the AI SDK's OpenAI provider reads it, and so does the view`, [frame.index]);
  }
}
