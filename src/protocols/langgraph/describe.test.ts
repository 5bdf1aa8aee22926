// The timeline's labels for LangGraph events, and detection by path and by shape (never by host).
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import type { DecodedFrame } from '../../model/frame';
import { describeLangGraphFrame } from './describe';
import { detectConnection, detectFrame, sessionKey } from './detect';
import { chunk, eventFrames, human, interrupt, metadata, values, type Ev } from './test-helpers';

const decoded = (ev: Ev): DecodedFrame => decodeFrame(eventFrames([ev])[0]!);
const unnamed = (data: unknown): DecodedFrame => decodeFrame({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: JSON.stringify(data) });
const state = { values: { messages: [human] }, next: [], tasks: [], checkpoint: {}, metadata: {} };

describe('langgraph describe and detect', () => {
  it('labels events by their stream mode and what they carry', () => {
    expect(describeLangGraphFrame(decoded(metadata))).toEqual({ event: 'metadata', category: 'lifecycle', preview: '01a221bf-dd4e-7590-8d9f-1d56e7474cd1' });
    expect(describeLangGraphFrame(decoded(chunk('Hello')))).toEqual({ event: 'messages: text', label: 'Δ text', category: 'text', preview: 'Hello' });
    expect(describeLangGraphFrame(decoded(chunk('', { tool_call_chunks: [{ index: 0, name: 'get_weather', args: '{"ci' }] })))).toEqual({ event: 'messages: tool call get_weather', label: 'Δ args', category: 'tool-call', preview: '{"ci' });
    expect(describeLangGraphFrame(decoded(values(human)))).toEqual({ event: 'values: 1 messages', label: 'values', category: 'other' });
    expect(describeLangGraphFrame(decoded(interrupt('i1')))).toMatchObject({ event: 'updates: interrupt', label: 'interrupt', category: 'approval' });
    expect(describeLangGraphFrame(decoded(['updates', { agent: {} }]))).toEqual({ event: 'updates: agent', category: 'other' });
    expect(describeLangGraphFrame(decoded(['values|tools:abc', { messages: [] }]))).toEqual({ event: 'values: 0 messages (tools)', label: 'values', category: 'other' });
    expect(describeLangGraphFrame(decoded(['error', { error: 'ValueError', message: 'boom' }]))).toEqual({ event: 'error', category: 'error', preview: 'boom' });
    expect(describeLangGraphFrame(decoded(['end', { run_id: 'r', status: 'success' }]))).toEqual({ event: 'end: success', category: 'lifecycle' });
    expect(describeLangGraphFrame(unnamed(state))).toEqual({ event: 'thread state: 1 messages', category: 'other' });
  });

  it('detects by event name with data of its kind, and a thread state by its shape', () => {
    expect(detectFrame(decoded(metadata))).toBe(1);
    expect(detectFrame(decoded(chunk('x')))).toBe(1);
    expect(detectFrame(decoded(values(human)))).toBe(1);
    expect(detectFrame(decoded(['messages', { type: 'message_start' }]))).toBe(0);
    expect(detectFrame(decoded(['metadata', { session: 1 }]))).toBe(0);
    expect(detectFrame(decoded(['error', { error: 'E', message: 'm' }]))).toBe(0.5);
    expect(detectFrame(unnamed(state))).toBe(1);
    expect(detectFrame(unnamed({ values: 1 }))).toBe(0);
  });

  it('detects run streams by path, thread reads as plausible; the thread id keys the session', () => {
    const conn = (url: string) => ({ id: 'c', transport: 'sse' as const, url });
    const thread = '01a221bf-dcfb-741c-9197-2a6452c91ded';
    expect(detectConnection(conn(`https://any.host/threads/${thread}/runs/stream`))).toBe(1);
    expect(detectConnection(conn(`https://any.host/threads/${thread}/runs/01a221bf-dd4e-7590-8d9f-1d56e7474cd1/stream`))).toBe(1);
    expect(detectConnection(conn('https://any.host/runs/01a221bf-dd4e-7590-8d9f-1d56e7474cd1/stream'))).toBe(1);
    expect(detectConnection(conn('https://any.host/runs/stream'))).toBe(0.5);
    expect(detectConnection(conn(`https://any.host/threads/${thread}/state`))).toBe(0.5);
    expect(detectConnection(conn('https://api.smith.langchain.com/v1/chat'))).toBe(0);
    expect(sessionKey(conn(`https://any.host/threads/${thread}/state`))).toBe(thread);
    expect(sessionKey(conn('https://any.host/runs/stream'))).toBeUndefined();
  });
});
