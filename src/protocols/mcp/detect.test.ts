import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import { detectConnection, detectFrame, sessionKey } from './detect';
import { call, result } from './testing';

const score = (json: unknown) => detectFrame(decodeFrame({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: JSON.stringify(json) }));

describe('mcp detection', () => {
  it('is sure of MCP methods, unsure of bare JSON-RPC responses, and ignores other JSON-RPC methods', () => {
    expect(score(call(1))).toBe(1);
    expect(score({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })).toBe(1);
    expect(score({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', serverInfo: { name: 's' }, capabilities: {} } })).toBe(1);
    expect(score(result(1))).toBe(0.5);
    expect(score({ jsonrpc: '2.0', id: 1, result: { kind: 'task' } })).toBe(0.3);
    expect(score({ jsonrpc: '2.0', id: 1, method: 'message/stream', params: {} })).toBe(0);
    expect(score({ type: 'tools/call' })).toBe(0);
  });

  it('knows the transport by its headers, never by the host', () => {
    expect(detectConnection({ id: 'c', transport: 'sse', responseHeaders: { 'mcp-session-id': 's1' } })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', requestHeaders: { 'mcp-protocol-version': '2025-06-18' } })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://mcp.example.com/mcp' })).toBe(0);
  });

  it('keys a session by Mcp-Session-Id, or by the HTTP+SSE endpoint sessionId', () => {
    expect(sessionKey({ id: 'c', transport: 'sse', requestHeaders: { 'mcp-session-id': 's1' } }, undefined)).toBe('mcp-session:s1');
    expect(sessionKey({ id: 'c', transport: 'sse', url: 'http://127.0.0.1/messages?sessionId=abc' }, undefined)).toBe('mcp-session:abc');
    expect(sessionKey({ id: 'c', transport: 'sse' }, undefined)).toBeUndefined();
  });
});
