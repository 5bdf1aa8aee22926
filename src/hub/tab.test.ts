import { unpackFrames } from '../bridge/packed-frames';
import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, MAX_FRAME_CHARS, PAGE_MESSAGE_TAG, type PageToRelay } from '../bridge/page-messages';
import { protocols } from '../protocols/registry';
import { Tab } from './tab';

const opened: PageToRelay = { [PAGE_MESSAGE_TAG]: 1, type: 'connection', id: 'ws-1', transport: 'websocket', url: 'ws://127.0.0.1/ws', time: 1 };
const frame = (n: number): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'ws-1', time: 1000 + n, direction: 'in', kind: 'message', data: `{"n":${n}}` });

describe('Tab.applyBatch', () => {
  it('stores every message of a batch when one in the middle makes the hub throw, and counts it', () => {
    const tab = new Tab(1, protocols);
    const sessions = tab.sessions;
    const append = sessions.append.bind(sessions);
    sessions.append = (f) => {
      if (f.data === '{"n":100}') throw new TypeError('Cannot convert object to primitive value');
      return append(f);
    };
    const messages = [opened, ...Array.from({ length: 250 }, (_, n) => frame(n))];
    const result = tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq: 1, messages, dropped: 0, rejected: 0 });
    expect(result.frames).toHaveLength(250);
    expect(tab.frameStore.length).toBe(250);
    expect(tab.status().failed).toBe(1);
    tab.clearCapture(true);
    expect(tab.status().failed).toBe(0);
  });

  it('cuts what the hook cut only by characters where its JSON passes MAX_FRAME_BYTES, marks it and counts it', () => {
    const tab = new Tab(1, protocols);
    const control = '\u0001'.repeat(200_000);
    const body = '"'.repeat(MAX_FRAME_CHARS);
    const messages: PageToRelay[] = [
      { ...opened, requestBody: body },
      { ...(frame(0) as Extract<PageToRelay, { type: 'frame' }>), data: control },
      { ...(frame(1) as Extract<PageToRelay, { type: 'frame' }>), data: 'x'.repeat(MAX_FRAME_CHARS), truncated: { originalLength: 5_000_000 } },
      frame(2),
    ];
    const result = tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq: 1, messages, dropped: 0, rejected: 0 });
    const [cut, whole, small] = result.frames;
    const jsonBytes = (s: string) => new TextEncoder().encode(JSON.stringify(s)).length - 2;
    expect(cut!.data).toBe('\u0001'.repeat((MAX_FRAME_BYTES / 6) | 0));
    expect(cut!.truncated).toEqual({ originalLength: 200_000 });
    // Cut by the hook already and within the bound: kept as it came, with the page's own length.
    expect(whole!.data).toHaveLength(MAX_FRAME_CHARS);
    expect(whole!.truncated).toEqual({ originalLength: 5_000_000 });
    expect(small!.truncated).toBeUndefined();
    const connection = result.connections[0]!;
    expect(jsonBytes(connection.requestBody!)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(connection.requestBody).toBe('"'.repeat(MAX_FRAME_BYTES / 2));
    expect(connection.requestBodyTruncated).toEqual({ originalLength: MAX_FRAME_CHARS });
    expect(tab.status().cut).toBe(2);
  });

  it('keeps the count of payloads not kept before a frame, and stores and packs it with the frame', () => {
    const tab = new Tab(1, protocols);
    const messages: PageToRelay[] = [opened, frame(0), { ...(frame(1) as Extract<PageToRelay, { type: 'frame' }>), notKeptBefore: 41 }, frame(2)];
    const result = tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq: 1, messages, dropped: 0, rejected: 0 });
    expect(result.frames.map((f) => f.notKeptBefore)).toEqual([undefined, 41, undefined]);
    expect(tab.frameStore.slice(0).map((f) => f.notKeptBefore)).toEqual([undefined, 41, undefined]);
    expect(unpackFrames(tab.frameStore.pack(0, 3)).map((f) => f.notKeptBefore)).toEqual([undefined, 41, undefined]);
    expect(tab.capture().frames[1]!.notKeptBefore).toBe(41);
  });

  it("takes a connection's record sent again as an update: the response's fields join it, the frames keep their numbers", () => {
    const tab = new Tab(1, protocols);
    const sent: PageToRelay = { [PAGE_MESSAGE_TAG]: 1, type: 'connection', id: 'post-1', transport: 'http-json', url: 'http://127.0.0.1/approval', method: 'POST', requestBody: '{"approval_key":"k"}', time: 5 };
    const reply: PageToRelay = { [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'post-1', time: 6, direction: 'out', kind: 'message', data: '{"approval_key":"k"}' };
    tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq: 1, messages: [opened, sent, reply, frame(0)], dropped: 0, rejected: 0 });
    const answered: PageToRelay = { ...sent, status: 200, responseAt: 9, responseHeaders: { 'Content-Type': 'application/json' } };
    const result = tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq: 2, messages: [answered], dropped: 0, rejected: 0 });
    const id = result.connections[0]!.id;
    expect(result.connections).toEqual([expect.objectContaining({ transport: 'http-json', status: 200, responseAt: 9, startedAt: 5, requestBody: '{"approval_key":"k"}', responseHeaders: { 'content-type': 'application/json' } })]);
    expect(tab.connections.size).toBe(2);
    expect(tab.frameList().map((f) => [f.index, f.connectionId === id, f.data])).toEqual([
      [0, true, '{"approval_key":"k"}'],
      [1, false, '{"n":0}'],
    ]);
    expect(tab.sessions.summaries().flatMap((s) => s.connectionIds).filter((c) => c === id)).toHaveLength(1);
  });
});
