// The hub's incremental session grouping must agree with splitSessions, which the CLI uses.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInput } from '../readers/read-input';
import { protocols } from '../protocols/registry';
import type { Capture, Connection, Frame } from '../model/frame';
import { splitSessions } from '../analysis/sessions';
import type { ProtocolDefinition } from '../protocols/types';
import { TabSessions } from './sessions';
import { toy } from './testing/toy-protocol';


function capture(): Capture {
  const connections: Connection[] = [
    { id: 'ws1', transport: 'websocket', url: 'ws://h/ws' },
    { id: 'hist', transport: 'http-json', url: 'http://h/history?sid=A' },
    { id: 'ws2', transport: 'websocket', url: 'ws://h/ws' },
    { id: 'h2', transport: 'http-json', url: 'http://h/history' },
    { id: 'sse', transport: 'sse', url: 'http://h/sse' },
    { id: 'other', transport: 'websocket', url: 'ws://h/other' },
  ];
  const rows: Array<[string, unknown]> = [
    ['ws1', { toy: 1, sid: 'A' }],
    ['other', { hello: 'not toy' }],
    ['ws1', { toy: 2 }],
    ['hist', { toy: 'history' }],
    ['ws2', { ping: true }],
    ['ws2', { toy: 3, sid: 'A' }],
    ['h2', { toy: 'unkeyed history' }],
    ['sse', { toy: 4 }],
    ['sse', { toy: 5 }],
  ];
  const frames: Frame[] = rows.map(([connectionId, json], index) => ({ index, connectionId, time: index, direction: 'in', kind: 'message', data: JSON.stringify(json) }));
  return { connections, frames };
}

/** TabSessions over frames held here, as a tab holds them. */
function tabSessions(registry: readonly ProtocolDefinition[]): TabSessions {
  const held: Frame[] = [];
  const sessions = new TabSessions(registry, (ids) => held.filter((f) => ids.has(f.connectionId)));
  const append = sessions.append.bind(sessions);
  sessions.append = (f) => {
    held.push(f);
    return append(f);
  };
  return sessions;
}

