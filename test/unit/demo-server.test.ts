// @vitest-environment node
// The demo agent site end to end: each scenario over a real WebSocket and over SSE read with fetch, replies
// sent the way the page sends them, the History API, and the reload replay that must start right after
// last_event_id. An independent probe of the catalogue rules the demo is about checks that the clean
// variants break none and each buggy variant breaks exactly the rules its module declares.
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AwaitStep, Step, StreamEvent } from '../../demo/scenarios/events';
import { scenarios } from '../../demo/scenarios/index';
import type { ScenarioModule } from '../../demo/scenarios/types';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import type { Capture, Frame } from '../../src/model/frame';
import { splitSessions } from '../../src/analysis/sessions';
import { acrossSessionFindings } from '../../src/analysis/across-sessions';
import { historyLiveComparisons } from '../../src/analysis/history-live';
import { protocols } from '../../src/protocols/registry';

type Ev = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Outcome = 'approve' | 'edit' | 'reject' | 'answer';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ port: 0, delayScale: 0 });
});
afterAll(() => server.close());

/** The events a run should stream, from the scenario data, taking `outcome` at every wait. */
function expected(steps: readonly Step[], session: string, outcome: Outcome): Ev[] {
  const out: Ev[] = [];
  const walk = (list: readonly Step[]): void => {
    for (const step of list) {
      if ('await' in step) walk((step as AwaitStep)[outcome] ?? (step as AwaitStep).answer ?? []);
      else if (!('pause' in step)) out.push(JSON.parse(JSON.stringify(step as StreamEvent).replaceAll('{{session}}', session)));
    }
  };
  walk(steps);
  return out;
}

/** Builds the reply the page sends for a finished approval_request block. */
function replyFor(request: Ev, session: string, outcome: Outcome): Ev {
  const action = request.delta.action_requests[0];
  if (action.name !== 'ask_user_question') {
    return { type: 'approval', session_id: session, approval_key: request.key, decisions: [{ type: outcome === 'answer' ? 'approve' : outcome }] };
  }
  const answers: Record<string, string> = {};
  for (const q of action.args.questions) {
    const labels = q.options.filter((o: Ev) => !o.input).map((o: Ev) => o.label);
    answers[q.question] = q.multiSelect ? labels.slice(0, 2).join(', ') : labels[0];
  }
  return { type: 'approval', session_id: session, approval_key: request.key, answers };
}

/** Watches events for complete approval_requests and hands each to `reply` once. */
function approvalWatcher(reply: (request: Ev) => void): (event: Ev) => void {
  const open = new Map<number, Ev>();
  return (event) => {
    if (event.type === 'content_block_start' && event.content_block.type === 'approval_request') open.set(event.index, { key: event.content_block.approval_key });
    if (event.type === 'content_block_delta' && open.has(event.index)) open.get(event.index)!.delta = event.delta;
    if (event.type === 'content_block_stop' && open.has(event.index)) reply(open.get(event.index)!);
    if (event.type === 'content_block_stop') open.delete(event.index);
  };
}

interface WsRun {
  events: Ev[];
  socket: WebSocket;
  done: Promise<Ev[]>;
}

function openWs(first: Ev, onEvent: (event: Ev) => void = () => undefined, base = server.url): WsRun {
  const socket = new WebSocket(`${base.replace('http', 'ws')}ws`);
  const events: Ev[] = [];
  const done = new Promise<Ev[]>((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify(first)));
    socket.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as Ev;
      events.push(event);
      onEvent(event);
      if (event.type === 'message_stop') resolve(events);
    });
    socket.on('error', reject);
  });
  return { events, socket, done };
}

async function playWs(scenario: string, buggy: boolean, outcome: Outcome, session = randomUUID()): Promise<Ev[]> {
  const run = openWs({ type: 'user_message', session_id: session, scenario, buggy }, (event) => reply(event));
  // Replies go over the same socket, as the page sends them.
  const reply = approvalWatcher((request) => run.socket.send(JSON.stringify(replyFor(request, session, outcome))));
  const events = await run.done;
  run.socket.close();
  return events;
}

