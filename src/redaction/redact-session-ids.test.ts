// Session ids (MCP's Mcp-Session-Id) leave an export as stand-ins: the value is gone, and equal values
// stay equal, so the MCP session join and every finding read the same on the redacted export.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check } from '../api/check';
import type { Capture, Connection } from '../model/frame';
import { readInput } from '../readers/read-input';
import { redactCapture } from './redact';

const RECORDING = 'src/protocols/mcp/testdata/valid-sdk-tool-progress-elicitation.json';

function connection(id: string, session: string): Connection {
  return { id, transport: 'sse', url: 'http://127.0.0.1/mcp', requestHeaders: { 'mcp-session-id': session }, responseHeaders: { 'content-type': 'text/event-stream' } };
}

describe('redaction of session ids', () => {
  it('gives equal ids equal stand-ins and different ids different ones, listing each header', () => {
    const input: Capture = { connections: [connection('a', 'f3a1-secret'), connection('b', 'f3a1-secret'), connection('c', '77c2-other')], frames: [] };
    const { capture, items } = redactCapture(input);
    expect(capture.connections.map((c) => c.requestHeaders?.['mcp-session-id'])).toEqual(['[REDACTED session 1]', '[REDACTED session 1]', '[REDACTED session 2]']);
    expect(items.map((i) => i.path)).toEqual([0, 1, 2].map((i) => `connections[${i}].requestHeaders.mcp-session-id`));
    // Redacting an export again changes nothing.
    expect(redactCapture(capture).capture).toEqual(capture);
  });

  it('keeps the findings and sessions of a real SDK recording while removing its session id', () => {
    const { capture } = readInput(readFileSync(RECORDING, 'utf8'));
    const ids = new Set(capture.connections.flatMap((c) => [c.requestHeaders?.['mcp-session-id'], c.responseHeaders?.['mcp-session-id']]).filter((v) => v !== undefined));
    expect(ids.size).toBeGreaterThan(0);
    const redacted = redactCapture(capture).capture;
    const text = JSON.stringify(redacted);
    for (const id of ids) expect(text).not.toContain(id);
    const summary = (c: Capture) => check(c).map((r) => ({ protocol: r.protocol, findings: r.findings.map((f) => [f.rule, f.location]) }));
    expect(summary(capture).length).toBeGreaterThan(0);
    expect(summary(redacted)).toEqual(summary(capture));
  });
});
