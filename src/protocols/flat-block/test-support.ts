// Builders for flat-block tests: a test lists the events it sends, in order, and gets frames with
// stable indexes, then runs them through the real pipeline. Only test files import this module.
import { expect } from 'vitest';
import type { Frame } from '../../model/frame';
import type { Finding, Severity } from '../../model/finding';
import type { ViewItem, ViewModel } from '../../model/view';
import { SessionPipeline } from '../../analysis/pipeline';
import { flatBlockProtocol } from './index';

export type Json = Record<string, unknown>;

/**
 * One entry of a test stream. A plain object with a `type` is a server event; the wrappers say
 * otherwise: `{ out }` a client frame, `{ at, event }` a frame at `at` ms after the stream began,
 * `{ sseId, event }` an SSE `id:` line, `{ history }` a History API response, `{ raw }` a payload
 * sent as is. Arrays are flattened so block factories can return several events.
 */
export type Entry =
  | Json
  | readonly Entry[]
  | { out: Json }
  | { at: number; event: Entry }
  | { sseId: string; event: Entry }
  | { history: unknown }
  | { raw: string };

/** Start of every test stream; any fixed instant works since rules compare differences. */
export const T0 = Date.UTC(2026, 2, 25, 2, 0, 0);
/** Gap between frames without an explicit time. */
const STEP_MS = 10;

interface Pending {
  connectionId: string;
  direction: 'in' | 'out';
  data: string;
  time?: number;
  eventId?: string;
}

function flatten(entry: Entry, out: Pending[], extra: Partial<Pending> = {}): void {
  if (Array.isArray(entry)) {
    for (const e of entry) flatten(e as Entry, out, extra);
    return;
  }
  const obj = entry as Json;
  if (typeof obj.type === 'string') {
    out.push({ connectionId: 'ws', direction: 'in', data: JSON.stringify(obj), ...extra });
  } else if ('out' in obj) {
    out.push({ connectionId: 'ws', direction: 'out', data: JSON.stringify(obj.out), ...extra });
  } else if ('history' in obj) {
    out.push({ connectionId: 'history', direction: 'in', data: JSON.stringify(obj.history), ...extra });
  } else if ('raw' in obj) {
    out.push({ connectionId: 'ws', direction: 'in', data: String(obj.raw), ...extra });
  } else if ('at' in obj && 'event' in obj) {
    flatten(obj.event as Entry, out, { ...extra, time: T0 + Number(obj.at) });
  } else if ('sseId' in obj && 'event' in obj) {
    flatten(obj.event as Entry, out, { ...extra, eventId: String(obj.sseId) });
  } else {
    // An object without `type` is still a server frame (rules flag it); keep it as is.
    out.push({ connectionId: 'ws', direction: 'in', data: JSON.stringify(obj), ...extra });
  }
}

/** Frames for the entries, indexed from 0 in order, 10 ms apart unless `at` says otherwise. */
export function stream(entries: readonly Entry[]): Frame[] {
  const pending: Pending[] = [];
  flatten(entries, pending);
  let time = T0 - STEP_MS;
  return pending.map((p, index) => {
    time = p.time ?? time + STEP_MS;
    const frame: Frame = { index, connectionId: p.connectionId, time, direction: p.direction, kind: 'message', data: p.data };
    if (p.eventId !== undefined) frame.eventId = p.eventId;
    return frame;
  });
}

export interface RunResult {
  findings: readonly Finding[];
  view: ViewModel;
  /** The rule id of every finding, in report order. */
  rules: string[];
}

/** Feeds the frames to a flat-block pipeline; `finish: false` leaves the session streaming. */
export function run(frames: readonly Frame[], options: { finish?: boolean } = {}): RunResult {
  const pipeline = new SessionPipeline([flatBlockProtocol], { protocol: 'flat-block' });
  for (const frame of frames) pipeline.append(frame);
  if (options.finish !== false) pipeline.finish();
  const findings = pipeline.findings();
  return { findings, view: pipeline.view(), rules: findings.map((f) => f.rule) };
}

