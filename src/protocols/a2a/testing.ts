// Test helpers for A2A: requests (a JSON-RPC body on a connection) with the events that answer them,
// run through one pipeline of the A2A protocol; and builders of v0.3 and v1.0 results.
import type { Connection, Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import type { RunResult } from '../aisdk-ui/testing';
import { a2aProtocol } from './index';

export interface Exchange {
  method: string;
  id?: number | string;
  params?: unknown;
  /** Each is sent as one SSE event: an object as a JSON-RPC response of `result` unless it has `jsonrpc`; a string as is. */
  events: readonly unknown[];
  /** Ends with a close frame (default true). */
  close?: boolean;
}

export function exchangeCapture(exchanges: readonly Exchange[]): { connections: Connection[]; frames: Frame[] } {
  const connections: Connection[] = [];
  const frames: Frame[] = [];
  exchanges.forEach((x, n) => {
    const id = `c${n + 1}`;
    const rpcId = x.id ?? n + 1;
    connections.push({ id, transport: 'sse', method: 'POST', url: 'http://127.0.0.1:4100/a2a', requestBody: JSON.stringify({ jsonrpc: '2.0', id: rpcId, method: x.method, params: x.params ?? {} }) });
    const push = (kind: Frame['kind'], data: string): void => {
      frames.push({ index: frames.length, connectionId: id, time: frames.length, direction: 'in', kind, data });
    };
    for (const e of x.events) push('message', typeof e === 'string' ? e : JSON.stringify(typeof e === 'object' && e !== null && 'jsonrpc' in e ? e : { jsonrpc: '2.0', id: rpcId, result: e }));
    if (x.close !== false) push('close', '');
  });
  return { connections, frames };
}

export function runExchanges(exchanges: readonly Exchange[], options: { finish?: boolean } = {}): RunResult {
  const { connections, frames } = exchangeCapture(exchanges);
  const pipeline = new SessionPipeline([a2aProtocol], { protocol: 'a2a' });
  const opened = new Set<string>();
  for (const f of frames) {
    if (!opened.has(f.connectionId)) {
      opened.add(f.connectionId);
      const c = connections.find((k) => k.id === f.connectionId);
      if (c) pipeline.addConnection(c);
    }
    pipeline.append(f);
  }
  if (options.finish !== false) pipeline.finish();
  return { view: pipeline.view(), findings: pipeline.findings(), pipeline };
}

// ---- v0.3 builders ----
export const T = 'task-1';
export const C = 'ctx-1';
export const text03 = (text: string) => ({ kind: 'text', text });
export const msg03 = (role: 'user' | 'agent', text: string, messageId = `m-${text}`, extra: Record<string, unknown> = {}) => ({ kind: 'message', messageId, role, parts: [text03(text)], ...extra });
export const task03 = (state = 'submitted', id = T) => ({ kind: 'task', id, contextId: C, status: { state } });
export const status03 = (state: string, final: boolean, message?: unknown, taskId = T) => ({ kind: 'status-update', taskId, contextId: C, status: { state, ...(message !== undefined && { message }) }, final });
export const artifact03 = (text: string, options: { id?: string; append?: boolean; lastChunk?: boolean; taskId?: string; name?: string } = {}) => ({
  kind: 'artifact-update',
  taskId: options.taskId ?? T,
  contextId: C,
  artifact: { artifactId: options.id ?? 'a1', ...(options.name !== undefined && { name: options.name }), parts: [text03(text)] },
  ...(options.append !== undefined && { append: options.append }),
  ...(options.lastChunk !== undefined && { lastChunk: options.lastChunk }),
});
export const send03 = (text: string, taskId?: string) => ({ message: msg03('user', text, `u-${text}`, taskId === undefined ? {} : { taskId, contextId: C }) });

// ---- v1.0 builders ----
export const text1 = (text: string) => ({ text, mediaType: 'text/plain' });
export const msg1 = (role: 'ROLE_USER' | 'ROLE_AGENT', text: string, messageId = `m-${text}`) => ({ messageId, contextId: C, taskId: T, role, parts: [text1(text)] });
export const task1 = (state = 'TASK_STATE_SUBMITTED') => ({ task: { id: T, contextId: C, status: { state } } });
export const status1 = (state: string, message?: unknown, taskId = T) => ({ statusUpdate: { taskId, contextId: C, status: { state, ...(message !== undefined && { message }) } } });
export const artifact1 = (text: string, options: { append?: boolean; lastChunk?: boolean } = {}) => ({
  artifactUpdate: { taskId: T, contextId: C, artifact: { artifactId: 'a1', name: 'forecast', parts: [text1(text)] }, ...options },
});

/** A clean v0.3 exchange: the task asks which city, the answer completes it with an artifact in two chunks. */
export function cleanTurns03(): Exchange[] {
  return [
    { method: 'message/stream', params: send03('Weather?'), events: [task03(), status03('working', false), status03('input-required', true, msg03('agent', 'Which city?'))] },
    {
      method: 'message/stream',
      params: send03('Oslo', T),
      events: [task03('working'), artifact03('Sunny', { name: 'forecast' }), artifact03(', 21 °C', { append: true, lastChunk: true, name: 'forecast' }), status03('completed', true)],
    },
  ];
}
