import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { BUDGET_BURST_CHARS, BUDGET_CHARS_PER_SECOND, BUDGET_HEAD_CHARS, BUDGET_WHOLE_CHARS, NOT_KEPT, RUN_QUIET_MS, createConnectionGrant, createPayloadBudget } from './payload-budget';

function budget() {
  let t = 1_000;
  let notices = 0;
  const grant = createPayloadBudget(() => notices++, () => t);
  return { grant, advance: (ms: number) => (t += ms), notices: () => notices };
}

describe('createPayloadBudget', () => {
  it('passes whole payloads up to the burst, then keeps the head of bigger ones and says so once', () => {
    const b = budget();
    const size = 1_000_000;
    const whole = Math.floor(BUDGET_BURST_CHARS / size);
    for (let i = 0; i < whole; i++) expect(b.grant(size)).toBe(size);
    expect(b.notices()).toBe(0);
    expect(b.grant(size)).toBe(BUDGET_HEAD_CHARS);
    expect(b.grant(size)).toBe(BUDGET_HEAD_CHARS);
    expect(b.notices()).toBe(1);
  });

  it('passes two payloads at the size bound whole after a quiet spell (a state and a messages snapshot), the third cut', () => {
    const b = budget();
    for (let i = 0; i < 2; i++) expect(b.grant(MAX_FRAME_BYTES)).toBe(MAX_FRAME_BYTES);
    expect(b.grant(MAX_FRAME_BYTES)).toBe(BUDGET_HEAD_CHARS);
    b.advance(Math.ceil(((2 * MAX_FRAME_BYTES + BUDGET_HEAD_CHARS) / BUDGET_CHARS_PER_SECOND) * 1000));
    for (let i = 0; i < 2; i++) expect(b.grant(MAX_FRAME_BYTES)).toBe(MAX_FRAME_BYTES);
    expect(b.grant(MAX_FRAME_BYTES)).toBe(BUDGET_HEAD_CHARS);
  });

  it('never cuts a payload of the whole size or less, even with the bucket empty', () => {
    const b = budget();
    b.grant(BUDGET_BURST_CHARS);
    for (let i = 0; i < 10_000; i++) expect(b.grant(BUDGET_WHOLE_CHARS)).toBe(BUDGET_WHOLE_CHARS);
    expect(b.grant(BUDGET_HEAD_CHARS + 1)).toBe(BUDGET_HEAD_CHARS + 1);
    expect(b.notices()).toBe(0);
    // Just over it, a payload keeps the head, which is far shorter.
    expect(b.grant(BUDGET_WHOLE_CHARS + 1)).toBe(BUDGET_HEAD_CHARS);
  });

  it('refills at its rate: a payload that waited long enough passes whole', () => {
    const b = budget();
    b.grant(BUDGET_BURST_CHARS);
    const size = 500_000;
    expect(b.grant(size)).toBe(BUDGET_HEAD_CHARS);
    // The cut one drew its head; the refill must cover that and the next payload.
    b.advance(Math.ceil(((size + BUDGET_HEAD_CHARS) / BUDGET_CHARS_PER_SECOND) * 1000));
    expect(b.grant(size)).toBe(size);
    expect(b.grant(size)).toBe(BUDGET_HEAD_CHARS);
  });

  it('owes at most one burst after a flood of small payloads, and never refills past a burst', () => {
    const b = budget();
    for (let i = 0; i < 100_000; i++) b.grant(BUDGET_WHOLE_CHARS); // 400 M characters drawn
    b.advance(Math.ceil(((2 * BUDGET_BURST_CHARS) / BUDGET_CHARS_PER_SECOND) * 1000));
    expect(b.grant(BUDGET_BURST_CHARS)).toBe(BUDGET_BURST_CHARS);
    b.advance(3_600_000);
    expect(b.grant(BUDGET_BURST_CHARS)).toBe(BUDGET_BURST_CHARS);
    expect(b.grant(BUDGET_WHOLE_CHARS + 1)).toBe(BUDGET_HEAD_CHARS);
  });

  it('does not refill when the clock goes back', () => {
    const b = budget();
    b.grant(BUDGET_BURST_CHARS);
    b.advance(-60_000);
    expect(b.grant(BUDGET_WHOLE_CHARS + 1)).toBe(BUDGET_HEAD_CHARS);
  });
});

