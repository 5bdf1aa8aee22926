// Every registered protocol is complete: schema, detector, fold and rules in its own folder, at
// least one valid and one invalid fixture that detection recognises without help, and a test that
// names every rule id it can report.
// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { protocols } from '../../src/protocols/registry';
import { FAILURE_RULE } from '../support/failure-rules';

const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const chatChunk = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }] };

/** A small well-formed stream per protocol that reports its own failure. */
const FAILING: Record<string, string> = {
  'ag-ui': JSON.stringify([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'RUN_ERROR', message: 'quota exceeded' }]),
  anthropic: `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [], model: 'claude', usage: { input_tokens: 1, output_tokens: 1 } } })}\n\nevent: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'quota exceeded' } })}\n\n`,
  'openai-chat': sse([chatChunk, { error: { message: 'quota exceeded', type: 'insufficient_quota' } }]),
  'openai-responses': sse([{ type: 'response.created', sequence_number: 0, response: { id: 'r', created_at: 1760000000, model: 'gpt-5', status: 'in_progress', output: [] } }, { type: 'response.failed', sequence_number: 1, response: { id: 'r', status: 'failed', output: [], error: { code: 'insufficient_quota', message: 'quota exceeded' } } }]),
  'aisdk-ui': sse([{ type: 'start', messageId: 'm' }, { type: 'error', errorText: 'quota exceeded' }, { type: 'finish' }]) + 'data: [DONE]\n\n',
  'aisdk-data': 'f:{"messageId":"m"}\n0:"Hi"\n3:"quota exceeded"\n',
  'gemini-interactions': sse([{ interaction: { id: 'v1', status: 'in_progress' }, event_type: 'interaction.created' }, { event_type: 'error', error: { code: 'resource_exhausted', message: 'quota exceeded' } }]),
  cohere: sse([{ id: 'm', type: 'message-start', delta: { message: { role: 'assistant' } } }, { type: 'message-end', delta: { finish_reason: 'ERROR', error: 'quota exceeded' } }]),
  gemini: sse([{ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }] }, { error: { code: 429, message: 'quota exceeded', status: 'RESOURCE_EXHAUSTED' } }]),
  mcp: JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: {} } }, { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'quota exceeded' } }]),
  langgraph: `event: metadata\ndata: {"run_id":"r1"}\n\nevent: error\ndata: {"error":"RateLimitError","message":"quota exceeded"}\n\n`,
  a2a: sse([
    { jsonrpc: '2.0', id: 1, result: { kind: 'task', id: 't', contextId: 'c', status: { state: 'submitted' } } },
    { jsonrpc: '2.0', id: 1, result: { kind: 'status-update', taskId: 't', contextId: 'c', final: true, status: { state: 'failed', message: { kind: 'message', messageId: 'm', role: 'agent', parts: [{ kind: 'text', text: 'quota exceeded' }] } } } },
  ]),
};

const RULE_PREFIX: Record<string, string> = {
  'flat-block': 'flat/',
  'ag-ui': 'agui/',
  anthropic: 'anthropic/',
  'openai-chat': 'openai-chat/',
  'openai-responses': 'openai-responses/',
  'aisdk-ui': 'aisdk/',
  'aisdk-data': 'aisdk/',
  gemini: 'gemini/',
  cohere: 'cohere/',
  'gemini-interactions': 'gemini-interactions/',
  mcp: 'mcp/',
  langgraph: 'langgraph/',
  a2a: 'a2a/',
};

function folder(id: string): string {
  return join('src/protocols', id);
}

function testSources(id: string): string {
  return readdirSync(folder(id))
    .filter((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx') || f === 'rule-cases.ts')
    .map((f) => readFileSync(join(folder(id), f), 'utf8'))
    .join('\n');
}

function fixtures(id: string, kind: 'valid' | 'invalid'): string[] {
  const dir = join(folder(id), 'testdata');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.startsWith(`${kind}-`)).map((f) => join(dir, f));
}

describe.each(protocols.map((p) => [p.id, p] as const))('protocol %s', (id, protocol) => {
  it('has its own folder with a schema, a detector, a fold and rules', () => {
    for (const file of ['schema.ts', 'detect.ts', 'rules.ts', 'index.ts']) expect(existsSync(join(folder(id), file)), file).toBe(true);
    expect(readdirSync(folder(id)).some((f) => /^fold.*\.ts$/.test(f) && !f.includes('.test.'))).toBe(true);
    expect(typeof protocol.detectFrame).toBe('function');
    expect(typeof protocol.createFold().apply).toBe('function');
  });

  it('has unique, prefixed rule ids with a severity and a description', () => {
    const ids = protocol.rules.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of protocol.rules) {
      expect(rule.id.startsWith(RULE_PREFIX[id] ?? '?')).toBe(true);
      expect(['error', 'warning', 'info']).toContain(rule.severity);
      expect(rule.description.length).toBeGreaterThan(10);
    }
  });

  // flat-block's catalogue is its spec's (flat-block-protocol.md §7), which has no rule for its `error`
  // event; the event still renders as a failed turn.
  it.skipIf(id === 'flat-block')('has one "the stream reports its own failure" rule, at warning', () => {
    const rule = protocol.rules.find((r) => r.id === FAILURE_RULE[id]);
    expect(rule, `${id} names no failure rule`).toBeDefined();
    expect(rule?.severity).toBe('warning');
    expect(rule?.description).toMatch(/fail|error/i);
  });

  it.skipIf(id === 'flat-block')('shows a stream that reports its own failure as a failed turn, with that rule', () => {
    const sessions = splitSessions(readInput(FAILING[id] ?? '').capture, protocols);
    expect(sessions.map((s) => s.pipeline.protocol)).toEqual([id]);
    const findings = sessions[0]!.pipeline.findings();
    expect(findings.filter((f) => f.severity !== 'info').map((f) => [f.rule, f.severity])).toEqual([[FAILURE_RULE[id], 'warning']]);
    expect(sessions[0]!.pipeline.view().items.find((i) => i.kind === 'error')).toMatchObject({ message: expect.stringContaining('quota exceeded') });
  });

  it('has a test that names every rule id', () => {
    const sources = testSources(id);
    // A folder may key its rule cases by the id without the protocol prefix (e.g. 'tool-call-not-active').
    const named = (name: string) => sources.includes(`'${name}'`) || sources.includes(`"${name}"`);
    const prefix = RULE_PREFIX[id] ?? '';
    const untested = protocol.rules.map((r) => r.id).filter((rid) => !named(rid) && !named(rid.slice(prefix.length)));
    expect(untested).toEqual([]);
  });

  it('recognises its valid fixtures unaided and finds no error or warning in them', () => {
    const files = fixtures(id, 'valid');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const sessions = splitSessions(readInput(readFileSync(file, 'utf8')).capture, protocols);
      expect(sessions.length, file).toBeGreaterThan(0);
      for (const s of sessions) {
        expect(s.pipeline.protocol, file).toBe(id);
        const serious = s.pipeline.findings().filter((f) => f.severity !== 'info');
        expect(serious, file).toEqual([]);
      }
    }
  });

  it('recognises its invalid fixtures unaided and flags them', () => {
    const files = fixtures(id, 'invalid');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const sessions = splitSessions(readInput(readFileSync(file, 'utf8')).capture, protocols);
      expect(sessions.map((s) => s.pipeline.protocol), file).toContain(id);
      const serious = sessions.flatMap((s) => s.pipeline.findings()).filter((f) => f.severity !== 'info');
      expect(serious.length, file).toBeGreaterThan(0);
    }
  });
});
