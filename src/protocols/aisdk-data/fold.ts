// The v4 data stream fold: `<code>:<JSON>` lines → view model and findings. One frame is normally one
// line; a frame holding a whole body (several lines) is split here, so both capture styles fold alike.
import type { DecodedFrame, Frame } from '../../model/frame';
import { connectionErrorItem } from '../shared/page-abort';
import type { ErrorItem, ReasoningItem, TextItem } from '../../model/view';
import { frameText, preview } from '../../model/decode';
import type { ProtocolFold } from '../types';
import { createSinkFold, type SinkFoldHandlers } from '../shared/sink-fold';
import { isRecord, jsonText, numericCounters } from '../aisdk-ui/json-util';
import { applyRequest } from '../aisdk-ui/request';
import { DATA_RULE } from './rules';
import { NOT_PLAIN, parseLine, parsePlainLine } from './parse-line';
import type { DataStreamCode, DataStreamPart } from './schema';
import { addRaw, createDataState, type DataFoldState } from './fold-state';
import { argsDelta, reportIncompleteCalls, streamingStart, toolCall, toolResult } from './fold-tools';
import { extendText } from '../../model/text-builder';
import { addFrame } from '../shared/view-helpers';
import { frameRef } from '../../model/frame-ref';

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;

export function createAisdkDataFold(): ProtocolFold {
  return createSinkFold(createDataState(), HANDLERS);
}

const PROBLEM_RULE = {
  'no-separator': DATA_RULE.noSeparator,
  'unknown-code': DATA_RULE.unknownCode,
  'invalid-json': DATA_RULE.invalidJson,
  'invalid-value': DATA_RULE.invalidValue,
} as const;

/** An incoming message (the shell handles closes, errors and what the page sent). */
function applyMessage(st: DataFoldState, d: DecodedFrame): void {
  const { frame } = d;
  const i = frame.index;
  const text = frameText(frame);
  // One line per frame is the common capture style: it needs no split.
  if (!text.includes('\n')) {
    applyRawLine(st, text, i, !!frame.truncated);
    return;
  }
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) applyRawLine(st, lines[n] as string, i, !!frame.truncated && n === lines.length - 1);
}

const CR = 13;

function applyRawLine(st: DataFoldState, raw: string, i: number, cut: boolean): void {
  // The v4 client skips only empty lines: a blank one holding spaces or a lone \r has no ":" and makes it throw.
  if (raw === '') return;
  const line = raw.charCodeAt(raw.length - 1) === CR ? raw.slice(0, -1) : raw;
  if (cut) {
    // The capture cut the payload inside this line: not the server's fault, so shown without a finding.
    addRaw(st, i, `${line}… (cut by the capture)`);
    return;
  }
  applyLine(st, line, i);
}

function applyLine(st: DataFoldState, line: string, i: number): void {
  st.lines++;
  if (st.errorAt !== undefined && !st.reportedAfterError) {
    st.reportedAfterError = true;
    st.sink.report(DATA_RULE.afterError, `a line after the 3: error part (frame ${frameRef(st.errorAt)}); the v4 client stopped reading there.`, [i, st.errorAt]);
  }
  if (st.finishedAt !== undefined && !st.reportedAfterFinish) {
    st.reportedAfterFinish = true;
    st.sink.report(DATA_RULE.afterFinish, `a line after the d: finish_message part (frame ${frameRef(st.finishedAt)}); expected nothing after it.`, [i, st.finishedAt]);
  }
  // The plain parts (nearly every line) are parsed once, with no result object; the rest by parseLine.
  const value = parsePlainLine(line);
  if (value !== NOT_PLAIN) {
    applyPart(st, line.charAt(0) as DataStreamCode, value, i, line);
    return;
  }
  const parsed = parseLine(line);
  if (!parsed.ok) {
    st.sink.report(PROBLEM_RULE[parsed.problem], `${parsed.message} Line: ${preview(line, 80)}`, [i]);
    addRaw(st, i, line);
    return;
  }
  applyPart(st, parsed.part.code, parsed.part.value, i, line);
}

