// For every rule: a stream that breaks it (and the frame that should be blamed) and a near-identical
// stream that does not. Used by the rule tests and, against the reference client, by the agreement tests.
import type { Frame } from '../../model/frame';
import { frame, framesOf } from './test-support';

export interface RuleCase {
  rule: string;
  bad: Frame[];
  good: Frame[];
  /** The frame index the finding must point at first. */
  at: number;
}

const RS = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const RF = { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' };
const RE = { type: 'RUN_ERROR', message: 'boom' };
const tms = (id: string, role = 'assistant') => ({ type: 'TEXT_MESSAGE_START', messageId: id, role });
const tmc = (id: string, delta: string) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta });
const tme = (id: string) => ({ type: 'TEXT_MESSAGE_END', messageId: id });
const tcs = (id: string, name = 'search', extra: object = {}) => ({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, ...extra });
const tca = (id: string, delta: string) => ({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta });
const tce = (id: string) => ({ type: 'TOOL_CALL_END', toolCallId: id });
const tcr = (id: string, messageId = `res-${id}`) => ({ type: 'TOOL_CALL_RESULT', messageId, toolCallId: id, content: 'ok' });
const ss = (name: string) => ({ type: 'STEP_STARTED', stepName: name });
const sf = (name: string) => ({ type: 'STEP_FINISHED', stepName: name });
const rst = (id: string) => ({ type: 'REASONING_START', messageId: id });
const rend = (id: string) => ({ type: 'REASONING_END', messageId: id });
const rms = (id: string) => ({ type: 'REASONING_MESSAGE_START', messageId: id, role: 'reasoning' });
const rmc = (id: string, delta: string) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: id, delta });
const rme = (id: string) => ({ type: 'REASONING_MESSAGE_END', messageId: id });
const TS = { type: 'THINKING_START' };
const TE = { type: 'THINKING_END' };
const TTMS = { type: 'THINKING_TEXT_MESSAGE_START' };
const ttmc = (delta: string) => ({ type: 'THINKING_TEXT_MESSAGE_CONTENT', delta });
const TTME = { type: 'THINKING_TEXT_MESSAGE_END' };
const sas = (id: string) => ({ type: 'SUBAGENT_STARTED', subagentRunId: id, name: 'helper' });
const saf = (id: string) => ({ type: 'SUBAGENT_FINISHED', subagentRunId: id });
const snapshot = (messages: object[]) => ({ type: 'MESSAGES_SNAPSHOT', messages });
const interrupt = (i: object) => ({ ...RF, outcome: { type: 'interrupt', interrupts: [{ id: 'i1', ...i }] } });
const request = (extra: object) => JSON.stringify({ threadId: 't1', runId: 'r2', messages: [], tools: [], context: [], ...extra });

const c = (rule: string, at: number, bad: unknown[], good: unknown[]): RuleCase => ({ rule: `agui/${rule}`, at, bad: framesOf(bad), good: framesOf(good) });

