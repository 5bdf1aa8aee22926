// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCli, tempFile } from './test-support';

interface Otlp {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: { name: string; kind: number; traceId: string }[] }[] }[];
}

describe('otel', () => {
  it('writes one OTLP/JSON request for all files: a span per request and per tool call', async () => {
    const r = await runCli(['otel', 'examples/openai-tool-loop.har', 'examples/anthropic-tool-loop.har']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const spans = (JSON.parse(r.stdout) as Otlp).resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans));
    // 4 requests and 3 tool calls in each file; each file's conversation is one trace.
    expect(spans.filter((s) => s.kind === 3)).toHaveLength(8);
    expect(spans.filter((s) => s.kind === 1).map((s) => s.name)).toEqual(Array(6).fill('execute_tool get_weather'));
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(2);
  });

  it('--out writes the file; an unreadable input exits 2 and the others are still written', async () => {
    const out = await tempFile('trace.json', '');
    const r = await runCli(['otel', '--out', out, '--service', 'checkout-ui', 'examples/flat-block-reload.har', 'no/such/file.har']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('no/such/file.har: no such file\n');
    const written = JSON.parse(await readFile(out, 'utf8')) as Otlp & { resourceSpans: { resource: { attributes: { key: string; value: { stringValue: string } }[] } }[] };
    expect(written.resourceSpans[0]?.resource.attributes).toEqual([{ key: 'service.name', value: { stringValue: 'checkout-ui' } }]);
    expect(written.resourceSpans[0]?.scopeSpans[0]?.spans.length).toBeGreaterThan(0);
  });
});
