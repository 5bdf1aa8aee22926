// How many characters of payload the hook hands over for a page, over time. Handing a payload to the
// extension copies it on the page's own thread (Chrome's port postMessage: about 1.3 ms of the page's
// CPU per 100 KB frame, whatever the hook does), and the hub must then store and analyse it, on the
// same two or four cores as the page. A page that receives 100 MB a second (bulk binary sync, a
// misbehaving server) would run at a third of its speed with the extension; no agent stream comes
// near that rate. So payloads draw on a token bucket: agent traffic (small deltas, an occasional
// snapshot of some megabytes) always passes whole, and past the bucket a payload over
// BUDGET_WHOLE_CHARS keeps its first BUDGET_HEAD_CHARS characters, marked cut with its real length
// like a payload past the size bound, or is only counted while its connection keeps sending big ones
// (createConnectionGrant), and the panel says why (a capture notice). DevTools' own Network
// panel bounds what it keeps the same way (its resource buffers).
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { mathMax, mathMin, now as clock } from './natives';

/** Payloads up to this many characters are never cut: an agent's deltas and events pass whole in any flood. */
export const BUDGET_WHOLE_CHARS = 4_096;
/**
 * What a payload cut for the budget keeps: enough to see what it was (a JSON payload's type and ids,
 * a binary frame's header). Past the bucket every kept character still costs the page, the hub and
 * the browser a copy each, and a flood of big frames keeps arriving: with 4,096 characters kept, a
 * flood of 100 KB binary frames ran at 1.37x the page's time without the extension, at 1.22x with 512
 * (bench/capture-ab.ts, 5 rounds), the extension's CPU falling from 370 to 230 ms per 2,000 frames.
 */
export const BUDGET_HEAD_CHARS = 512;
/**
 * Characters that can pass at once after a quiet spell: two payloads at the size bound (no payload is
 * handed over longer than that), say a state and a messages snapshot. A bigger burst only lets more of
 * a flood through before the budget holds it: with 4 million, the control-character flood ran at 1.15x
 * the page's time without the extension and the 1 MiB flood at 1.08x; with 2 million, 1.07x and 1.05x,
 * the extension's CPU falling from 170 to 110 ms and from 230 to 120 ms (bench/capture-ab.ts, 5 rounds).
 */
export const BUDGET_BURST_CHARS = 2 * MAX_FRAME_BYTES;
/** Characters a second the bucket refills with. */
export const BUDGET_CHARS_PER_SECOND = 2_000_000;

/**
 * `grant(wanted)`: how many characters of a payload `wanted` characters long to keep, `wanted` when it
 * fits; NOT_KEPT from a connection's grant (createConnectionGrant) for a payload not handed over at all.
 */
export type Grant = (wanted: number) => number;

/** A connection's grant for a payload past the budget right after another one cut on the same connection: counted, not handed over. */
export const NOT_KEPT = -1;

export const noBudget: Grant = (wanted) => wanted;

/** The document's budget. `onFirstCut` runs once, the first time a payload is cut for the budget (not for the size bound). */
export function createPayloadBudget(onFirstCut: () => void, now: () => number = clock): Grant {
  let tokens = BUDGET_BURST_CHARS;
  let last = now();
  let cut = false;
  // The bucket owes at most one burst, so a pause of burst/rate seconds always refills it.
  const draw = (n: number) => {
    tokens = mathMax(-BUDGET_BURST_CHARS, tokens - n);
  };
  return (wanted) => {
    const t = now();
    if (t > last) tokens = mathMin(BUDGET_BURST_CHARS, tokens + ((t - last) * BUDGET_CHARS_PER_SECOND) / 1000);
    last = t;
    // Small payloads always pass, but still draw: a flood of them empties the bucket for big ones.
    if (wanted <= BUDGET_WHOLE_CHARS || wanted <= tokens) {
      draw(wanted);
      return wanted;
    }
    draw(BUDGET_HEAD_CHARS);
    if (!cut) {
      cut = true;
      onFirstCut();
    }
    return BUDGET_HEAD_CHARS;
  };
}

/**
 * A connection's run of cut payloads ends when it has sent nothing for this long: a connection that
 * pauses after a flood shows its big payloads whole again, as the bucket refills.
 */
export const RUN_QUIET_MS = 1_000;

/**
 * One connection's draw on the document's budget. The first payload cut in a row on the connection
 * keeps its head (what the flood is: a JSON payload's type, a binary frame's header); the big ones after
 * it on the same connection are not handed over at all (NOT_KEPT), nor drawn on the bucket, and
 * `notKept` counts them, until the connection sends a payload of BUDGET_WHOLE_CHARS or less or pauses
 * for RUN_QUIET_MS. Each frame handed over costs the page's renderer, the service worker and the browser
 * a copy, a record and a stored row: in a flood of 100 KB binary frames, with 512 characters of each
 * kept, that was 0.1 ms of CPU a frame across the processes, 1.2-1.4x the page's own time on two cores
 * (bench/capture-ab.ts); in a flood of 1 MiB text frames, the ones the refilling bucket passed whole
 * mid-flood (one in every few) cost more than all the rest. An agent stream's big payloads come between
 * small events, which pass whole and end the run, so each of them still shows whole or with its head.
 */
export function createConnectionGrant(grant: Grant, notKept: () => void, now: () => number = clock): Grant {
  let inRun = false;
  let last = 0;
  return (wanted) => {
    const t = now();
    // A pause ends the run (a clock that went back ends nothing).
    if (inRun && (wanted <= BUDGET_WHOLE_CHARS || t - last >= RUN_QUIET_MS)) inRun = false;
    last = t;
    if (inRun) {
      notKept();
      return NOT_KEPT;
    }
    const keep = grant(wanted);
    if (keep < wanted) inRun = true;
    return keep;
  };
}

/** The notice the panel shows once a payload was cut for the budget (see Health.degrade). */
export const BUDGET_NOTICE_CAPTURE = 'whole payloads past the capture budget';
export const BUDGET_NOTICE_WHY = `payloads came faster than ${BUDGET_CHARS_PER_SECOND / 1_000_000} million characters a second, so past that each one over ${BUDGET_WHOLE_CHARS} characters keeps its first ${BUDGET_HEAD_CHARS} (marked cut), or only counts while its connection keeps sending big ones (frames not kept), to spare the page's thread`;
