// Playing the demo agent site's scenarios the way the page does: over a real WebSocket or over SSE read
// with fetch, replies sent as the page sends them, and the events each run should stream from the
// scenario data. Each demo server test file starts its own server with useDemoServer(); `server` is a
// live binding, so tests and helpers read the running one.
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, expect } from 'vitest';
import { WebSocket } from 'ws';
import type { AwaitStep, Step, StreamEvent } from '../../demo/scenarios/events';
import { scenarios } from '../../demo/scenarios/index';
import type { ScenarioModule } from '../../demo/scenarios/types';
import { startDemoServer, type DemoServer } from '../../demo/server-core';

export type Ev = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Outcome = 'approve' | 'edit' | 'reject' | 'answer';

/** The demo server of the running test file, with no delays (useDemoServer). */
export let server: DemoServer;

/** Starts `server` before the calling file's tests and closes it after them. */
export function useDemoServer(): void {
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, delayScale: 0 });
  });
  afterAll(() => server.close());
}

/** The events a run should stream, from the scenario data, taking `outcome` at every wait. */
export function expected(steps: readonly Step[], session: string, outcome: Outcome): Ev[] {
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
export function replyFor(request: Ev, session: string, outcome: Outcome): Ev {
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
export function approvalWatcher(reply: (request: Ev) => void): (event: Ev) => void {
  const open = new Map<number, Ev>();
  return (event) => {
    if (event.type === 'content_block_start' && event.content_block.type === 'approval_request') open.set(event.index, { key: event.content_block.approval_key });
    if (event.type === 'content_block_delta' && open.has(event.index)) open.get(event.index)!.delta = event.delta;
    if (event.type === 'content_block_stop' && open.has(event.index)) reply(open.get(event.index)!);
    if (event.type === 'content_block_stop') open.delete(event.index);
  };
}

export interface WsRun {
  events: Ev[];
  socket: WebSocket;
  done: Promise<Ev[]>;
}

export function openWs(first: Ev, onEvent: (event: Ev) => void = () => undefined, base = server.url): WsRun {
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

export async function playWs(scenario: string, buggy: boolean, outcome: Outcome, session = randomUUID()): Promise<Ev[]> {
  const run = openWs({ type: 'user_message', session_id: session, scenario, buggy }, (event) => reply(event));
  // Replies go over the same socket, as the page sends them.
  const reply = approvalWatcher((request) => run.socket.send(JSON.stringify(replyFor(request, session, outcome))));
  const events = await run.done;
  run.socket.close();
  return events;
}

export async function playSse(scenario: string, buggy: boolean, outcome: Outcome, session = randomUUID()): Promise<Ev[]> {
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

export const strip = (events: Ev[]): Ev[] => events.map(({ event_id: _id, ...rest }) => rest);
export const ids = (events: Ev[]): number[] => events.map((e) => e.event_id);
export const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

export const byId = (id: string): ScenarioModule => scenarios.find((s) => s.meta.id === id)!;
export const playable = scenarios.filter((s) => !s.buggyReplay);
