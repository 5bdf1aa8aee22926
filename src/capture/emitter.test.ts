import { describe, expect, it } from 'vitest';
import { MAX_FRAME_CHARS, PAGE_MESSAGE_TAG, type PageFrame, type PageToRelay } from '../bridge/page-messages';
import { createCapture } from './emitter';
import { createHealth } from './health';
import { BUDGET_BURST_CHARS, BUDGET_HEAD_CHARS, BUDGET_NOTICE_CAPTURE } from './payload-budget';
import { readBlobPayload, syncPayload } from './payload';

function capture() {
  const posted: PageToRelay[] = [];
  const conn = createCapture((m) => posted.push(m)).open('websocket', { url: 'ws://127.0.0.1:1/' });
  return { posted, conn, frames: () => posted.filter((m): m is PageFrame => m.type === 'frame') };
}

describe('createCapture', () => {
  it('announces the connection, then tags every frame with its id', () => {
    const { posted, conn } = capture();
    conn.frame({ direction: 'out', kind: 'message', data: 'hi' });
    expect(posted[0]).toMatchObject({ [PAGE_MESSAGE_TAG]: 1, type: 'connection', transport: 'websocket', id: conn.id });
    expect(posted[1]).toMatchObject({ [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: conn.id, direction: 'out', data: 'hi' });
    expect(Object.keys(posted[1]!)).not.toContain('eventName'); // absent fields are left out, not undefined
  });

  it('never reads an absent field through Object.prototype, where a page getter would notice', () => {
    const touched: string[] = [];
    const names = ['eventName', 'eventId', 'encoding', 'truncated', 'code', 'reason'];
    for (const name of names) {
      Object.defineProperty(Object.prototype, name, { configurable: true, get: () => void touched.push(name) });
    }
    try {
      const { conn, frames } = capture();
      conn.frame({ direction: 'in', kind: 'message', data: 'x' });
      expect(frames()).toHaveLength(1);
    } finally {
      for (const name of names) delete (Object.prototype as Record<string, unknown>)[name];
    }
    expect(touched).toEqual([]);
  });

  it('gives each connection its own id', () => {
    const c = createCapture(() => {});
    expect(c.open('sse', { url: 'a' }).id).not.toBe(c.open('sse', { url: 'a' }).id);
  });

  it('cuts text payloads over MAX_FRAME_CHARS and marks them', () => {
    const { conn, frames } = capture();
    conn.frame({ direction: 'in', kind: 'message', data: 'z'.repeat(MAX_FRAME_CHARS + 10) });
    const [f] = frames();
    expect(f!.data.length).toBe(MAX_FRAME_CHARS);
    expect(f!.truncated).toEqual({ originalLength: MAX_FRAME_CHARS + 10 });
  });

  it('keeps frames in order behind a payload that is read asynchronously', async () => {
    const { conn, frames } = capture();
    let finish: (v: { data: string; encoding: 'base64' }) => void = () => {};
    conn.frame({ direction: 'in', kind: 'open' });
    conn.frameLater('out', new Promise((r) => (finish = r)));
    conn.frame({ direction: 'in', kind: 'message', data: 'after' });
    expect(frames().map((f) => f.kind)).toEqual(['open']);
    finish({ data: 'AQID', encoding: 'base64' });
    await Promise.resolve();
    await Promise.resolve();
    expect(frames().map((f) => [f.direction, f.data])).toEqual([
      ['in', ''],
      ['out', 'AQID'],
      ['in', 'after'],
    ]);
  });

  it('still records a frame whose payload could not be read', async () => {
    const { conn, frames } = capture();
    conn.frameLater('in', Promise.reject(new Error('gone')));
    await new Promise((r) => setTimeout(r, 0));
    expect(frames()[0]).toMatchObject({ kind: 'message', data: '[unreadable payload: Error: gone]' });
  });

  describe('text messages written straight to JSON', () => {
    /** Messages as the relay would read them: objects posted as they are, JSON texts parsed (the payload quoted in place). */
    function jsonCapture() {
      const got: PageToRelay[] = [];
      const conn = createCapture(
        (m) => got.push(m),
        (encode, time, direction, data) => got.push(JSON.parse(encode(time, direction, JSON.stringify(data))) as PageToRelay),
      ).open('websocket', { url: 'ws://127.0.0.1:1/' });
      return { got, conn, frames: () => got.filter((m): m is PageFrame => m.type === 'frame') };
    }

    it('gives the relay the same frame the general path gives', () => {
      const direct = jsonCapture();
      const general = capture();
      for (const [direction, data] of [['in', '{"a":"\\u0000 \\" 😀"} raw " and \u0000'], ['out', ''], ['in', 'plain']] as const) {
        direct.conn.text(direction, data);
        general.conn.frame({ direction, kind: 'message', data });
      }
      const strip = (f: PageFrame) => ({ ...f, connectionId: '', time: 0 });
      expect(direct.frames().map(strip)).toEqual(general.frames().map(strip));
      expect(direct.frames().every((f) => f.connectionId === direct.conn.id && typeof f.time === 'number')).toBe(true);
    });

    it('cuts an oversize text like the general path', () => {
      const { conn, frames } = jsonCapture();
      conn.text('in', 'z'.repeat(MAX_FRAME_CHARS + 1));
      expect(frames()[0]!.truncated).toEqual({ originalLength: MAX_FRAME_CHARS + 1 });
      expect(frames()[0]!.data.length).toBe(MAX_FRAME_CHARS);
    });

    it('waits behind a payload that is read asynchronously', async () => {
      const { conn, frames } = jsonCapture();
      let finish: (v: { data: string; encoding: 'base64' }) => void = () => {};
      conn.frameLater('in', new Promise((r) => (finish = r)));
      conn.text('in', 'after');
      expect(frames()).toEqual([]);
      finish({ data: 'AQID', encoding: 'base64' });
      await Promise.resolve();
      await Promise.resolve();
      expect(frames().map((f) => f.data)).toEqual(['AQID', 'after']);
    });
  });

  describe('the payload budget', () => {
    // BUDGET_BURST_CHARS pass whole at once; the refill (2 M characters a second) cannot cover another
    // million-character payload unless the test stalls for half a second between two of them.
    const MEGA = 1_000_000;
    const flood = BUDGET_BURST_CHARS / MEGA + 6;

    /**
     * A capture with its health, taking both paths a frame leaves by (the fast text path's JSON read
     * back), and a WebSocket and an SSE connection of it.
     */
    const budgetCapture = () => {
      const health = createHealth(() => undefined, false);
      const got: PageToRelay[] = [];
      const c = createCapture(
        (m) => got.push(m),
        (encode, time, direction, data) => got.push(JSON.parse(encode(time, direction, JSON.stringify(data))) as PageToRelay),
        health,
      );
      return { health, got, c, ws: c.open('websocket', { url: 'ws://127.0.0.1:1/' }), sse: c.open('sse', { url: 'http://127.0.0.1:1/' }) };
    };

    it('keeps the head of the first big payload past it on each connection, counts the ones right after it, and says why once', () => {
      const { health, got, ws, sse } = budgetCapture();
      for (let i = 0; i < flood; i++) {
        ws.text('in', 'w'.repeat(MEGA));
        sse.frame({ direction: 'in', kind: 'message', data: 's'.repeat(MEGA), eventName: 'delta' });
      }
      ws.text('in', '{"small":true}');
      const frames = got.filter((m): m is PageFrame => m.type === 'frame');
      // Every payload is either a frame or counted: none is lost without a count.
      expect(frames.length + health.notKept).toBe(2 * flood + 1);
      const whole = frames.filter((f) => f.data.length === MEGA);
      expect(whole.every((f) => f.truncated === undefined)).toBe(true);
      expect(whole.length).toBeGreaterThanOrEqual(BUDGET_BURST_CHARS / MEGA);
      const cut = frames.filter((f) => f.data.length === BUDGET_HEAD_CHARS);
      for (const f of cut) expect(f.truncated).toEqual({ originalLength: MEGA });
      // Each connection's run of cut payloads shows its first, with its head and SSE event name.
      for (const conn of [ws, sse]) {
        const own = frames.filter((f) => f.connectionId === conn.id && f.data.length !== MEGA && f.data !== '{"small":true}');
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(own.every((f) => f.data.length === BUDGET_HEAD_CHARS)).toBe(true);
      }
      expect(cut.filter((f) => f.connectionId === sse.id).every((f) => f.eventName === 'delta')).toBe(true);
      // The runs are longer than one payload, so some were counted; a payload that passes ends the run.
      expect(health.notKept).toBeGreaterThan(0);
      expect(health.notKept).toBe(2 * flood - whole.length - cut.length);
      expect(frames.at(-1)).toMatchObject({ data: '{"small":true}' });
      expect(frames.at(-1)!.truncated).toBeUndefined();
      expect(health.degraded).toHaveLength(1);
      expect(health.degraded[0]).toContain(BUDGET_NOTICE_CAPTURE);
    });

    it('hands the count of a run not kept to the connection\'s next frame, on every path a frame takes', async () => {
      // The fast text path writes no notKeptBefore: a frame after a gap must not take it.
      const { health, got, c, ws, sse } = budgetCapture();
      const bin = c.open('websocket', { url: 'ws://127.0.0.1:2/' });
      const framesOf = (id: string) => got.filter((m): m is PageFrame => m.type === 'frame' && m.connectionId === id);
      for (let i = 0; i < flood; i++) {
        ws.text('in', 'w'.repeat(MEGA));
        sse.frame({ direction: 'in', kind: 'message', data: 's'.repeat(MEGA) });
      }
      const wsGap = flood - framesOf(ws.id).length;
      const sseGap = flood - framesOf(sse.id).length;
      expect(wsGap).toBeGreaterThan(0);
      expect(sseGap).toBeGreaterThan(0);
      // Nothing is marked while the run goes on: the count waits for the connection's next frame.
      expect(got.some((m) => m.type === 'frame' && m.notKeptBefore !== undefined)).toBe(false);
      ws.text('in', '{"small":true}');
      ws.text('in', '{"next":true}');
      sse.frame({ direction: 'in', kind: 'close', data: '' });
      expect(framesOf(ws.id).slice(-2).map((f) => [f.data, f.notKeptBefore])).toEqual([
        ['{"small":true}', wsGap],
        ['{"next":true}', undefined],
      ]);
      expect(framesOf(sse.id).at(-1)).toMatchObject({ kind: 'close', notKeptBefore: sseGap });
      // A Blob's frame, read later, carries the gap before it too.
      const bytes = new Uint8Array(MEGA * 0.75).fill(7);
      let binGap = 0;
      for (let i = 0; i < 3; i++) {
        const p = syncPayload(bytes, bin.grant);
        if (p === null) binGap++;
        else bin.frame({ direction: 'in', kind: 'message', ...p! });
      }
      expect(binGap).toBeGreaterThan(0);
      const small = readBlobPayload(new Blob(['hi']), bin.grant);
      bin.frameLater('in', small!);
      await small;
      await Promise.resolve();
      expect(framesOf(bin.id).at(-1)).toMatchObject({ data: btoa('hi'), notKeptBefore: binGap });
      // Every payload is a frame or counted, and every count not kept is on a frame once it ended.
      const marked = got.reduce((n, m) => n + (m.type === 'frame' ? (m.notKeptBefore ?? 0) : 0), 0);
      expect(marked).toBe(health.notKept);
    });

    it('after a payload of the connection passes whole, the next one past it keeps its head again', () => {
      const health = createHealth(() => undefined, false);
      const got: PageToRelay[] = [];
      const ws = createCapture((m) => got.push(m), undefined, health).open('websocket', { url: 'ws://127.0.0.1:1/' });
      for (let i = 0; i < flood; i++) ws.text('in', 'w'.repeat(MEGA));
      const before = health.notKept;
      expect(before).toBeGreaterThan(0);
      ws.text('in', 'small'); // passes whole: the run ends
      ws.text('in', 'w'.repeat(MEGA));
      ws.text('in', 'w'.repeat(MEGA));
      const frames = got.filter((m): m is PageFrame => m.type === 'frame');
      expect(frames.at(-2)!.data).toBe('small');
      expect(frames.at(-1)!.data).toHaveLength(BUDGET_HEAD_CHARS);
      expect(health.notKept).toBe(before + 1);
    });

    it('encodes only the head of binary payloads past it, and none of those counted', async () => {
      const health = createHealth(() => undefined, false);
      const c = createCapture(() => undefined, undefined, health);
      const conn = c.open('websocket', { url: 'ws://127.0.0.1:1/' });
      const bytes = new Uint8Array(MEGA * 0.75).fill(7); // a million characters of base64
      const payloads = Array.from({ length: flood + 4 }, () => syncPayload(bytes, conn.grant));
      const cut = payloads.filter((p) => p?.truncated);
      expect(cut).toHaveLength(1);
      expect(cut[0]).toMatchObject({ encoding: 'base64', truncated: { originalLength: MEGA } });
      expect(cut[0]!.data.length).toBeLessThanOrEqual(BUDGET_HEAD_CHARS);
      expect(Buffer.from(cut[0]!.data, 'base64').every((b) => b === 7)).toBe(true);
      const after = payloads.slice(payloads.indexOf(cut[0]!) + 1);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((p) => p === null)).toBe(true);
      expect(health.notKept).toBe(after.length);
      // A Blob right after them on the same connection is not read at all; on another, its head is.
      expect(readBlobPayload(new Blob([bytes]), conn.grant)).toBeNull();
      const blob = await readBlobPayload(new Blob([bytes]), c.open('websocket', { url: 'ws://127.0.0.1:2/' }).grant);
      expect(blob).toMatchObject({ encoding: 'base64', truncated: { originalLength: MEGA } });
      expect(blob!.data.length).toBeLessThanOrEqual(BUDGET_HEAD_CHARS);
      expect(blob!.data.length).toBeGreaterThan(BUDGET_HEAD_CHARS - 4);
    });
  });
});