// ---- locating frames -------------------------------------------------------------------------

function matches(actual: unknown, partial: unknown): boolean {
  if (partial !== null && typeof partial === 'object' && !Array.isArray(partial)) {
    if (actual === null || typeof actual !== 'object') return false;
    const a = actual as Json;
    return Object.entries(partial as Json).every(([k, v]) => matches(a[k], v));
  }
  if (Array.isArray(partial)) {
    return Array.isArray(actual) && actual.length === partial.length && partial.every((v, i) => matches(actual[i], v));
  }
  return actual === partial;
}

/** Index of the `nth` (1-based) frame whose JSON contains `partial`; throws when there is none. */
export function frameIndex(frames: readonly Frame[], partial: Json, nth = 1): number {
  let seen = 0;
  for (const f of frames) {
    let json: unknown;
    try {
      json = JSON.parse(f.data);
    } catch {
      continue;
    }
    if (matches(json, partial) && ++seen === nth) return f.index;
  }
  throw new Error(`no frame #${nth} matching ${JSON.stringify(partial)}`);
}

// ---- assertions ------------------------------------------------------------------------------

/**
 * Asserts a finding of `rule` with `severity` that points at `frame` (or at one of several frames
 * when the spec leaves open which of a block's frames is "the" cause). Returns that finding.
 */
export function expectFinding(
  result: RunResult,
  rule: string,
  severity: Severity,
  frame: number | readonly number[],
  path?: string,
): Finding {
  const ofRule = result.findings.filter((f) => f.rule === rule);
  expect(ofRule.map((f) => f.rule), `findings: ${dump(result)}`).toContain(rule);
  const wanted = typeof frame === 'number' ? [frame] : frame;
  // `frames` lists the most relevant frame first: that one must be the expected frame.
  const hit = ofRule.find((f) => f.frames[0] !== undefined && wanted.includes(f.frames[0]));
  expect(hit, `${rule} should point at frame ${wanted.join(' or ')}; got ${JSON.stringify(ofRule.map((f) => f.frames))}`).toBeDefined();
  const finding = hit as Finding;
  expect(finding.severity).toBe(severity);
  if (path !== undefined) expect(finding.path).toBe(path);
  return finding;
}

/** Asserts the rule did not fire. */
export function expectNoRule(result: RunResult, rule: string): void {
  expect(result.rules, `findings: ${dump(result)}`).not.toContain(rule);
}

/** Asserts no finding at all. */
export function expectClean(result: RunResult): void {
  expect(result.rules, `findings: ${dump(result)}`).toEqual([]);
}

/** Asserts no error or warning (info findings are allowed). */
export function expectNoErrorsOrWarnings(result: RunResult): void {
  const bad = result.findings.filter((f) => f.severity !== 'info');
  expect(bad.map((f) => `${f.rule}: ${f.message}`)).toEqual([]);
}

function dump(result: RunResult): string {
  return JSON.stringify(result.findings.map((f) => ({ rule: f.rule, frames: f.frames, path: f.path, message: f.message })));
}

// ---- reading the view ------------------------------------------------------------------------

/** Top-level item kinds, e.g. `['user', 'text', 'group', 'text']`. */
export function kinds(items: readonly ViewItem[]): string[] {
  return items.map((i) => i.kind);
}

/** Every item, groups followed by their children. */
export function allItems(items: readonly ViewItem[]): ViewItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...allItems(i.items)] : [i]));
}

/** The top-level item at `index`, asserted to be of `kind`. */
export function itemOf<K extends ViewItem['kind']>(
  items: readonly ViewItem[],
  index: number,
  kind: K,
): Extract<ViewItem, { kind: K }> {
  const item = items[index];
  expect(item?.kind, `item ${index} of ${JSON.stringify(kinds(items))}`).toBe(kind);
  return item as Extract<ViewItem, { kind: K }>;
}

