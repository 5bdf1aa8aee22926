// The filter's terms that read only a frame's own fields, matched without making a row per frame:
// over a million frames the row objects and closures of the general matcher (query.ts) cost more
// than the matching. Same meaning as `matchesQuery` for these terms (held to it by a test); a query
// with a term that needs the frame's description, findings or rare fields (`type:`, `has:`, `is:cut`)
// gets no predicate and goes through the general matcher.
import type { Direction, FrameKind } from '../../model/frame';
import type { ParsedQuery } from './query';

/** The fields the predicate reads of the frame at a position, each without making the frame (the frame log). */
export interface FrameFields {
  /** The payload as text (base64 decoded). */
  textAt(position: number): string;
  directionAt(position: number): Direction;
  kindAt(position: number): FrameKind;
  connectionAt(position: number): string;
  /** Payload size in bytes. */
  bytesAt(position: number): number;
  /**
   * The text in pieces, when it is kept so (the frame log keeps only the middle of a payload that shares
   * its start and end with others): a word is then looked for in the shared start and end once for
   * all the frames in a row that share them, and in the middle with the seams around it.
   */
  piecesAt?(position: number): { start: string; middle: string; end: string } | undefined;
}

/** Whether the frame at `position` passes every term. */
export type FramePredicate = (frames: FrameFields, position: number) => boolean;

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
  // The frame being matched and its text, set per frame here, so no closure is made per frame.
  let frames: FrameFields;
  let position = 0;
  let text: string | undefined;
  let lowered: string | undefined;
  const textOf = () => (text ??= frames.textAt(position));
  const lower = () => (lowered ??= textOf().toLowerCase());
  const tests: (() => boolean)[] = [];
  for (const term of query.terms) {
    let test: () => boolean;
    switch (term.kind) {
      case 'text': {
        const value = term.value;
        if (NOT_PRINTABLE_ASCII.test(value)) {
          test = () => lower().includes(value);
          break;
        }
        // A printable ASCII word: a case-blind regex reads the payload without making a lower-cased copy. Only
        // two other characters lower-case into ASCII (İ, K); a payload holding one is lower-cased.
        const re = new RegExp(value.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'i');
        const whole = () => re.test(textOf()) || (INTO_ASCII.test(textOf()) && lower().includes(value));
        // In pieces: a match lies in the start, in the end, or within value.length - 1 characters around
        // the middle (the regex matches exactly value.length characters).
        const seam = value.length - 1;
        let edges: { start: string; end: string; found: boolean; folds: boolean } | undefined;
        test = () => {
          const pieces = frames.piecesAt?.(position);
          if (!pieces) return whole();
          const { start, middle, end } = pieces;
          if (!edges || edges.start !== start || edges.end !== end) {
            edges = { start, end, found: re.test(start) || re.test(end), folds: INTO_ASCII.test(start) || INTO_ASCII.test(end) };
          }
          if (edges.found) return true;
          if (re.test(seam === 0 ? middle : start.slice(Math.max(0, start.length - seam)) + middle + end.slice(0, seam))) return true;
          return (edges.folds || INTO_ASCII.test(middle)) && lower().includes(value);
        };
        break;
      }
      case 'regex': {
        const re = term.value;
        test = () => {
          re.lastIndex = 0;
          return re.test(textOf());
        };
        break;
      }
      case 'dir': {
        const value = term.value;
        test = () => frames.directionAt(position) === value;
        break;
      }
      case 'frame-kind': {
        const value = term.value;
        test = () => frames.kindAt(position) === value;
        break;
      }
      case 'larger-than': {
        const value = term.value;
        test = () => frames.bytesAt(position) > value;
        break;
      }
      case 'conn': {
        const value = term.value;
        test = () => {
          const id = frames.connectionAt(position);
          return id.toLowerCase() === value || label(id).includes(value);
        };
        break;
      }
      default:
        return undefined;
    }
    tests.push(term.negate ? () => !test() : test);
  }
  return (source, at) => {
    frames = source;
    position = at;
    text = undefined;
    lowered = undefined;
    for (const test of tests) if (!test()) return false;
    return true;
  };
}
