// The filter's terms that read only a frame's own fields, matched without making a row per frame:
// over a million frames the row objects and closures of the general matcher (query.ts) cost more
// than the matching. Same meaning as `matchesQuery` for these terms (held to it by a test); a query
// with a term that needs the frame's description or findings (`type:`, `has:`) gets no predicate
// and goes through the general matcher.
import type { Frame } from '../../model/frame';
import { frameText } from '../../model/decode';
import type { ParsedQuery } from './query';

/** Whether the frame (with its payload size in bytes) passes every term. */
export type FramePredicate = (frame: Frame, bytes: number) => boolean;

const NOT_PRINTABLE_ASCII = /[^\t\n\r\u0020-\u007e]/u;
/** Characters outside ASCII whose lower case holds ASCII letters: U+0130 (i̇) and the Kelvin sign (k). */
const INTO_ASCII = /[\u0130\u212a]/;

export function framePredicate(query: ParsedQuery, connectionName: (connectionId: string) => string): FramePredicate | undefined {
  const labels = new Map<string, string>();
  const label = (id: string): string => {
    let l = labels.get(id);
    if (l === undefined) labels.set(id, (l = connectionName(id).toLowerCase()));
    return l;
  };
  const tests: ((frame: Frame, bytes: number, lower: () => string) => boolean)[] = [];
  for (const term of query.terms) {
    let test: (frame: Frame, bytes: number, lower: () => string) => boolean;
    switch (term.kind) {
      case 'text': {
        const value = term.value;
        if (NOT_PRINTABLE_ASCII.test(value)) {
          test = (_f, _b, lower) => lower().includes(value);
          break;
        }
        // A printable ASCII word: a case-blind regex reads the payload without making a lower-cased copy. Only
        // two other characters lower-case into ASCII (İ, K); a payload holding one is lower-cased.
        const re = new RegExp(value.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'i');
        test = (f, _b, lower) => re.test(frameText(f)) || (INTO_ASCII.test(frameText(f)) && lower().includes(value));
        break;
      }
      case 'regex': {
        const re = term.value;
        test = (f) => {
          re.lastIndex = 0;
          return re.test(frameText(f));
        };
        break;
      }
      case 'dir': {
        const value = term.value;
        test = (f) => f.direction === value;
        break;
      }
      case 'frame-kind': {
        const value = term.value;
        test = (f) => f.kind === value;
        break;
      }
      case 'larger-than': {
        const value = term.value;
        test = (_f, bytes) => bytes > value;
        break;
      }
      case 'conn': {
        const value = term.value;
        test = (f) => f.connectionId.toLowerCase() === value || label(f.connectionId).includes(value);
        break;
      }
      default:
        return undefined;
    }
    tests.push(term.negate ? (f, b, lower) => !test(f, b, lower) : test);
  }
  // The frame being matched and its lower-cased text, kept here so no closure is made per frame.
  let current: Frame | undefined;
  let lowered: string | undefined;
  const lower = () => (lowered ??= frameText(current as Frame).toLowerCase());
  return (frame, bytes) => {
    current = frame;
    lowered = undefined;
    for (const test of tests) if (!test(frame, bytes, lower)) return false;
    return true;
  };
}