// ---- stream events (server to client) --------------------------------------------------------

export function messageStart(message?: Json): Json {
  return message === undefined ? { type: 'message_start' } : { type: 'message_start', message };
}

export function messageStop(): Json {
  return { type: 'message_stop' };
}

export function blockStart(index: number, contentBlock: Json): Json {
  return { type: 'content_block_start', index, content_block: contentBlock };
}

export function blockDelta(index: number, delta: Json): Json {
  return { type: 'content_block_delta', index, delta };
}

export function blockStop(index: number): Json {
  return { type: 'content_block_stop', index };
}

/** A text block: start, one delta per chunk, stop. */
export function textBlock(
  index: number,
  text: string,
  flags: { isPart?: boolean; isFinal?: boolean; chunks?: string[] } = {},
): Json[] {
  const block: Json = { type: 'text', text: '' };
  if (flags.isPart) block.is_part = true;
  if (flags.isFinal) block.is_final = true;
  const chunks = flags.chunks ?? [text];
  return [
    blockStart(index, block),
    ...chunks.map((c) => blockDelta(index, { type: 'text_delta', text: c })),
    blockStop(index),
  ];
}

export function thinkingBlock(index: number, thinking: string): Json[] {
  return [
    blockStart(index, { type: 'thinking', thinking: '' }),
    blockDelta(index, { type: 'thinking_delta', thinking }),
    blockStop(index),
  ];
}

export interface ToolUseFields {
  id: string;
  name: string;
  input?: unknown;
  tool_content_message?: string;
  parent_tool_use_id?: string;
}

/** A tool_use block: start (with the whole input, as the backend sends it) and stop. */
export function toolUse(index: number, fields: ToolUseFields): Json[] {
  return [blockStart(index, { type: 'tool_use', ...fields }), blockStop(index)];
}

export interface ToolResultFields {
  tool_use_id: string;
  status?: 'success' | 'error' | string;
  content?: unknown;
  tool_content_message?: string;
}

export function toolResult(index: number, fields: ToolResultFields): Json[] {
  return [blockStart(index, { type: 'tool_result', status: 'success', ...fields }), blockStop(index)];
}

export function groupStart(index: number, messageId = 'msg-1'): Json {
  return { type: 'group_start', index, message_id: messageId };
}

/** `summary` undefined leaves the field out. */
export function groupEnd(index: number, summary?: string, messageId = 'msg-1'): Json {
  const event: Json = { type: 'group_end', index, message_id: messageId };
  if (summary !== undefined) event.summary = summary;
  return event;
}

/** An approval_request block: start (key only), the delta with the request, stop. */
export function approvalRequest(index: number, key: string, delta: Json): Json[] {
  return [blockStart(index, { type: 'approval_request', approval_key: key }), blockDelta(index, delta), blockStop(index)];
}

export interface QuestionOptionIn {
  label: string;
  description?: string;
  input?: boolean;
}

export interface QuestionIn {
  question: string;
  header?: string;
  multiSelect: boolean;
  options: QuestionOptionIn[];
}

/** A question with the given option labels, plus the free-text "Khác" option unless `custom: false`. */
export function question(
  text: string,
  labels: string[],
  opts: { multiSelect?: boolean; header?: string; custom?: boolean } = {},
): QuestionIn {
  const options: QuestionOptionIn[] = labels.map((label) => ({ label }));
  if (opts.custom !== false) options.push({ label: 'Khác', description: 'Nhập giá trị tùy chỉnh', input: true });
  const q: QuestionIn = { question: text, multiSelect: opts.multiSelect ?? false, options };
  if (opts.header !== undefined) q.header = opts.header;
  return q;
}

