// @vitest-environment node
// Agreement with the official MCP client: a session between the SDK's own McpServer and Client over
// Streamable HTTP, recorded at the client's fetch, exported in the capture format and read back by
// `check`, `render` and `stats` like any file: the clean run has no error or warning, and the tool
// results the client got are the ones the rendering shows.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { check } from '../../src/api/check';
import { render } from '../../src/api/render';
import { runCli } from '../../src/cli/test-support';
import type { QuestionItem, ToolItem } from '../../src/model/view';
import { recordMcpSession, type McpRecording } from '../support/mcp-recording';

let recording: McpRecording;
let file: string;
let text: string;

beforeAll(async () => {
  recording = await recordMcpSession();
  text = JSON.stringify(toCaptureFile(recording.capture, { redact: false }));
  file = join(await mkdtemp(join(tmpdir(), 'asi-mcp-')), 'mcp-session.json');
  await writeFile(file, text);
}, 30_000);

describe('MCP: a session of the official SDK client and server', () => {
  it('is recorded as several HTTP requests of one MCP session', () => {
    expect(recording.capture.connections.length).toBeGreaterThanOrEqual(4);
    expect(recording.clientResults.get_weather).toEqual({ text: 'Sunny in Oslo, 21 °C', isError: false });
    expect(recording.clientResults.book_trip).toEqual({ text: 'Booked a trip to Paris', isError: false });
    expect(recording.clientProgress).toEqual([1, 2, 3]);
  });

  it('check: one MCP session, no error and no warning', () => {
    const results = check(text);
    expect(results.map((r) => r.protocol)).toEqual(['mcp']);
    expect(results[0]!.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('render: the tool results the client got, the progress it saw, the elicitation answered', () => {
    const view = render(text, { format: 'view' });
    const tools = view.items.filter((i): i is ToolItem => i.kind === 'tool');
    expect(tools.map((t) => [t.name, t.status, t.result])).toEqual([
      ['get_weather', 'success', recording.clientResults.get_weather!.text],
      ['book_trip', 'success', recording.clientResults.book_trip!.text],
    ]);
    expect(tools[0]!.progress).toEqual({ progress: 3, total: 3, message: 'step 3' });
    const question = view.items.find((i): i is QuestionItem => i.kind === 'question');
    expect(question).toMatchObject({ state: 'answered', questions: [{ question: 'Where to?', options: [{ label: 'Oslo' }, { label: 'Paris' }] }] });
    expect(question?.answers).toEqual({ 'Where to?': 'Paris' });
    expect(view.streaming).toBe(false);
  });

  it('the CLI: check exits 0, render prints the calls, stats counts the session', async () => {
    const checked = await runCli(['check', file]);
    expect(checked.stderr).toContain('0 error(s), 0 warning(s), 0 info in 1 session(s)');
    expect(checked.code).toBe(0);
    const rendered = await runCli(['render', file]);
    expect(rendered.code).toBe(0);
    expect(rendered.stdout).toContain('● done — Get weather (get_weather)');
    expect(rendered.stdout).toContain('A: Paris');
    const stats = await runCli(['stats', '--json', file]);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain('"mcp"');
  });
});
