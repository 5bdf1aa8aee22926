// @vitest-environment node
// Agreement with the official A2A client: a conversation between `@a2a-js/sdk`'s server (the demo's
// agent) and its client, recorded at the client's fetch and read back by `check` and `render` like any
// file. The task the SDK accumulates from the client's events (its ResultManager) is the task the
// rendering shows: final state, the agent's messages, the artifact. Each buggy backend gets its rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { check } from '../../src/api/check';
import { render } from '../../src/api/render';
import type { QuestionItem, TextItem } from '../../src/model/view';
import { V1_STATES } from '../../src/protocols/a2a/schema';
import { A2A_QUESTION, A2A_VARIANTS } from '../../demo/a2a/agent';
import { recordA2aConversation, taskStateToJSON, type A2aRecording } from '../support/a2a-recording';

const textOf = (parts: readonly { content?: { $case: string; value: unknown } }[]): string => parts.map((p) => (p.content?.$case === 'text' ? String(p.content.value) : '')).join('');

let clean: A2aRecording;
let text: string;

beforeAll(async () => {
  clean = await recordA2aConversation('clean', 'Bergen');
  text = JSON.stringify(toCaptureFile(clean.capture, { redact: false }));
}, 30_000);

describe('A2A: a conversation of the official SDK client and server', () => {
  it('is recorded as two SendStreamingMessage streams the client read without error', () => {
    expect(clean.clientErrors).toEqual([]);
    const methods = clean.capture.connections.map((c) => (c.requestBody ? (JSON.parse(c.requestBody) as { method: string }).method : c.method));
    expect(methods).toEqual(['SendStreamingMessage', 'SendStreamingMessage']);
    expect(taskStateToJSON(clean.task!.status!.state)).toBe('TASK_STATE_COMPLETED');
  });

  it('check: one A2A session (one context), no error and no warning', () => {
    const results = check(text);
    expect(results.map((r) => r.protocol)).toEqual(['a2a']);
    expect(results[0]!.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('render: the final state, messages and artifact the SDK accumulated', () => {
    const view = render(text, { format: 'view' });
    const sdkArtifacts = (clean.task!.artifacts ?? []).map((a) => `${a.name}: ${textOf(a.parts)}`);
    expect(sdkArtifacts).toEqual(['forecast: Sunny, 21 °C in Bergen']);
    const texts = view.items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text);
    const sdkAgentMessages = (clean.task!.history ?? []).filter((m) => m.role === 2).map((m) => textOf(m.parts));
    const question = view.items.find((i): i is QuestionItem => i.kind === 'question');
    // The agent's messages: the question (drawn as one) and the closing message; then the artifact.
    expect([question?.questions[0]?.question, ...texts.filter((t) => !t.startsWith('forecast: '))]).toEqual([A2A_QUESTION, ...sdkAgentMessages.filter((t) => t !== A2A_QUESTION)]);
    expect(texts.filter((t) => t.startsWith('forecast: '))).toEqual(sdkArtifacts);
    expect(question).toMatchObject({ state: 'answered', answers: { [A2A_QUESTION]: 'Bergen' } });
    expect(view.items.filter((i) => i.kind === 'user').map((i) => (i as { text: string }).text)).toEqual(['Weather?', 'Bergen']);
    expect(V1_STATES[taskStateToJSON(clean.task!.status!.state)]).toBe('completed');
    expect(view.streaming).toBe(false);
  });

  for (const [variant, { rule }] of Object.entries(A2A_VARIANTS)) {
    it(`the ${variant} backend: ${rule}`, async () => {
      const recording = await recordA2aConversation(variant);
      const results = check(JSON.stringify(toCaptureFile(recording.capture, { redact: false })));
      const rules = results.flatMap((r) => r.findings.map((f) => f.rule));
      expect(rules).toContain(rule);
      // Where the rule is an error, the SDK client fails on that backend; elsewhere it reads on.
      const severity = results.flatMap((r) => r.findings).find((f) => f.rule === rule)?.severity;
      if (severity === 'error' && rule === 'a2a/response-id-mismatch') expect(recording.clientErrors.join()).toContain('ID mismatch');
      else expect(recording.clientErrors).toEqual([]);
    }, 30_000);
  }
});