/** An ask_user_question approval_request; `timeout_seconds: null` leaves the field out. */
export function questionRequest(
  index: number,
  key: string,
  questions: unknown,
  opts: { timeout_seconds?: number | null } = {},
): Json[] {
  const delta: Json = {
    action_requests: [{ name: 'ask_user_question', args: { questions } }],
    review_configs: [{ action_name: 'ask_user_question', allowed_decisions: ['approve', 'edit', 'reject'] }],
  };
  const timeout = opts.timeout_seconds === undefined ? 600 : opts.timeout_seconds;
  if (timeout !== null) delta.timeout_seconds = timeout;
  return approvalRequest(index, key, delta);
}

/** An ordinary tool approval_request; `timeout_seconds: null` leaves the field out. */
export function toolApprovalRequest(
  index: number,
  key: string,
  action: { name: string; args?: unknown; allowed?: string[]; timeout_seconds?: number | null },
): Json[] {
  const delta: Json = {
    action_requests: [{ name: action.name, args: action.args ?? {} }],
    review_configs: [{ action_name: action.name, allowed_decisions: action.allowed ?? ['approve', 'edit', 'reject'] }],
  };
  const timeout = action.timeout_seconds === undefined ? 300 : action.timeout_seconds;
  if (timeout !== null) delta.timeout_seconds = timeout;
  return approvalRequest(index, key, delta);
}

export function approvalResult(index: number, key: string, extra: Json = {}): Json[] {
  return [blockStart(index, { type: 'approval_result', approval_key: key, ...extra }), blockStop(index)];
}

export function approvalTimeout(index: number, key: string): Json[] {
  return [blockStart(index, { type: 'approval_timeout', approval_key: key }), blockStop(index)];
}

/** Gives every server event in `entries` an `event_id`, counting up from `first`. */
export function withEventIds(first: number, entries: readonly Json[], prefix = ''): Json[] {
  return entries.map((e, i) => ({ ...e, event_id: `${prefix}${first + i}` }));
}

// ---- client frames and history ---------------------------------------------------------------

export const SESSION_ID = 'sess-1';

/** The client's reply to an approval_request: `decisions` for tools, `answers` for questions. */
export function approvalReply(
  key: string,
  reply: { decisions?: unknown[]; answers?: Record<string, string> },
  sessionId = SESSION_ID,
): { out: Json } {
  return { out: { type: 'approval', session_id: sessionId, approval_key: key, ...reply } };
}

/** A stream subscription after a reload. */
export function subscribe(lastEventId: string, sessionId = SESSION_ID): { out: Json } {
  return { out: { type: 'subscribe', session_id: sessionId, last_event_id: lastEventId } };
}

/** A History API response frame. */
export function historyFrame(response: unknown): { history: unknown } {
  return { history: response };
}

/** A History API response object; defaults describe an agent that finished. */
export function historyResponse(messages: unknown[], extra: Json = {}): Json {
  return { messages, agent_status: 'idle', workspace: { todos: [] }, ...extra };
}

export function hUser(text: string): Json {
  return { role: 'user', content: [{ type: 'text', text }], display_type: 'content' };
}

export function hText(text: string, extra: Json = {}): Json {
  return { role: 'assistant', content: [{ type: 'text', text }], display_type: 'content', ...extra };
}

export function hThinking(thinking: string, displayType: string, extra: Json = {}): Json {
  return { role: 'assistant', content: [{ type: 'thinking', thinking }], display_type: displayType, ...extra };
}

export function hToolCalls(calls: Json[], displayType: string, extra: Json = {}): Json {
  return { role: 'assistant', content: [], tool_calls: calls, display_type: displayType, ...extra };
}

export function hToolMessage(toolCallId: string, name: string, displayType: string, extra: Json = {}): Json {
  return { role: 'tool', tool_call_id: toolCallId, name, status: 'success', display_type: displayType, ...extra };
}

export function todo(content: string, activeForm: string, status: string): Json {
  return { content, activeForm, status };
}
