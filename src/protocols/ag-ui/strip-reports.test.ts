// How often the strip-and-warn stage reports (fold.ts reportStripped, and the nulls the 1.0 client reads
// as absent): a member the event applies without is said once a session for its event type, path and
// value, at the first event carrying it;
// an event dropped for an unknown member in a required field is reported each time, since each loses
// what it carried.
import { describe, expect, it } from 'vitest';
import type { TextItem } from '../../model/view';
import { runEvents } from './test-support';

const RS = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const RF = { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' };
/** What an adapter sent on every message event before it dropped them: the run's ids. */
const IDS = { threadId: 't1', runId: 'r1' };

const found = (findings: readonly { rule: string; message: string; frames: readonly number[] }[]) =>
  findings.map((f) => [f.rule, /'(\/[^']*)'/.exec(f.message)?.[1], /^(\w+)/.exec(f.message)?.[1], f.frames[0]]);

describe('AG-UI strip-and-warn: how often it reports', () => {
  it('a property added to every event: once per event type and path, at its first event; the text is whole', () => {
    const { findings, view } = runEvents([
      RS,
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant', ...IDS },
      ...['a', 'b', 'c', 'd'].map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta, ...IDS })),
      { type: 'TEXT_MESSAGE_END', messageId: 'm', ...IDS },
      RF,
    ]);
    expect(found(findings)).toEqual([
      ['agui/unknown-property', '/threadId', 'TEXT_MESSAGE_START', 1],
      ['agui/unknown-property', '/runId', 'TEXT_MESSAGE_START', 1],
      ['agui/unknown-property', '/threadId', 'TEXT_MESSAGE_CONTENT', 2],
      ['agui/unknown-property', '/runId', 'TEXT_MESSAGE_CONTENT', 2],
      ['agui/unknown-property', '/threadId', 'TEXT_MESSAGE_END', 6],
      ['agui/unknown-property', '/runId', 'TEXT_MESSAGE_END', 6],
    ]);
    expect(findings.every((f) => f.severity === 'warning' && f.message.endsWith('(reported once a session for this event type and path).'))).toBe(true);
    expect(view.items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text)).toEqual(['abcd']);
  });

  it("a producer that sends every absent field as null: once per event type and fields, at its first event", () => {
    const { findings, view } = runEvents([
      { ...RS, rawEvent: null },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'f', parentMessageId: null, rawEvent: null },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}', rawEvent: null },
      { type: 'TOOL_CALL_END', toolCallId: 'c1', rawEvent: null },
      { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'g', parentMessageId: null, rawEvent: null },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c2', delta: '{}', rawEvent: null },
      { type: 'TOOL_CALL_END', toolCallId: 'c2', rawEvent: null },
      { ...RF, rawEvent: null, result: null },
    ]);
    expect(findings.map((f) => [f.rule, /^(.*) (?:is|are) null/.exec(f.message)?.[1], f.frames[0]])).toEqual([
      ['agui/null-field', "'rawEvent'", 0],
      ['agui/null-field', "'parentMessageId', 'rawEvent'", 1],
      ['agui/null-field', "'rawEvent'", 2],
      ['agui/null-field', "'rawEvent'", 3],
      ['agui/null-field', "'rawEvent', 'result'", 7],
    ]);
    expect(view.items.filter((i) => i.kind === 'tool').length).toBe(2);
  });

  it('an unknown member kept out of an event that applies: once per value, each new value again', () => {
    const delta = (op: string, value: number) => ({ type: 'STATE_DELTA', delta: [{ op, path: '/n', value }] });
    const { findings, view } = runEvents([RS, { type: 'STATE_SNAPSHOT', snapshot: { n: 0 } }, delta('increment', 1), delta('increment', 2), delta('replace', 5), delta('multiply', 3), RF]);
    expect(found(findings)).toEqual([
      ['agui/unknown-member', '/delta/0', 'STATE_DELTA', 2],
      ['agui/unknown-member', '/delta/0', 'STATE_DELTA', 5],
    ]);
    expect(findings.map((f) => /: '(\w+)' at/.exec(f.message)?.[1])).toEqual(['increment', 'multiply']);
    expect(view.state).toEqual({ n: 5 });
  });

  it('an event dropped for an unknown member in a required field: each one, as each loses its content', () => {
    const encrypted = { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'image', entityId: 'm1', encryptedValue: 'x' };
    const { findings, view } = runEvents([RS, encrypted, encrypted, RF]);
    expect(found(findings)).toEqual([
      ['agui/unknown-member', '/subtype', 'REASONING_ENCRYPTED_VALUE', 1],
      ['agui/unknown-member', '/subtype', 'REASONING_ENCRYPTED_VALUE', 2],
    ]);
    expect(findings.every((f) => f.message.includes('drops the whole event'))).toBe(true);
    expect(view.items.filter((i) => i.kind === 'raw').map((i) => i.frames)).toEqual([[1], [2]]);
  });
});
