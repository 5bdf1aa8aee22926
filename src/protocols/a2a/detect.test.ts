import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import { describeA2aFrame } from './describe';
import { detectConnection, detectFrame, sessionKey } from './detect';
import { artifact03, artifact1, msg03, status03, status1, task03, task1 } from './testing';

const frame = (json: unknown, direction: 'in' | 'out' = 'in') => decodeFrame({ index: 0, connectionId: 'c', time: 0, direction, kind: 'message', data: JSON.stringify(json) });
const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
const post = (method: string) => ({ id: 'c', transport: 'sse' as const, url: 'https://agents.example.com/anything', requestBody: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }) });

describe('a2a detection', () => {
  it('is sure of both wire versions by the shape of a result, never of bare JSON-RPC or MCP results', () => {
    for (const result of [task03(), status03('working', false), artifact03('x'), msg03('agent', 'hi'), task1(), status1('TASK_STATE_WORKING'), artifact1('x')]) expect(detectFrame(frame(rpc(result)))).toBe(1);
    expect(detectFrame(frame(rpc({ content: [{ type: 'text', text: 'x' }] })))).toBe(0);
    expect(detectFrame(frame({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } }))).toBe(0);
    expect(detectFrame(frame({ type: 'status-update' }))).toBe(0);
  });

  it('knows a request by its method (tasks/get, shared with MCP, only plausibly) and the SDK by its header, never by the host', () => {
    expect(detectConnection(post('message/stream'))).toBe(1);
    expect(detectConnection(post('SendStreamingMessage'))).toBe(1);
    expect(detectConnection(post('tasks/resubscribe'))).toBe(1);
    expect(detectConnection(post('tasks/get'))).toBe(0.5);
    expect(detectConnection(post('tools/call'))).toBe(0);
    expect(detectConnection({ id: 'c', transport: 'sse', requestHeaders: { 'a2a-version': '1.0' } })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://a2a.example.com/a2a' })).toBe(0);
  });

  it('keys a session by the conversation (contextId), from the request or the first result', () => {
    expect(sessionKey({ id: 'c', transport: 'sse', requestBody: JSON.stringify({ params: { message: { contextId: 'k1' } } }) }, undefined)).toBe('a2a-context:k1');
    expect(sessionKey({ id: 'c', transport: 'sse' }, frame(rpc(task1())))).toBe('a2a-context:ctx-1');
    expect(sessionKey({ id: 'c', transport: 'sse' }, frame(rpc(status03('working', false))))).toBe('a2a-context:ctx-1');
    expect(sessionKey({ id: 'c', transport: 'sse' }, undefined)).toBeUndefined();
  });

  it('labels events briefly, with a shorter form for narrow timelines', () => {
    expect(describeA2aFrame(frame(rpc(task03())))).toMatchObject({ event: 'task submitted', category: 'lifecycle' });
    expect(describeA2aFrame(frame(rpc(status1('TASK_STATE_INPUT_REQUIRED', { messageId: 'q', role: 'ROLE_AGENT', parts: [{ text: 'Which city?' }] }))))).toEqual({ event: 'status input-required (final)', label: 'input-required ■', category: 'approval', preview: 'Which city?' });
    expect(describeA2aFrame(frame(rpc(artifact03(', 21 °C', { append: true, name: 'forecast' }))))).toEqual({ event: 'artifact forecast +chunk', label: 'Δ artifact', category: 'text', preview: ', 21 °C' });
    expect(describeA2aFrame(frame({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Task not found' } }))).toMatchObject({ event: 'error -32001', category: 'error' });
    expect(describeA2aFrame(decodeFrame({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: 'not json' })).event).toBe('(text)');
  });
});
