// @vitest-environment node
// The demo's MCP endpoint (the SDK's McpServer over Streamable HTTP, demo/mcp/) driven by the SDK's own
// Client in Node, recorded at the client's fetch and read by the inspector with nothing forced: one MCP
// session; the clean variant with no finding and the results the client got; each buggy variant with
// exactly its rule, and the client's behaviour matching the rule's severity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { mcpVariants } from '../../demo/mcp/buggy-variants';
import { splitSessions } from '../../src/analysis/sessions';
import { protocols } from '../../src/protocols/registry';
import { mcpRules } from '../../src/protocols/mcp/rules';
import type { ToolItem } from '../../src/model/view';
import { recordMcpClient } from '../support/mcp-recording';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ port: 0, delayScale: 0 });
});
afterAll(() => server.close());

async function run(variant: string) {
  const recording = await recordMcpClient(`${server.url}mcp?variant=${variant}`);
  const sessions = splitSessions(recording.capture, protocols);
  expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['mcp']);
  return { recording, pipeline: sessions[0]!.pipeline };
}

describe('the demo MCP endpoint', () => {
  it('lists its variants, each buggy one naming a rule of the MCP catalogue', async () => {
    const listed = (await (await fetch(`${server.url}api/mcp`)).json()) as Array<{ id: string; rule?: string }>;
    expect(listed.map((v) => v.id)).toEqual(mcpVariants.map((v) => v.id));
    for (const v of listed.slice(1)) expect(mcpRules.map((r) => r.id)).toContain(v.rule);
  });

  it('serves the page script with the SDK client bundled', async () => {
    const res = await fetch(`${server.url}mcp/page.js`);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const script = await res.text();
    expect(script).toContain('StreamableHTTPClientTransport');
    expect(script).not.toMatch(/^import /m);
  }, 60_000);

  it('clean: the official server as it is, no finding, the results the client got', async () => {
    const { recording, pipeline } = await run('clean');
    expect(pipeline.findings()).toEqual([]);
    expect(recording.clientProgress).toEqual([1, 2, 3]);
    const tools = pipeline.view().items.filter((i): i is ToolItem => i.kind === 'tool');
    expect(tools.map((t) => [t.name, t.status, t.result])).toEqual([
      ['get_weather', 'success', recording.clientResults.get_weather!.text],
      ['book_trip', 'success', recording.clientResults.book_trip!.text],
    ]);
    expect(recording.clientResults.get_weather!.text).toBe('Sunny in Oslo, 21 °C');
  });

  it.each(mcpVariants.filter((v) => v.rule))('$id: exactly $rule', async (variant) => {
    const { recording, pipeline } = await run(variant.id);
    expect([...new Set(pipeline.findings().map((f) => f.rule))]).toEqual([variant.rule]);
    // The client agrees: it rejects the call where the inspector says the call failed or is malformed.
    const rejected = variant.rule === 'mcp/invalid-result' || variant.rule === 'mcp/error-response';
    expect(recording.clientResults.get_weather!.threw === true).toBe(rejected);
    expect(recording.clientResults.book_trip).toEqual({ text: 'Booked a trip to Paris', isError: false });
  });
});