async function playSse(scenario: string, buggy: boolean, outcome: Outcome, session = randomUUID()): Promise<Ev[]> {
  const res = await fetch(`${server.url}sse?session=${session}&scenario=${scenario}${buggy ? '&buggy=1' : ''}`);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: Ev[] = [];
  const replies: Promise<Response>[] = [];
  const reply = approvalWatcher((request) => {
    replies.push(fetch(`${server.url}approval`, { method: 'POST', body: JSON.stringify(replyFor(request, session, outcome)) }));
  });
  const parser = createParser({
    onEvent: (message) => {
      const event = JSON.parse(message.data) as Ev;
      // The SSE id: and event: lines repeat what the event carries.
      expect([message.id, message.event]).toEqual([String(event.event_id), event.type]);
      events.push(event);
      reply(event);
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  for (const r of await Promise.all(replies)) expect(r.status).toBe(200);
  return events;
}

const strip = (events: Ev[]): Ev[] => events.map(({ event_id: _id, ...rest }) => rest);
const ids = (events: Ev[]): number[] => events.map((e) => e.event_id);
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

const isTodo = (name: unknown): boolean => typeof name === 'string' && name.toLowerCase().includes('todo');

function probeTodos(todos: unknown, broken: Set<string>): void {
  if (!Array.isArray(todos)) return void broken.add('flat/todos-invalid');
  const statuses = ['pending', 'in_progress', 'completed'];
  for (const t of todos as Ev[]) {
    if (typeof t?.content !== 'string' || typeof t.activeForm !== 'string' || !statuses.includes(t.status)) broken.add('flat/todos-invalid');
    else if (!t.content || !t.activeForm) broken.add('flat/todos-empty-text');
  }
  if ((todos as Ev[]).filter((t) => t?.status === 'in_progress').length > 1) broken.add('flat/todos-multiple-in-progress');
}

function probeApproval(delta: Ev, groupOpen: boolean, broken: Set<string>): void {
  for (const action of delta.action_requests ?? []) {
    if (action.name !== 'ask_user_question') {
      if (!groupOpen) broken.add('flat/approval-outside-group');
      continue;
    }
    if (groupOpen) broken.add('flat/question-inside-group');
    const questions = action.args?.questions;
    if (!Array.isArray(questions) || questions.length === 0) broken.add('flat/question-invalid');
    for (const q of questions ?? []) {
      if (!q.question || !Array.isArray(q.options) || !q.options.length || typeof q.multiSelect !== 'boolean') broken.add('flat/question-invalid');
      else if (!q.options.some((o: Ev) => o.input === true)) broken.add('flat/question-no-custom-option');
    }
  }
}

/** The stream rules of section 7 this demo exercises, checked independently of the inspector's own code. */
function probeRules(events: Ev[]): string[] {
  const broken = new Set<string>();
  const open = new Map<unknown, Ev>();
  const tools = new Map<string, Ev>();
  const results = new Set<string>();
  let group: string[] | undefined;
  let inMessage = false;
  const unfinished = (ids: Iterable<string>): void => {
    for (const id of ids) {
      const name = tools.get(id)?.name;
      if (!results.has(id) && !isTodo(name) && name !== 'ask_user_question') broken.add('flat/tool-without-result');
    }
  };
  for (const e of events) {
    if (e.type === 'message_start') inMessage = true;
    else if (!inMessage) broken.add('flat/event-outside-message');
    const block = e.content_block ?? {};
    if (e.type === 'content_block_start') {
      if (open.has(e.index)) broken.add('flat/block-duplicate-start');
      open.set(e.index, block);
    }
    if (e.type === 'content_block_start' && block.type === 'tool_use') {
      if (tools.has(block.id)) broken.add('flat/tool-use-duplicate-id');
      tools.set(block.id, block);
      group?.push(block.id);
      if (!block.tool_content_message) broken.add('flat/tool-empty-label');
      if (block.name === 'ask_user_question') broken.add('flat/question-tool-streamed');
      if (isTodo(block.name)) probeTodos(block.input?.todos, broken);
    }
    if (e.type === 'content_block_start' && block.type === 'tool_result') {
      const use = tools.get(block.tool_use_id);
      if (!use) broken.add('flat/tool-result-orphan');
      if (results.has(block.tool_use_id)) broken.add('flat/tool-result-duplicate');
      if (use?.name === 'ask_user_question') broken.add('flat/question-tool-streamed');
      if (isTodo(use?.name)) broken.add('flat/todos-has-result');
      if (!block.tool_content_message) broken.add('flat/tool-empty-label');
      results.add(block.tool_use_id);
    }
    if (e.type === 'content_block_delta') {
      const target = open.get(e.index);
      if (!target) broken.add('flat/block-delta-without-start');
      else if (target.type === 'tool_use' && isTodo(target.name)) broken.add('flat/todos-delta');
      else if (target.type === 'approval_request') probeApproval(e.delta, group !== undefined, broken);
    }
    if (e.type === 'content_block_stop' && !open.delete(e.index)) broken.add('flat/block-stop-without-start');
    if (e.type === 'group_start') {
      if (group) broken.add('flat/group-start-while-open');
      group = [];
    }
    if (e.type === 'group_end') {
      if (!group) broken.add('flat/group-end-without-start');
      if (typeof e.summary !== 'string' || !e.summary) broken.add('flat/group-end-missing-summary');
      unfinished(group ?? []);
      group = undefined;
    }
    if (e.type === 'message_stop') {
      if (open.size) broken.add('flat/block-not-stopped');
      if (group) broken.add('flat/group-not-ended');
      unfinished(tools.keys());
      inMessage = false;
    }
  }
  return [...broken].sort();
}

const byId = (id: string): ScenarioModule => scenarios.find((s) => s.meta.id === id)!;
const playable = scenarios.filter((s) => !s.buggyReplay);
/** Buggy variants whose stream breaks the rules (not their replay or their History API). */
const streamBuggy = playable.filter((s) => !s.buggyHistory);

describe('demo scenarios over WebSocket and SSE', () => {
  it.each(playable.map((s) => [s.meta.id, s] as const))('%s: the clean run arrives complete, in order, breaking no rule', async (id, s) => {
    for (const play of [playWs, playSse]) {
      const session = randomUUID();
      const events = await play(id, false, 'approve', session);
      expect(ids(events)).toEqual(range(1, events.length));
      expect(strip(events)).toEqual(expected(s.events, session, 'approve'));
      expect(probeRules(events)).toEqual([]);
    }
  });

  it.each(streamBuggy.map((s) => [s.meta.id, s] as const))('%s: the buggy run breaks exactly its declared rules', async (id, s) => {
    const session = randomUUID();
    const events = await playWs(id, true, 'approve', session);
    expect(strip(events)).toEqual(expected(s.buggyEvents, session, 'approve'));
    expect(probeRules(events)).toEqual([...s.brokenRules].sort());
  });

  it('approval: a rejection ends the tool with an error and still closes the group', async () => {
    const events = await playSse('approval', false, 'reject');
    const result = events.find((e) => e.content_block?.type === 'tool_result' && e.content_block.tool_use_id === 'toolu_a_portfolio');
    expect(result?.content_block.status).toBe('error');
    expect(events.find((e) => e.content_block?.type === 'approval_result')?.content_block.decisions).toEqual([{ type: 'reject' }]);
    expect(probeRules(events)).toEqual([]);
  });

  it('question: decisions are refused, answers continue the run in a new group', async () => {
    const session = randomUUID();
    const events: Ev[] = [];
    const res = await fetch(`${server.url}sse?session=${session}&scenario=question`);
    const answered = new Promise<void>((resolve) => {
      const watch = approvalWatcher(async (request) => {
        const post = (frame: Ev) => fetch(`${server.url}approval`, { method: 'POST', body: JSON.stringify(frame) });
        const wrong = await post({ type: 'approval', session_id: session, approval_key: request.key, decisions: [{ type: 'approve' }] });
        expect(wrong.status).toBe(409);
        expect((await post(replyFor(request, session, 'answer'))).status).toBe(200);
        resolve();
      });
      const parser = createParser({ onEvent: (m) => (events.push(JSON.parse(m.data)), watch(events.at(-1)!)) });
      void (async () => {
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) parser.feed(Buffer.from(chunk).toString('utf8'));
      })();
    });
    await answered;
    await expect.poll(() => events.at(-1)?.type).toBe('message_stop');
    const request = events.findIndex((e) => e.content_block?.type === 'approval_request');
    expect(events.slice(request + 3).map((e) => e.type).slice(0, 1)).toEqual(['group_start']);
    const history = await (await fetch(`${server.url}history?session_id=${session}`)).json();
    const resolved = history.messages.find((m: Ev) => m.content?.[0]?.type === 'approval_request');
    expect(resolved.content[0].submittedAnswers).toEqual({
      'Thảo muốn tập trung vào mục tiêu nào?': 'Cổ tức bền vững (Recommended)',
      'Nhóm ngành quan tâm?': 'Ngân hàng, Thép (Steel)',
    });
    expect(resolved.display_type).toBe('content');
  });
});

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

describe('demo server edges', () => {
  it('serves the page, its scripts and the SSE parser, and nothing outside public/', async () => {
    const page = await fetch(server.url);
    expect(await page.text()).toContain('<script type="module" src="/app.js">');
    for (const file of ['app.js', 'blocks.js', 'render.js', 'forms.js', 'transport.js', 'style.css', 'vendor/eventsource-parser.js']) {
      expect((await fetch(`${server.url}${file}`)).status, file).toBe(200);
    }
    expect((await fetch(`${server.url}..%2Fserver-core.ts`)).status).toBe(404);
    expect((await fetch(`${server.url}server-core.ts`)).status).toBe(404);
    const listed = await (await fetch(`${server.url}api/scenarios`)).json();
    expect(listed.map((s: Ev) => s.id)).toEqual(['normal', 'todos', 'approval', 'question', 'reload', 'history']);
  });

  it('answers malformed client frames with an error event and keeps the socket open', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}ws`);
    await new Promise((resolve) => socket.on('open', resolve));
    const replies: Ev[] = [];
    socket.on('message', (raw) => replies.push(JSON.parse(String(raw))));
    socket.send('{not json');
    socket.send(JSON.stringify({ type: 'approval', session_id: 'nope', approval_key: 'nope_1', decisions: ['approve'] }));
    socket.send(JSON.stringify({ type: 'user_message', session_id: randomUUID(), scenario: 'no-such-scenario' }));
    await expect.poll(() => replies.length).toBe(3);
    expect(replies.map((r) => r.type)).toEqual(['error', 'error', 'error']);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('refuses a second start with the same id, and tells a caught-up SSE reconnect to stop', async () => {
    const session = randomUUID();
    const events = await playWs('normal', false, 'approve', session);
    const again = await openWs({ type: 'user_message', session_id: session, scenario: 'normal' }, undefined).socket;
    const refusal = await new Promise<Ev>((resolve) => again.on('message', (raw) => resolve(JSON.parse(String(raw)))));
    expect(refusal).toMatchObject({ type: 'error', error: { message: expect.stringContaining('already exists') } });
    again.close();
    // EventSource reconnects with Last-Event-ID; a finished run it has fully seen answers 204 so it stops.
    const caughtUp = await fetch(`${server.url}sse?session=${session}`, { headers: { 'last-event-id': String(events.length) } });
    expect(caughtUp.status).toBe(204);
    const behind = await fetch(`${server.url}sse?session=${session}`, { headers: { 'last-event-id': String(events.length - 2) } });
    expect((await behind.text()).match(/^id: \d+$/gm)).toEqual([`id: ${events.length - 1}`, `id: ${events.length}`]);
  });
});
