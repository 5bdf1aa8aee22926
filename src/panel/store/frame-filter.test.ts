// The fast predicate must mean exactly what the general matcher means, for every term it takes.
import { describe, it } from 'vitest';
import fc from 'fast-check';
import type { Frame } from '../../model/frame';
import { framePredicate, type FrameFields } from './frame-filter';
import { matchesQuery, parseQuery, type QueryRow } from './query';

const name = (id: string) => `WS /${id.toUpperCase()}`;

function row(frame: Frame, bytes: number): QueryRow {
  return {
    text: () => frame.data,
    event: () => '',
    direction: frame.direction,
    connection: frame.connectionId,
    connectionLabel: name(frame.connectionId),
    bytes,
    frameKind: frame.kind,
    severity: undefined,
    cut: frame.truncated !== undefined,
    gap: frame.notKeptBefore !== undefined,
  };
}

const words = ['delta', 'Tool', 'ki', 'a.b', '(x', 'é', 'ÉTÉ', 'x', '"a"', 'conn:ws', 'conn:b', 'dir:in', 'dir:out', 'kind:close', 'larger-than:5', '/de.ta/', '/[/', 'type:x', 'has:error', 'is:cut', 'is:gap'];

describe('framePredicate', () => {
  it('agrees with matchesQuery on every query it takes, and takes none that needs descriptions, findings or the rare fields', () => {
    const frame = fc.record({
      index: fc.nat(),
      connectionId: fc.constantFrom('ws', 'b', 'WS2'),
      time: fc.nat(),
      direction: fc.constantFrom('in' as const, 'out' as const),
      kind: fc.constantFrom('message' as const, 'close' as const),
      data: fc.stringMatching(/^[a-zA-Z"éÉ{}:.( İK]{0,20}$/),
    });
    const query = fc.array(fc.tuple(fc.constantFrom(...words), fc.boolean()), { maxLength: 3 }).map((terms) => terms.map(([w, neg]) => (neg ? `-${w}` : w)).join(' '));
    fc.assert(
      fc.property(frame, query, fc.nat(20), (f, source, bytes) => {
        const parsed = parseQuery(source);
        const predicate = framePredicate(parsed, name);
        if (parsed.terms.some((t) => t.kind === 'type' || t.kind === 'has' || t.kind === 'capture')) return predicate === undefined;
        const fields: FrameFields = { textAt: () => f.data, directionAt: () => f.direction, kindAt: () => f.kind, connectionAt: () => f.connectionId, bytesAt: () => bytes };
        const expected = matchesQuery(parsed, row(f, bytes));
        if (predicate === undefined || predicate(fields, 0) !== expected) return false;
        // The same text kept in pieces (a start and end shared with other frames, and its middle), at every cut.
        for (let a = 0; a <= f.data.length; a++) {
          for (let b = a; b <= f.data.length; b++) {
            const pieces = { start: f.data.slice(0, a), middle: f.data.slice(a, b), end: f.data.slice(b) };
            if (predicate({ ...fields, piecesAt: () => pieces }, 0) !== expected) return false;
          }
        }
        return true;
      }),
      { numRuns: 1500 },
    );
  });
});
