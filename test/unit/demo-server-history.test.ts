// @vitest-environment node
// The demo site's History API and the reload replay, which must start right after last_event_id: what
// history holds after a run and in the middle of one, and what the inspector finds when it reads a page
// load and then a reload.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import type { Capture, Frame } from '../../src/model/frame';
import { splitSessions } from '../../src/analysis/sessions';
import { acrossSessionFindings } from '../../src/analysis/across-sessions';
import { historyLiveComparisons } from '../../src/analysis/history-live';
import { protocols } from '../../src/protocols/registry';
import { byId, expected, ids, openWs, playable, playWs, range, server, strip, useDemoServer, type Ev } from '../support/demo-runs';
import { probeRules } from '../support/demo-rule-probe';

useDemoServer();

/** A page load that streamed `live` over a socket, then a reload: the History API response, and the replay after its cursor. */
function reloadCapture(session: string, scenario: string, live: Ev[], history: Ev, replay: Ev[] = []): Capture {
  const frames: Frame[] = [];
  const add = (connectionId: string, direction: 'in' | 'out', data: unknown) =>
    frames.push({ index: frames.length, connectionId, time: frames.length, direction, kind: 'message', data: JSON.stringify(data) });
  add('ws', 'out', { type: 'user_message', session_id: session, scenario });
  for (const e of live) add('ws', 'in', e);
  add('history', 'in', history);
  if (replay.length > 0) add('ws2', 'out', { type: 'subscribe', session_id: session, last_event_id: history.last_event_id });
  for (const e of replay) add('ws2', 'in', e);
  const connections: Capture['connections'] = [
    { id: 'ws', transport: 'websocket', url: `${server.url}ws` },
    { id: 'history', transport: 'http-json', url: `${server.url}history?session_id=${session}` },
    { id: 'ws2', transport: 'websocket', url: `${server.url}ws` },
  ];
  return { connections, frames };
}

/** The error and warning rules the inspector reports on a capture, with the checks across requests. */
function inspectorRules(capture: Capture): string[] {
  const sessions = splitSessions(capture, protocols);
  const across = acrossSessionFindings(sessions);
  return sessions.flatMap((s) => [...s.pipeline.findings(), ...(across.get(s) ?? [])]).filter((f) => f.severity !== 'info').map((f) => f.rule);
}

describe('History API that differs from the stream (scenario history)', () => {
  /** The inspector's findings for the live run and the history read after it. */
  async function checkReload(buggy: boolean): Promise<{ rules: string[]; toolCalls: string[] }> {
    const session = randomUUID();
    const events = await playWs('history', buggy, 'approve', session);
    const history = await (await fetch(`${server.url}history?session_id=${session}`)).json();
    return {
      rules: inspectorRules(reloadCapture(session, 'history', events, history)),
      toolCalls: history.messages.flatMap((m: Ev) => (m.tool_calls ?? []).map((c: Ev) => c.id)),
    };
  }

  it.each(playable.map((s) => [s.meta.id] as const))('%s: reloaded after the clean run, history shows what was streamed', async (id) => {
    const session = randomUUID();
    const events = await playWs(id, false, 'answer', session);
    const history = await (await fetch(`${server.url}history?session_id=${session}`)).json();
    const compared = splitSessions(reloadCapture(session, id, events, history), protocols).flatMap(historyLiveComparisons);
    expect(compared.map((c) => c.difference?.message)).toEqual([undefined]);
  });

  it('the clean twin answers the turn as streamed', async () => {
    const { rules, toolCalls } = await checkReload(false);
    expect(toolCalls).toEqual(['toolu_h_news', 'toolu_h_flow', 'toolu_h_price']);
    expect(rules).toEqual([]);
  });

  it('the buggy backend drops the group\'s second tool, and the inspector reports exactly the declared rule', async () => {
    const { rules, toolCalls } = await checkReload(true);
    expect(toolCalls).toEqual(['toolu_h_news', 'toolu_h_price']);
    expect(rules).toEqual([...byId('history').brokenRules]);
  });
});