/** The value a part with code C carries. */
type ValueOf<C extends DataStreamCode> = Extract<DataStreamPart, { code: C }>['value'];

/** One part, its code and value apart (`value` is what its code carries): no part object per line. */
function applyPart(st: DataFoldState, code: DataStreamCode, value: unknown, i: number, line: string): void {
  switch (code) {
    case '0': return appendText(st, value as ValueOf<'0'>, i);
    case 'g': return appendReasoning(st, value as ValueOf<'g'>, i);
    case 'i':
      appendReasoning(st, '', i);
      addRaw(st, i, `redacted reasoning (${(value as ValueOf<'i'>).data.length} characters)`);
      return;
    case 'j':
      if (st.reasoning) st.reasoning.frames.push(i);
      else addRaw(st, i, line);
      return;
    case 'b': return streamingStart(st, value as ValueOf<'b'>, i);
    case 'c': return argsDelta(st, value as ValueOf<'c'>, i, line);
    case '9': return toolCall(st, value as ValueOf<'9'>, i);
    case 'a': return toolResult(st, value as ValueOf<'a'>, i);
    case 'f':
      if (st.layout.inStep) st.sink.report(DATA_RULE.stepMismatch, `f: start_step while the step started at frame ${frameRef(st.stepOpenAt)} is open; expected e: finish_step first.`, [i, st.stepOpenAt ?? i]);
      st.sawStepStart = true;
      st.stepOpenAt = i;
      st.layout.startStep(i);
      return;
    case 'e': return finishStep(st, value as ValueOf<'e'>, i);
    case 'd': return finishMessage(st, (value as ValueOf<'d'>).usage, i);
    case '3': {
      const message = value as ValueOf<'3'>;
      st.errorAt ??= i;
      st.sink.report(DATA_RULE.errorPart, `the server sent an error part: ${message} (the v4 client throws it and stops reading).`, [i]);
      addError(st, i, message);
      return;
    }
    case '2':
      addRaw(st, i, `data: ${jsonText(value)}`);
      return;
    case '8':
      addRaw(st, i, `annotations: ${jsonText(value)}`);
      return;
    case 'h': {
      const s = value as Record<string, unknown>;
      const url = typeof s.url === 'string' ? s.url : '';
      addRaw(st, i, `source: ${typeof s.title === 'string' ? s.title : url} <${url}>`);
      return;
    }
    case 'k': {
      const file = value as ValueOf<'k'>;
      addRaw(st, i, `file: ${file.mimeType} (${file.data.length} characters)`);
      return;
    }
  }
}

function appendText(st: DataFoldState, text: string, i: number): void {
  if (!st.text) {
    const item: TextItem = { kind: 'text', id: `text-${i}-${st.lines}`, frames: [i], text: '', part: false, final: false, brand: false };
    st.layout.addText(item);
    st.text = item;
  } else addFrame(st.text.frames, i);
  st.text.text = extendText(st.text, st.text.text, text, DIGESTIBLE);
}

function appendReasoning(st: DataFoldState, text: string, i: number): void {
  if (!st.reasoning) {
    const item: ReasoningItem = { kind: 'reasoning', id: `reasoning-${i}-${st.lines}`, frames: [i], text: '' };
    st.layout.addItem(item, i);
    st.reasoning = item;
  } else addFrame(st.reasoning.frames, i);
  st.reasoning.text = extendText(st.reasoning, st.reasoning.text, text, DIGESTIBLE);
}

function finishStep(st: DataFoldState, v: { usage?: unknown; isContinued?: unknown }, i: number): void {
  if (st.sawStepStart && !st.layout.inStep) {
    st.sink.report(DATA_RULE.stepMismatch, 'e: finish_step with no open step; expected f: start_step first.', [i]);
  }
  reportIncompleteCalls(st, 'e: finish_step', i);
  // The v4 client keeps the text part across a step only when the step is continued.
  if (v.isContinued !== true) st.text = undefined;
  st.reasoning = undefined;
  st.layout.finishStep(i);
  // Summed when a finish_message needs the sum: most give their own usage.
  if (v.usage !== undefined) {
    const pending = (st.pendingUsage ??= []);
    pending.push(v.usage);
    if (pending.length >= PENDING_USAGE_MAX) stepUsageOf(st);
  }
}