describe('TabSessions', () => {
  it('groups connections as splitSessions does, frame by frame', () => {
    const c = capture();
    const expected = splitSessions(c, [toy]).map((s) => s.connections.map((x) => x.id).sort());
    const live = tabSessions([toy]);
    for (const conn of c.connections) live.addConnection(conn);
    let regrouped = 0;
    for (const f of c.frames) if (live.append(f).regrouped) regrouped++;
    const got = live.summaries().map((s) => [...s.connectionIds].sort());
    expect(new Set(got.map((g) => g.join()))).toEqual(new Set(expected.map((g) => g.join())));
    expect(got).toContainEqual(['hist', 'ws1', 'ws2']);
    expect(got).toContainEqual(['h2', 'sse']);
    expect(regrouped).toBe(3);
  });

  it('counts every frame of a joined session once and keeps frames of unknown connections', () => {
    const c = capture();
    const live = tabSessions([toy]);
    for (const conn of c.connections) live.addConnection(conn);
    for (const f of c.frames) live.append(f);
    live.append({ index: 99, connectionId: 'ghost', time: 0, direction: 'in', kind: 'message', data: 'x' });
    const byId = new Map(live.summaries().map((s) => [s.connectionIds.slice().sort().join(), s]));
    expect(byId.get('hist,ws1,ws2')).toMatchObject({ frames: 5, protocol: 'ag-ui' });
    expect(byId.get('ghost')).toMatchObject({ frames: 1, protocol: 'unknown' });
    expect(live.summaries().reduce((n, s) => n + s.frames, 0)).toBe(c.frames.length + 1);
  });

  it('finds the session key in a frame sent before the one that gave the protocol away', () => {
    // After a reload the page subscribes first ({session_id, last_event_id}); only the replay that
    // follows shows the protocol. The key in the subscription must still join the history response.
    const connections: Connection[] = [
      { id: 'hist', transport: 'http-json', url: 'http://h/history?sid=A' },
      { id: 'ws', transport: 'websocket', url: 'ws://h/ws' },
    ];
    const rows: Array<[string, unknown]> = [
      ['hist', { toy: 'history' }],
      ['ws', { subscribe: true, sid: 'A' }],
      ['ws', { toy: 'replayed' }],
    ];
    const frames: Frame[] = rows.map(([connectionId, json], index) => ({ index, connectionId, time: index, direction: 'in', kind: 'message', data: JSON.stringify(json) }));
    const live = tabSessions([toy]);
    for (const conn of connections) live.addConnection(conn);
    for (const f of frames) live.append(f);
    expect(live.summaries().map((s) => [...s.connectionIds].sort())).toEqual([['hist', 'ws']]);
    expect(splitSessions({ connections, frames }, [toy]).map((s) => s.connections.map((x) => x.id).sort())).toEqual([['hist', 'ws']]);
  });

  it('joins a connection whose headers name its session before it has a frame (an MCP GET stream)', () => {
    const session = { 'mcp-session-id': 's1' };
    const connections: Connection[] = [
      { id: 'init', transport: 'sse', method: 'POST', url: 'http://h/mcp', responseHeaders: session, requestBody: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}' },
      { id: 'get', transport: 'sse', method: 'GET', url: 'http://h/mcp', requestHeaders: session, responseHeaders: session },
    ];
    const frames: Frame[] = [{ index: 0, connectionId: 'init', time: 0, direction: 'in', kind: 'message', data: '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}' }];
    const live = tabSessions(protocols);
    for (const conn of connections) live.addConnection(conn);
    for (const f of frames) live.append(f);
    expect(live.summaries().map((s) => [[...s.connectionIds].sort(), s.protocol])).toEqual([[['get', 'init'], 'mcp']]);
  });
});

describe('TabSessions pipelines', () => {
  // The examples hold findings (broken) and a reload joining a History API response to its stream.
  const examples = ['examples/flat-block-broken.jsonl', 'examples/flat-block-reload.har'];
  const findingsOf = (capture: Capture) =>
    new Map(splitSessions(capture, protocols).map((s) => [s.connections.map((c) => c.id).sort().join(), s.pipeline.findings().map((f) => f.rule)]));
  const counted = (live: TabSessions) =>
    new Map(live.summaries({ findings: true }).map((s) => [s.connectionIds.slice().sort().join(), (s.errors ?? 0) + (s.warnings ?? 0) + (s.infos ?? 0)]));

  for (const file of examples) {
    const { capture } = readInput(fs.readFileSync(file, 'utf8'));
    const expected = new Map([...findingsOf(capture)].map(([k, rules]) => [k, rules.length]));

    it(`${file}: summaries built on demand count what splitSessions finds`, () => {
      const sessions = tabSessions(protocols);
      for (const c of capture.connections) sessions.addConnection(c);
      for (const f of capture.frames) sessions.append(f);
      expect(counted(sessions)).toEqual(expected);
    });

    it(`${file}: summaries asked for along the way (as a watching panel gets them) end with the same counts`, () => {
      const sessions = tabSessions(protocols);
      for (const c of capture.connections) sessions.addConnection(c);
      capture.frames.forEach((f, i) => {
        sessions.append(f);
        if (i % 3 === 0) sessions.summaries();
      });
      expect(counted(sessions)).toEqual(expected);
      // The summaries a panel gets carry no findings: the hub folds nothing for them.
      expect(sessions.summaries().every((s) => s.errors === undefined && s.rules === undefined)).toBe(true);
    });
  }

  it('the broken example does have findings (the comparison above is not between empty maps)', () => {
    const { capture } = readInput(fs.readFileSync('examples/flat-block-broken.jsonl', 'utf8'));
    expect([...findingsOf(capture).values()].flat().length).toBeGreaterThan(0);
  });
});
