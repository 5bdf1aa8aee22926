// Real captured AG-UI streams from the ag-ui repository's own fixtures (see shared/corpus/README.md).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { CORPUS, HAS_CORPUS, needsShared, errors, framesFromSse, readJson, rulesOf, run, runEvents } from './test-support';

const dotnetFiles = HAS_CORPUS ? readdirSync(`${CORPUS}/dotnet-server`).filter((f) => f.endsWith('.json')) : [];
const dart = HAS_CORPUS ? (readJson(`${CORPUS}/dart/events.json`) as Record<string, unknown[]>) : {};

/**
 * Dart scenarios the TS reference client does not accept, with the rule their breakage deserves:
 * - error_handling sends RUN_FINISHED after RUN_ERROR;
 * - reasoning_events sends a REASONING_MESSAGE_CHUNK for a reasoning message already opened with
 *   REASONING_MESSAGE_START, so chunk expansion starts it a second time (the 1.0.0 verifier rejects it);
 * - thinking_text_message_legacy opens a thinking message without THINKING_START (0.0.x verifier rule).
 */
const brokenDart: Record<string, string> = {
  error_handling: 'agui/event-after-run-error',
  reasoning_events: 'agui/reasoning-message-already-active',
  thinking_text_message_legacy: 'agui/thinking-message-outside-step',
};

describe.skipIf(!HAS_CORPUS)(needsShared('corpus: .NET server captures'), () => {
  it('has the 20 captures', () => expect(dotnetFiles.length).toBe(20));

  for (const file of dotnetFiles) {
    it(`${file.split('__')[0]} ${file.match(/Turn_\d+/)?.[0] ?? ''} yields no error`, () => {
      const { findings, view } = runEvents(readJson(`${CORPUS}/dotnet-server/${file}`) as unknown[]);
      expect(errors(findings)).toEqual([]);
      expect(view.streaming).toBe(false);
      expect(view.items.filter((i) => i.kind === 'raw')).toEqual([]);
    });
  }

  it('shows the approval interrupt of Step09 and the question of Step10', () => {
    const step09 = dotnetFiles.find((f) => f.startsWith('Step09') && f.includes('Turn_01'));
    const step10 = dotnetFiles.find((f) => f.startsWith('Step10') && f.includes('Turn_01'));
    const approval = runEvents(readJson(`${CORPUS}/dotnet-server/${step09}`) as unknown[]).view.items.find((i) => i.kind === 'approval');
    expect(approval).toMatchObject({ key: 'ficc_Id_1', actions: [{ name: 'delete_file', args: { filename: 'report-draft.txt' } }] });
    const question = runEvents(readJson(`${CORPUS}/dotnet-server/${step10}`) as unknown[]).view.items.find((i) => i.kind === 'question');
    expect(question).toMatchObject({ key: 'call_Id_1', state: 'waiting', questions: [{ question: 'What username would you like to use?' }] });
  });

  it('reads reasoning, state and usage from the Step05 and Step07 captures', () => {
    const step07 = runEvents(readJson(`${CORPUS}/dotnet-server/${dotnetFiles.find((f) => f.startsWith('Step07'))}`) as unknown[]).view;
    expect(step07.items.map((i) => i.kind)).toEqual(['reasoning', 'text']);
    expect(step07.usage).toMatchObject({ inputTokens: 39, outputTokens: 345, reasoningTokens: 128 });
    const step05 = runEvents(readJson(`${CORPUS}/dotnet-server/${dotnetFiles.find((f) => f.startsWith('Step05'))}`) as unknown[]).view;
    expect(step05.state).toBeTypeOf('object');
  });
});

describe.skipIf(!HAS_CORPUS)(needsShared('corpus: Dart SDK scenarios'), () => {
  it('has the scenarios the broken list names', () => {
    for (const name of Object.keys(brokenDart)) expect(dart[name]).toBeDefined();
  });

  for (const [name, events] of Object.entries(dart)) {
    const rule = brokenDart[name];
    if (rule) {
      it(`${name} is flagged ${rule}`, () => {
        const found = errors(runEvents(events).findings);
        expect(rulesOf(found)).toContain(rule);
      });
    } else {
      it(`${name} yields no error`, () => expect(errors(runEvents(events).findings)).toEqual([]));
    }
  }

  it('thinking_events: THINKING_CONTENT is no AG-UI type (the TS type is THINKING_TEXT_MESSAGE_CONTENT); 1.0 drops it, so info', () => {
    const found = runEvents(dart.thinking_events ?? []).findings.filter((f) => f.rule === 'agui/unknown-event-type');
    expect(found.map((f) => f.severity)).toEqual(['info', 'info']);
  });

  it('error_handling: the run reports its own failure (a warning) and shows it as a failed turn', () => {
    const { findings, view } = runEvents(dart.error_handling ?? []);
    expect(findings.filter((f) => f.rule === 'agui/run-error').map((f) => f.severity)).toEqual(['warning']);
    expect(view.items.find((i) => i.kind === 'error')).toMatchObject({ message: 'Connection timeout (TIMEOUT)' });
  });

  it('applies the state delta of state_management and the activity patches of activity_events', () => {
    expect(runEvents(dart.state_management ?? []).view.state).toEqual({ count: 1, items: ['item1'], user: { name: 'Alice', preferences: { theme: 'dark' } } });
    expect(runEvents(dart.activity_events ?? []).view.items).toMatchObject([{ kind: 'tool', input: { title: 'Indexing files', progress: 1, items: ['/foo.dart'] } }]);
  });
});

describe.skipIf(!HAS_CORPUS)(needsShared('corpus: Dart SSE edge cases'), () => {
  const sections = new Map<string, string>();
  const text = HAS_CORPUS ? readFileSync(`${CORPUS}/dart/sse_streams.txt`, 'utf8') : '';
  for (const part of text.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  const section = (name: string) => {
    const body = sections.get(name);
    if (body === undefined) throw new Error(`no section ${name}`);
    return run(framesFromSse(body));
  };

  it('splits into its eight sections', () => expect(sections.size).toBe(8));

  it.each(['Simple Text Message Stream', 'Tool Call Stream', 'Heartbeat and Comments', 'Empty Lines and Spacing'])('%s yields no finding', (name) => {
    expect(section(name).findings).toEqual([]);
  });

  it('joins multi-line data fields into one event', () => {
    const { view, findings } = section('Multi-line Data Fields');
    expect(view.state).toEqual({ count: 42, name: 'test' });
    // A fragment: it does not start with RUN_STARTED.
    expect(rulesOf(errors(findings))).toEqual(['agui/first-event-not-run-started']);
  });

  it('ignores id, event and retry fields, and keeps unicode and escapes', () => {
    expect(section('With Event IDs and Retry').view.items).toMatchObject([{ kind: 'text', text: 'Message with ID' }]);
    expect(section('Unicode and Special Characters').view.items).toMatchObject([{ kind: 'text', text: 'Hello 你好 🌟 €Special: "quotes", \\backslash\\, \ttab' }]);
  });

  it('flags each malformed record and keeps it as a raw item', () => {
    const { findings, view } = section('Malformed Examples');
    const rules = rulesOf(findings);
    expect(rules.filter((r) => r === 'agui/invalid-json').length).toBeGreaterThanOrEqual(2);
    expect(rules).toContain('agui/unknown-event-type');
    expect(rules).toContain('agui/schema-violation');
    expect(view.items.every((i) => i.kind === 'raw')).toBe(true);
  });
});