export const ruleCases: RuleCase[] = [
  c('invalid-json', 1, [RS, 'not json', RF], [RS, '{"type":"RAW","event":{}}', RF]),
  c('not-an-event', 1, [RS, [1, 2], RF], [RS, { type: 'RAW', event: [1, 2] }, RF]),
  c('unknown-event-type', 1, [RS, { type: 'TEXT_MESSAGE_BEGIN', messageId: 'm' }, RF], [RS, { type: 'CUSTOM', name: 'TEXT_MESSAGE_BEGIN', value: 1 }, RF]),
  c('schema-violation', 1, [RS, { type: 'TEXT_MESSAGE_START' }, RF], [RS, tms('m'), tme('m'), RF]),
  c('unknown-property', 2, [RS, tms('m'), { ...tmc('m', 'x'), futureProp: 1 }, tme('m'), RF], [RS, tms('m'), { ...tmc('m', 'x'), metadata: { futureProp: 1 } }, tme('m'), RF]),
  c('unknown-member', 1, [RS, { ...RF, outcome: { type: 'paused' } }], [RS, { ...RF, outcome: { type: 'cancelled' } }]),
  c('protocol-version-newer', 0, [{ ...RS, protocolVersion: '1.2' }, RF], [{ ...RS, protocolVersion: '1.1' }, RF]),
  c('protocol-version-uninterpretable', 0, [{ ...RS, protocolVersion: 'draft' }, RF], [{ ...RS, protocolVersion: '1.0' }, RF]),
  c('null-field', 1, [RS, tcs('c', 'x', { parentMessageId: null }), tce('c'), RF], [RS, tcs('c', 'x'), tce('c'), RF]),
  c('reserved-metadata-key', 1, [RS, { type: 'CUSTOM', name: 'n', value: 1, metadata: { 'ag-ui': 1 } }, RF], [RS, { type: 'CUSTOM', name: 'n', value: 1, metadata: { app: 1 } }, RF]),
  {
    rule: 'agui/crlf-framing',
    at: 0,
    bad: [frame(0, `${JSON.stringify(RS)}\r`), frame(1, JSON.stringify(RF))],
    good: [frame(0, JSON.stringify(RS)), frame(1, JSON.stringify(RF))],
  },
  c('deprecated-thinking-event', 1, [RS, TS, TE, RF], [RS, rst('r'), rend('r'), RF]),
  c('event-after-run-error', 2, [RS, RE, { type: 'RAW', event: 1 }], [RS, RE, { ...RS, runId: 'r2' }, { ...RF, runId: 'r2' }]),
  c('event-after-run-finished', 2, [RS, RF, { type: 'RAW', event: 1 }], [RS, RF, { ...RS, runId: 'r2' }, { ...RF, runId: 'r2' }]),
  c('first-event-not-run-started', 0, [tms('m'), tme('m')], [RS, tms('m'), tme('m'), RF]),
  c('run-started-while-active', 1, [RS, RS, RF], [RS, RF, RS, RF]),
  c('text-message-already-active', 2, [RS, tms('m'), tms('m'), tme('m'), RF], [RS, tms('m'), tme('m'), tms('m'), tme('m'), RF]),
  c('text-message-not-active', 1, [RS, tmc('m', 'x'), RF], [RS, tms('m'), tmc('m', 'x'), tme('m'), RF]),
  c('tool-call-already-active', 2, [RS, tcs('c'), tcs('c'), tce('c'), RF], [RS, tcs('c'), tce('c'), tcs('d'), tce('d'), RF]),
  c('tool-call-not-active', 1, [RS, tca('c', '{}'), RF], [RS, tcs('c'), tca('c', '{}'), tce('c'), RF]),
  c('step-already-active', 2, [RS, ss('a'), ss('a'), sf('a'), RF], [RS, ss('a'), sf('a'), ss('a'), sf('a'), RF]),
  c('step-not-started', 2, [RS, ss('a'), sf('b'), sf('a'), RF], [RS, ss('a'), sf('a'), RF]),
  c('reasoning-already-active', 2, [RS, rst('r'), rst('r'), rend('r'), RF], [RS, rst('r'), rend('r'), rst('r'), rend('r'), RF]),
  c('reasoning-not-active', 1, [RS, rend('r'), RF], [RS, rst('r'), rend('r'), RF]),
  c('reasoning-message-already-active', 3, [RS, rst('r'), rms('r'), rms('r'), rme('r'), rend('r'), RF], [RS, rst('r'), rms('r'), rme('r'), rend('r'), RF]),
  c('reasoning-message-not-active', 2, [RS, rst('r'), rmc('r', 'x'), rend('r'), RF], [RS, rst('r'), rms('r'), rmc('r', 'x'), rme('r'), rend('r'), RF]),
  c('run-finished-with-open-items', 2, [RS, tms('m'), RF], [RS, tms('m'), tme('m'), RF]),
  c('thinking-step-already-active', 2, [RS, TS, TS, TE, RF], [RS, TS, TE, TS, TE, RF]),
  c('thinking-step-not-active', 1, [RS, TE, RF], [RS, TS, TE, RF]),
  c('thinking-message-outside-step', 1, [RS, TTMS, TTME, RF], [RS, TS, TTMS, TTME, TE, RF]),
  c('thinking-message-already-active', 3, [RS, TS, TTMS, TTMS, TTME, TE, RF], [RS, TS, TTMS, TTME, TTMS, TTME, TE, RF]),
  c('thinking-message-not-active', 2, [RS, TS, ttmc('x'), TE, RF], [RS, TS, TTMS, ttmc('x'), TTME, TE, RF]),
  c('subagent-already-active', 2, [RS, sas('s'), sas('s'), saf('s'), RF], [RS, sas('s'), saf('s'), sas('s2'), saf('s2'), RF]),
  c(
    'subagent-attribution-mismatch',
    3,
    [RS, tcs('c', 'lookup', { subagentRunId: 's1' }), tca('c', '{}'), { ...tce('c'), subagentRunId: 's2' }, RF],
    [RS, tcs('c', 'lookup', { subagentRunId: 's1' }), tca('c', '{}'), { ...tce('c'), subagentRunId: 's1' }, RF],
  ),
  c('subagent-not-active', 1, [RS, saf('s'), RF], [RS, sas('s'), saf('s'), RF]),
  c(
    'subagent-parent-not-announced',
    2,
    [RS, sas('s'), { ...sas('t'), parentSubagentRunId: 'x' }, saf('t'), saf('s'), RF],
    [RS, sas('s'), { ...sas('t'), parentSubagentRunId: 's' }, saf('t'), saf('s'), RF],
  ),
  c('chunk-missing-id', 1, [RS, { type: 'TEXT_MESSAGE_CHUNK', delta: 'x' }, RF], [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', delta: 'x' }, RF]),
  c('chunk-missing-tool-name', 1, [RS, { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', delta: '{}' }, RF], [RS, { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', toolCallName: 'x', delta: '{}' }, RF]),
  c(
    'chunk-field-mismatch',
    2,
    [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', role: 'assistant', delta: 'a' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', role: 'user', delta: 'b' }, RF],
    [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', role: 'assistant', delta: 'a' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', delta: 'b' }, RF],
  ),
  c('reasoning-chunk-empty-delta', 2, [RS, rst('r'), { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r', delta: '' }, rend('r'), RF], [RS, rst('r'), { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r', delta: 'x' }, rend('r'), RF]),
  c('delta-target-missing', 3, [RS, tms('m'), snapshot([]), tmc('m', 'x'), tme('m'), RF], [RS, tms('m'), snapshot([{ id: 'm', role: 'assistant', content: '' }]), tmc('m', 'x'), tme('m'), RF]),
  c('message-id-collision', 2, [RS, snapshot([{ id: 'u1', role: 'user', content: 'hi' }]), tms('u1'), tmc('u1', 'x'), tme('u1'), RF], [RS, snapshot([{ id: 'u1', role: 'user', content: 'hi' }]), tms('a1'), tmc('a1', 'x'), tme('a1'), RF]),
  c('tool-call-name-changed', 3, [RS, tcs('c', 'a'), tce('c'), tcs('c', 'b'), tce('c'), RF], [RS, tcs('c', 'a'), tce('c'), tcs('c', 'a'), tce('c'), RF]),
  c('tool-parent-not-assistant', 2, [RS, snapshot([{ id: 'u1', role: 'user', content: 'hi' }]), tcs('c', 'x', { parentMessageId: 'u1' }), tce('c'), RF], [RS, snapshot([{ id: 'u1', role: 'user', content: 'hi' }]), tcs('c', 'x', { parentMessageId: 'a1' }), tce('c'), RF]),
  c('tool-result-unknown-call', 1, [{ ...RS, input: { threadId: 't1', runId: 'r1', messages: [] } }, tcr('c9'), RF], [{ ...RS, input: { threadId: 't1', runId: 'r1', messages: [] } }, tcs('c9'), tce('c9'), tcr('c9'), RF]),
  c('state-patch-failed', 2, [RS, { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } }, { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/b', value: 2 }] }, RF], [RS, { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } }, { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/a', value: 2 }] }, RF]),
  c(
    'activity-delta-failed',
    1,
    [RS, { type: 'ACTIVITY_DELTA', messageId: 'act', activityType: 'task', patch: [{ op: 'replace', path: '/p', value: 1 }] }, RF],
    [RS, { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'task', content: { p: 0 } }, { type: 'ACTIVITY_DELTA', messageId: 'act', activityType: 'task', patch: [{ op: 'replace', path: '/p', value: 1 }] }, RF],
  ),
  c('reasoning-message-outside-reasoning', 1, [RS, rms('r'), rme('r'), RF], [RS, rst('r'), rms('r'), rme('r'), rend('r'), RF]),
  c('reasoning-not-ended', 1, [RS, rst('r'), rms('r'), rme('r')], [RS, rst('r'), rms('r'), rme('r'), rend('r')]),
  c('step-finished-out-of-order', 3, [RS, ss('a'), ss('b'), sf('a'), sf('b'), RF], [RS, ss('a'), ss('b'), sf('b'), sf('a'), RF]),
  c('tool-result-before-end', 2, [RS, tcs('c'), tcr('c'), tce('c'), RF], [RS, tcs('c'), tce('c'), tcr('c'), RF]),
  c('tool-result-repeated', 4, [RS, tcs('c'), tce('c'), tcr('c'), tcr('c', 'res-c2'), RF], [RS, tcs('c'), tce('c'), tcr('c'), RF]),
  c('tool-args-invalid-json', 3, [RS, tcs('c'), tca('c', '{"a":'), tce('c'), RF], [RS, tcs('c'), tca('c', '{"a":1}'), tce('c'), RF]),
  c('empty-delta', 2, [RS, tms('m'), tmc('m', ''), tme('m'), RF], [RS, tms('m'), tmc('m', 'x'), tme('m'), RF]),
  c('interrupt-missing-tool-call-id', 1, [RS, interrupt({ reason: 'tool_call' })], [RS, interrupt({ reason: 'tool_call', toolCallId: 'c' })]),
  {
    rule: 'agui/interrupt-not-resumed',
    at: 2,
    bad: [...framesOf([RS, interrupt({ reason: 'input_required', message: 'Name?' })]), frame(2, request({}), { direction: 'out' })],
    good: [...framesOf([RS, interrupt({ reason: 'input_required', message: 'Name?' })]), frame(2, request({ resume: [{ interruptId: 'i1', status: 'resolved', payload: { response: 'Ann' } }] }), { direction: 'out' })],
  },
  c('second-terminal-event', 2, [RS, RF, RE], [RS, RF]),
  c('run-error', 1, [RS, RE], [RS, RF]),
  c('run-not-finished', 0, [RS, tms('m'), tme('m')], [RS, tms('m'), tme('m'), RF]),
  {
    rule: 'agui/closed-before-run-finished',
    at: 1,
    bad: [frame(0, JSON.stringify(RS)), frame(1, '', { kind: 'close' })],
    good: [frame(0, JSON.stringify(RS)), frame(1, JSON.stringify(RF)), frame(2, '', { kind: 'close' })],
  },
];
