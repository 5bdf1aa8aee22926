// A protocol for the hub's tests of session grouping, small enough to read at a glance.
import type { ProtocolDefinition } from '../../protocols/types';
import { createRawFold } from '../../protocols/raw-fold';

/** A toy protocol: frames `{"toy":…}` are decisive, `sid` (frame) or `?sid=` (url) is the session key. */
export const toy: ProtocolDefinition = {
  id: 'ag-ui',
  title: 'Toy',
  rules: [],
  detectFrame: (d) => (d.json && typeof d.json === 'object' && 'toy' in d.json ? 1 : 0),
  sessionKey: (c, d) => {
    const sid = d?.json && typeof d.json === 'object' ? (d.json as { sid?: unknown }).sid : undefined;
    if (typeof sid === 'string') return sid;
    return c.url ? (new URL(c.url).searchParams.get('sid') ?? undefined) : undefined;
  },
  createFold: createRawFold,
};