describe('History API and reload', () => {
  it('a finished run: every group closed, display types in order, cursor at the last event', async () => {
    const session = randomUUID();
    const events = await playWs('normal', false, 'approve', session);
    const history = await (await fetch(`${server.url}history?session_id=${session}`)).json();
    expect(history.agent_status).toBe('completed');
    expect(history.last_event_id).toBe(events.length);
    expect(history.messages.map((m: Ev) => `${m.role}:${m.display_type}${m.message_type ? `:${m.message_type}` : ''}`)).toEqual([
      'user:content',
      'assistant:content:chat',
      'assistant:group_start:step',
      'assistant:group_item:step',
      'tool:group_item',
      'assistant:group_item:step',
      'tool:group_item',
      'assistant:group_end:step',
      'assistant:content:step',
    ]);
    expect(history.messages[2].summary).toBe('Tìm kiếm thông tin thị trường phiên 25/03/2026');
    expect(history.messages[7].summary).toBe('Tìm kiếm thông tin thị trường phiên 25/03/2026');
    expect(history.messages[8].content[0]).toMatchObject({ type: 'text', is_final: true, text: expect.stringMatching(/^VNINDEX hôm nay tăng 2\.69%/) });
    expect(history.workspace.todos.map((t: Ev) => t.status)).toEqual(['completed', 'completed', 'in_progress']);
  });

  describe.each([false, true])('reload mid-run (buggy=%s)', (buggy) => {
    let slow: DemoServer;
    beforeAll(async () => {
      slow = await startDemoServer({ port: 0, delayScale: 0.03 });
    });
    afterAll(() => slow.close());

    it('replays from last_event_id and continues the open group to its end', async () => {
      const session = randomUUID();
      const url = `${slow.url.replace('http', 'ws')}ws`;
      // Watch the run until the second tool is running, then drop the connection as a reload does.
      const before = await new Promise<Ev[]>((resolve) => {
        const socket = new WebSocket(url);
        const seen: Ev[] = [];
        socket.on('open', () => socket.send(JSON.stringify({ type: 'user_message', session_id: session, scenario: 'reload', buggy })));
        socket.on('message', (raw) => {
          seen.push(JSON.parse(String(raw)));
          if (seen.at(-1)!.type === 'content_block_stop' && seen.at(-2)?.content_block?.id === 'toolu_r_flow') {
            socket.close();
            resolve(seen);
          }
        });
      });
      const history = await (await fetch(`${slow.url}history?session_id=${session}`)).json();
      expect(history.agent_status).toBe('running');
      expect(history.last_event_id).toBeGreaterThanOrEqual(before.at(-1)!.event_id);
      // History covers exactly the tool calls streamed up to its cursor; the open group has not ended.
      const streamedCalls = before.filter((e) => e.content_block?.type === 'tool_use' && e.event_id < history.last_event_id);
      const historyCalls = history.messages.flatMap((m: Ev) => (m.tool_calls ?? []).map((c: Ev) => c.id));
      expect(historyCalls.slice(0, streamedCalls.length)).toEqual(streamedCalls.map((e) => e.content_block.id));
      expect(history.messages.filter((m: Ev) => m.display_type === 'group_start')).toHaveLength(1);
      expect(history.messages.some((m: Ev) => m.display_type === 'group_end' || m.group_closed)).toBe(false);
      expect(history.workspace.todos.filter((t: Ev) => t.status === 'in_progress')).toHaveLength(1);

      const replay = await openWs({ type: 'subscribe', session_id: session, last_event_id: history.last_event_id }, undefined, slow.url).done;
      const cursor = history.last_event_id as number;
      const all = expected(byId('reload').events, session, 'approve');
      if (buggy) {
        // The event at the cursor comes again: a stop for a block that is no longer open.
        expect(replay[0]).toMatchObject({ event_id: cursor, type: 'content_block_stop' });
        expect(ids(replay)).toEqual(range(cursor, all.length - cursor + 1));
      } else {
        expect(ids(replay)).toEqual(range(cursor + 1, all.length - cursor));
        expect(strip(replay)).toEqual(all.slice(cursor));
      }
      expect(replay.map((e) => e.type)).toContain('group_end');
      const joined = [...before.filter((e) => e.event_id <= cursor), ...replay];
      expect(probeRules(joined).length === 0).toBe(!buggy);
      if (buggy) expect(probeRules(joined)).toEqual(['flat/block-stop-without-start']);
      // History read mid-run is a prefix of what the page showed live: no history-against-live finding.
      const compared = splitSessions(reloadCapture(session, 'reload', before, history, replay), protocols).flatMap(historyLiveComparisons);
      expect(compared.map((c) => c.difference)).toEqual([undefined]);
    });
  });
});