describe('createConnectionGrant', () => {
  const past = BUDGET_WHOLE_CHARS + 1;
  function connection() {
    const b = budget();
    b.grant(BUDGET_BURST_CHARS); // the bucket is empty: every payload over the whole size is cut
    let counted = 0;
    let t = 1_000;
    const grant = createConnectionGrant(b.grant, () => counted++, () => t);
    return {
      grant,
      bucket: b,
      counted: () => counted,
      // Both clocks, the bucket's and the connection's, move together.
      advance: (ms: number) => {
        t += ms;
        b.advance(ms);
      },
    };
  }

  it('keeps the head of the first cut payload in a row, and counts the ones after it without keeping any', () => {
    const c = connection();
    expect(c.grant(past)).toBe(BUDGET_HEAD_CHARS);
    expect(c.grant(past)).toBe(NOT_KEPT);
    expect(c.grant(past)).toBe(NOT_KEPT);
    expect(c.counted()).toBe(2);
  });

  it('ends the row with a small payload: the next big one keeps its head again', () => {
    const c = connection();
    c.grant(past);
    c.grant(past);
    expect(c.grant(BUDGET_WHOLE_CHARS)).toBe(BUDGET_WHOLE_CHARS);
    expect(c.grant(past)).toBe(BUDGET_HEAD_CHARS);
    expect(c.grant(past)).toBe(NOT_KEPT);
    expect(c.counted()).toBe(2);
  });

  it('keeps a flooding connection\'s big payloads out even once the bucket has refilled, and leaves the refill to others', () => {
    const b = budget();
    b.grant(BUDGET_BURST_CHARS);
    let t = 1_000;
    const clock = () => t;
    const flood = createConnectionGrant(b.grant, () => undefined, clock);
    const other = createConnectionGrant(b.grant, () => undefined, clock);
    const size = 1_000_000;
    expect(flood(size)).toBe(BUDGET_HEAD_CHARS);
    // Frames every 100 ms: the bucket refills 200,000 characters between two, the run goes on.
    for (let i = 0; i < 9; i++) {
      t += 100;
      b.advance(100);
      expect(flood(size)).toBe(NOT_KEPT);
    }
    // 900 ms of refill, none of it drawn by the frames not kept: another connection's payload passes whole.
    expect(other(size)).toBe(size);
  });

  it('ends the row when the connection pauses, so that its next big payload draws on the bucket again', () => {
    const c = connection();
    c.grant(past);
    c.advance(RUN_QUIET_MS - 1);
    expect(c.grant(past)).toBe(NOT_KEPT);
    c.advance(RUN_QUIET_MS);
    expect(c.grant(past)).toBe(past);
    expect(c.counted()).toBe(1);
  });

  it('does not end a row when the clock goes back', () => {
    const c = connection();
    c.grant(past);
    c.advance(-60_000);
    expect(c.grant(past)).toBe(NOT_KEPT);
  });

  it('keeps rows per connection: another connection\'s first cut payload keeps its head', () => {
    const b = budget();
    b.grant(BUDGET_BURST_CHARS);
    const one = createConnectionGrant(b.grant, () => undefined);
    const two = createConnectionGrant(b.grant, () => undefined);
    expect(one(past)).toBe(BUDGET_HEAD_CHARS);
    expect(two(past)).toBe(BUDGET_HEAD_CHARS);
    expect(one(past)).toBe(NOT_KEPT);
    expect(two(past)).toBe(NOT_KEPT);
  });

  it('passes what the budget passes untouched', () => {
    const b = budget();
    const grant = createConnectionGrant(b.grant, () => undefined);
    for (let i = 0; i < 2; i++) expect(grant(MAX_FRAME_BYTES)).toBe(MAX_FRAME_BYTES);
  });
});
