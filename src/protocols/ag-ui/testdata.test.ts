// The folder's sample inputs, read the way the command-line tool reads files.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readInput } from '../../readers/read-input';
import { errors, rulesOf, run, runEvents } from './test-support';

const dir = path.join(__dirname, 'testdata');
const load = (name: string) => run(readInput(readFileSync(path.join(dir, name), 'utf8')).capture.frames);

describe('AG-UI testdata', () => {
  const files = readdirSync(dir);

  it('has valid and invalid samples', () => {
    expect(files.some((f) => f.startsWith('valid-'))).toBe(true);
    expect(files.some((f) => f.startsWith('invalid-'))).toBe(true);
  });

  for (const file of files.filter((f) => f.startsWith('valid-'))) {
    it(`${file} has no finding`, () => expect(load(file).findings).toEqual([]));
  }

  // The hand checks take most events as they are sent; `metadata` on every event sends each through
  // the schema instead. What the view shows and the findings say must not depend on the path.
  for (const file of files.filter((f) => f.startsWith('valid-') || f.startsWith('invalid-'))) {
    it(`${file} folds the same through the hand checks as through the schema`, () => {
      const frames = readInput(readFileSync(path.join(dir, file), 'utf8')).capture.frames;
      const viaSchema = frames.map((f) => {
        if (f.kind !== 'message' || f.direction === 'out') return f;
        let event: unknown;
        try {
          event = JSON.parse(f.data);
        } catch {
          return f;
        }
        if (typeof event !== 'object' || event === null || Array.isArray(event)) return f;
        return { ...f, data: JSON.stringify({ ...event, metadata: { via: 'schema' } }) };
      });
      const plain = run(frames);
      const schema = run(viaSchema);
      // A frame shown raw shows what was sent, the added metadata with it.
      const shown = JSON.stringify(schema.view).replaceAll(',\\"metadata\\":{\\"via\\":\\"schema\\"}', '');
      expect(JSON.parse(shown)).toEqual(plain.view);
      expect(schema.findings.map((f) => [f.rule, f.at])).toEqual(plain.findings.map((f) => [f.rule, f.at]));
    });
  }

  it('sums usage the same whatever order its fields come in', () => {
    const session = (usage: object) => runEvents([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r', usage: [usage] }]);
    const producerOrder = session({ outputTokens: 48, inputTokens: 120 });
    const schemaOrder = session({ inputTokens: 120, outputTokens: 48 });
    expect(JSON.stringify(producerOrder.view.usage)).toBe('{"inputTokens":120,"outputTokens":48}');
    expect(JSON.stringify(schemaOrder.view.usage)).toBe('{"inputTokens":120,"outputTokens":48}');
  });

  it('valid-tool-call.sse renders a finished step with the tool, the answer, state and usage', () => {
    const { view } = load('valid-tool-call.sse');
    expect(view.items).toMatchObject([
      { kind: 'group', summary: 'Looking up the weather', done: true, items: [{ kind: 'tool', name: 'get_weather', input: { city: 'Oslo' }, status: 'success' }] },
      { kind: 'text', text: 'It is 4 °C and cloudy in Oslo.', brand: true },
    ]);
    expect(view.state).toEqual({ city: 'Oslo', lookups: 1 });
    expect(view.usage).toEqual({ inputTokens: 120, outputTokens: 48 });
  });

  it('valid-reasoning-interrupt.json renders chunked reasoning and the approval it waits for', () => {
    const { view } = load('valid-reasoning-interrupt.json');
    expect(view.items).toMatchObject([
      { kind: 'reasoning', text: 'The user wants to delete a file; that needs approval.' },
      { kind: 'tool', name: 'delete_file', input: { filename: 'draft.txt' } },
      { kind: 'approval', key: 'int-1', actions: [{ name: 'delete_file', args: { filename: 'draft.txt' } }] },
    ]);
  });

  it('invalid-open-message.jsonl breaks the run lifecycle', () => {
    expect(rulesOf(errors(load('invalid-open-message.jsonl').findings))).toEqual([
      'agui/tool-call-not-active',
      'agui/run-finished-with-open-items',
      'agui/event-after-run-finished',
    ]);
  });

  it('invalid-chunks-and-json.sse breaks chunks, types and JSON', () => {
    expect(rulesOf(errors(load('invalid-chunks-and-json.sse').findings))).toEqual(['agui/chunk-missing-id', 'agui/invalid-json']);
  });

  it('valid-subagents.jsonl nests the sub-agent\'s message and tool call under it, after the call that started it', () => {
    const { view } = load('valid-subagents.jsonl');
    expect(view.items).toMatchObject([
      { kind: 'tool', name: 'research', status: 'success' },
      {
        kind: 'group',
        done: true,
        subagent: { runId: 'sub-1', name: 'researcher', status: 'finished', parentToolCallId: 'call-research' },
        items: [
          { kind: 'text', text: 'Looking for tide tables.', brand: false },
          { kind: 'tool', name: 'web_search', parentToolId: 'call-research', status: 'success', result: '3 sources' },
        ],
      },
      {
        kind: 'group',
        done: true,
        subagent: { runId: 'sub-2', name: 'writer', status: 'finished' },
        items: [{ kind: 'text', text: 'Draft: the moon pulls the tides.', brand: false }],
      },
      { kind: 'reasoning', text: 'The researcher found enough.' },
      { kind: 'text', text: 'Tides follow the moon.', brand: true },
    ]);
  });

  it('invalid-subagents.jsonl: a continuation changing its sub-agent and a finish for none are errors; a sub-agent failing and stripped material only warn', () => {
    const { findings, view } = load('invalid-subagents.jsonl');
    expect(rulesOf(errors(findings))).toEqual(['agui/subagent-attribution-mismatch', 'agui/subagent-not-active', 'agui/run-finished-with-open-items']);
    expect(findings.filter((f) => f.severity === 'warning').map((f) => [f.rule, f.message.match(/'\/[^']*'/)?.[0]])).toEqual([
      ['agui/run-error', undefined],
      ['agui/unknown-property', "'/futureProp'"],
      ['agui/unknown-member', "'/delta/0'"],
      ['agui/unknown-member', "'/outcome'"],
    ]);
    // The rest of the patch applied, and the run ended as an outcome-less RUN_FINISHED does.
    expect(view.state).toEqual({ count: 5 });
    // The failed sub-agent keeps its message and shows its error inside its group.
    expect(view.items).toContainEqual(
      expect.objectContaining({ kind: 'group', subagent: expect.objectContaining({ name: 'fact-checker', status: 'failed' }), items: [expect.objectContaining({ text: 'Checking the figures.' }), expect.objectContaining({ kind: 'error', message: 'source unreachable (timeout)' })] }),
    );
    expect(rulesOf(findings)).not.toContain('agui/run-not-finished');
  });
});