/** Step usages kept unsummed at most: a stream of steps without a finish_message holds no more. */
const PENDING_USAGE_MAX = 32;

/** The usage counters of every step finished so far, summed step by step in their order. */
function stepUsageOf(st: DataFoldState): Record<string, number> | undefined {
  const pending = st.pendingUsage;
  if (pending === undefined || pending.length === 0) return st.stepUsage;
  for (const value of pending) {
    const usage = usageOf(value);
    if (!usage) continue;
    const sum = { ...st.stepUsage };
    // usage is numericCounters' own plain object: for…in visits its keys as Object.entries would.
    for (const k in usage) sum[k] = (sum[k] ?? 0) + (usage[k] as number);
    st.stepUsage = sum;
  }
  pending.length = 0;
  return st.stepUsage;
}

function finishMessage(st: DataFoldState, usage: unknown, i: number): void {
  if (st.layout.inStep) {
    st.sink.report(DATA_RULE.stepMismatch, `d: finish_message while the step started at frame ${frameRef(st.stepOpenAt)} is open; expected e: finish_step first.`, [i, st.stepOpenAt ?? i]);
  }
  reportIncompleteCalls(st, 'd: finish_message', i);
  const lastText = st.layout.lastText;
  if (lastText) lastText.final = true;
  const counters = usageOf(usage) ?? stepUsageOf(st);
  if (counters) st.model.usage = counters;
  st.finishedAt ??= i;
  st.layout.endStreaming();
}

/** v4 usage is `{promptTokens, completionTokens}`; non-numbers (the client turns them into NaN) are left out. */
function usageOf(usage: unknown): Record<string, number> | undefined {
  return isRecord(usage) ? numericCounters(usage) : undefined;
}

/** Made once: a fold is made per session. */
const HANDLERS: SinkFoldHandlers<DataFoldState> = {
  applyMessage,
  applyRequest: onRequest,
  addError,
  endOfInput,
  // The stream's turn ends at its d: finish_message part or its 3: error part.
  turnOpen: (st) => st.finishedAt === undefined && st.errorAt === undefined && !st.stoppedByPage,
  stoppedByPage: (st) => {
    st.stoppedByPage = true;
  },
  addRaw,
};

/**
 * The page's request. useChat sends every turn of a chat (and each tool follow-up) as a new request with
 * a new stream, all in one session (its chat id): the stream before it has ended (judged here unless its
 * connection's end was), and the next one starts afresh, its lines not "after the finish" of the last.
 */
function onRequest(st: DataFoldState, d: DecodedFrame): void {
  if (st.lines > 0) {
    endOfInput(st, d.frame.index);
    st.layout.endOpenStep();
    st.lines = 0;
    st.errorAt = undefined;
    st.reportedAfterError = false;
    st.finishedAt = undefined;
    st.stoppedByPage = false;
    st.reportedAfterFinish = false;
    // The next answer is awaited.
    st.model.streaming = true;
  }
  st.ended = false;
  applyRequest(st.layout, d);
}

function endOfInput(st: DataFoldState, i: number): void {
  if (st.ended) return;
  st.ended = true;
  if (st.lines > 0 && st.finishedAt === undefined && st.errorAt === undefined && !st.stoppedByPage) {
    st.sink.report(DATA_RULE.missingFinish, 'the stream ended without a d: finish_message part; the message is incomplete.', i >= 0 ? [i] : []);
  }
  st.layout.endStreaming();
}

function addError(st: DataFoldState, i: number, message: string, connectionError?: Frame): void {
  const id = `error-${i}-${st.lines}`;
  const item: ErrorItem = connectionError ? connectionErrorItem(connectionError, id, message) : { kind: 'error', id, frames: [i], message };
  st.layout.addAlert(item);
}
