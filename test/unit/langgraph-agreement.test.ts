// @vitest-environment node
// Agreement with the official LangGraph client: a thread on the official in-memory server, driven by
// the SDK's Client (a run that stops at an approval, the run that resumes it, a read of the thread's
// state), recorded at the client's fetch, exported in the capture format and read back by `check`,
// `render` and `stats` like any file. The clean thread has no error or warning, and the messages, tool
// calls, interrupt and state the client ended with are the ones the rendering shows.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@langchain/langgraph-sdk';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { check } from '../../src/api/check';
import { render } from '../../src/api/render';
import { runCli } from '../../src/cli/test-support';
import type { ApprovalItem, TextItem, ToolItem, UserItem } from '../../src/model/view';
import { recordLangGraphThread, type LangGraphRecording } from '../support/langgraph-recording';
import { startLangGraphServer } from '../../demo/langgraph/langgraph-server';

let recording: LangGraphRecording;
let file: string;
let text: string;

beforeAll(async () => {
  recording = await recordLangGraphThread();
  text = JSON.stringify(toCaptureFile(recording.capture, { redact: false }));
  file = join(await mkdtemp(join(tmpdir(), 'asi-langgraph-')), 'langgraph-thread.json');
  await writeFile(file, text);
}, 60_000);

afterAll(async () => {
  await (await startLangGraphServer()).close();
});

const textOf = (m: Message): string => (typeof m.content === 'string' ? m.content : m.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));

describe('LangGraph: a thread of the official SDK client and server', () => {
  it('is recorded as two run streams and a state read of one thread', () => {
    expect(recording.capture.connections.map((c) => `${c.method} ${new URL(c.url ?? '').pathname}`)).toEqual([
      `POST /threads/${recording.threadId}/runs/stream`,
      `POST /threads/${recording.threadId}/runs/stream`,
      `GET /threads/${recording.threadId}/state`,
    ]);
    expect(recording.clientInterrupts).toHaveLength(1);
    expect(recording.clientState.values.messages.map((m) => m.type)).toEqual(['human', 'ai', 'tool', 'ai']);
  });

  it('check: one LangGraph session keyed by the thread, no error and no warning', () => {
    const results = check(text);
    expect(results.map((r) => r.protocol)).toEqual(['langgraph']);
    expect(results[0]!.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('render: the messages, the tool call and its result, the approval and the state the client ended with', () => {
    const view = render(text, { format: 'view' });
    const messages = recording.clientState.values.messages;
    const user = view.items.filter((i): i is UserItem => i.kind === 'user');
    expect(user.map((u) => u.text)).toEqual(messages.filter((m) => m.type === 'human').map(textOf));
    const texts = view.items.filter((i): i is TextItem => i.kind === 'text');
    expect(texts.map((t) => t.text)).toEqual(messages.filter((m) => m.type === 'ai' && textOf(m) !== '').map(textOf));
    expect(texts.at(-1)?.text).toBe('It is sunny and 21 °C in Paris.');
    const tools = view.items.filter((i): i is ToolItem => i.kind === 'tool');
    const calls = messages.flatMap((m) => (m.type === 'ai' ? (m.tool_calls ?? []) : []));
    const results = messages.filter((m) => m.type === 'tool');
    expect(tools.map((t) => [t.toolId, t.name, t.input, t.status, t.result])).toEqual(
      calls.map((c) => {
        const result = results.find((r) => r.type === 'tool' && r.tool_call_id === c.id);
        return [c.id, c.name, c.args, result?.type === 'tool' && result.status === 'error' ? 'error' : 'success', result ? textOf(result) : undefined];
      }),
    );
    const approval = view.items.find((i): i is ApprovalItem => i.kind === 'approval');
    expect(approval?.key).toBe(recording.clientInterrupts[0]?.id);
    expect(approval?.actions).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    expect(approval?.outcome).toEqual({ type: 'decided', decisions: ['approve'] });
    expect(view.state).toEqual(recording.clientState.values);
    expect(view.streaming).toBe(false);
  });

  it('the run that stops at the approval, rendered alone: the state keeps its keys beside the interrupt', () => {
    // The official server sends `values: {"__interrupt__": […]}` after the full values; useStream adds the
    // interrupt to the state it holds (StreamManager: `{ ...prev, __interrupt__ }`), so does the view.
    const first = recording.capture.connections[0]!;
    const frames = recording.capture.frames.filter((f) => f.connectionId === first.id);
    const view = render(JSON.stringify(toCaptureFile({ connections: [first], frames }, { redact: false })), { format: 'view' });
    const sent = frames.filter((f) => f.eventName === 'values').map((f) => JSON.parse(f.data) as Record<string, unknown>);
    const full = sent.filter((v) => !('__interrupt__' in v)).at(-1)!;
    expect(Object.keys(sent.at(-1)!)).toEqual(['__interrupt__']);
    expect(Object.keys(full)).toContain('messages');
    expect(view.state).toEqual({ ...full, __interrupt__: sent.at(-1)!.__interrupt__ });
  });

  it('the last values event of each run is the state the client read', () => {
    expect(recording.clientValues.at(-1)).toEqual(recording.clientState.values);
  });

  it('the CLI: check exits 0, render prints the answer, stats counts the session', async () => {
    const checked = await runCli(['check', file]);
    expect(checked.stderr).toContain('0 error(s), 0 warning(s), 0 info in 1 session(s)');
    expect(checked.code).toBe(0);
    const rendered = await runCli(['render', file]);
    expect(rendered.stdout).toContain('It is sunny and 21 °C in Paris.');
    expect(rendered.stdout).toContain('get_weather');
    const stats = await runCli(['stats', file]);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain('langgraph');
  });
});
