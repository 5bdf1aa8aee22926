// The AI SDK UI message stream fold: SSE data records (one JSON chunk each, `[DONE]` last) → view model
// and findings. It mirrors ai's `processUIMessageStream` reducer (ai 7.0.173) and reports, instead of
// throwing, wherever that reducer or the schema check would stop the chat.
import type { Connection, DecodedFrame, Frame } from '../../model/frame';
import { connectionErrorItem } from '../shared/page-abort';
import type { ErrorItem } from '../../model/view';
import { frameText } from '../../model/decode';
import type { ProtocolFold } from '../types';
import { createSinkFold, type SinkFoldHandlers } from '../shared/sink-fold';
import { UI_RULE } from './rules';
import { CHUNK_SCHEMAS, DataChunkSchema, LATER_FINISH_REASON, LATER_KEYS, RETIRED_CHUNK_TYPES, VERSION_NOTES, knownKeys, type AnyChunk, type ChunkType, type DataChunk, type ObjectSchema } from './schema';
import { CHUNK_TYPES, chunkTypeIndex } from './chunk-types';
import { plainCheckOf } from './plain-chunks';
import { RAW_MAX, addRaw, addRawPreview, clearOpenParts, createUiState, type UiFoldState } from './fold-state';
import { flatSourcePreview } from './flat-preview';
import { dataPart, legacyReasoning, partDelta, partEnd, partStart, reportOpenParts } from './fold-parts';
import * as tools from './fold-tools';
import { isRecord, numericCounters } from './json-util';
import { applyRequest, requestToolCalls } from './request';
import { requestJson } from '../shared/request-prompt';
import { rawText } from '../shared/view-helpers';
import { frameRef } from '../../model/frame-ref';

export function createAisdkUiFold(): ProtocolFold {
  return createSinkFold(createUiState(), SHELL);
}

/** A frame the page sent: the chat request that starts a new stream. */
function onRequest(st: UiFoldState, d: DecodedFrame): void {
  // useChat sends every turn of a chat (and each tool follow-up) as a new request with a new stream,
  // all in one session: the stream before it has ended (judged here unless its connection's end was),
  // and the next one starts afresh, its own end judged again.
  if (st.chunks > 0 || st.doneAt !== undefined) {
    if (!st.ended) streamEnd(st, d.frame.index);
    st.layout.endOpenStep();
    st.chunks = 0;
    st.doneAt = undefined;
    st.finishedAt = undefined;
    st.aborted = false;
    st.reportedAfterDone = false;
    st.reportedAfterFinish = false;
  }
  st.ended = false;
  st.requestSeen = true;
  requestToolCalls(d.json, (st.priorToolCalls ??= new Set()));
  applyRequest(st.layout, d);
}

/** An incoming message (the shell handles closes, errors and what the page sent). */
function applyMessage(st: UiFoldState, d: DecodedFrame): void {
  const { frame } = d;
  const i = frame.index;
  const text = frameText(frame);
  // '[DONE]' is not JSON, so only a payload that did not parse can be the terminator.
  if (d.json === undefined && text.trim() === '[DONE]') {
    st.doneAt ??= i;
    st.layout.endStreaming();
    return;
  }
  if (st.doneAt !== undefined && !st.reportedAfterDone) {
    st.reportedAfterDone = true;
    st.sink.report(UI_RULE.afterDone, `data after the [DONE] terminator (frame ${frameRef(st.doneAt)}); expected nothing after it.`, [i, st.doneAt]);
  }
  if (d.json === undefined && frame.truncated) {
    // The capture cut the payload: not the server's fault, so shown without a finding.
    addRaw(st, i, rawText(frame));
    return;
  }
  if (d.json === undefined) {
    st.sink.report(UI_RULE.invalidJson, `data record is ${d.jsonError ?? 'not JSON'}; expected one JSON chunk per record (the client fails the stream).`, [i]);
    addRaw(st, i, text);
    return;
  }
  applyChunk(st, d.json, i, text);
}

/** What the fold needs of one chunk type, looked up once per chunk: its schema, declared keys, version note. */
interface ChunkKind {
  schema: ObjectSchema;
  keys: ReadonlySet<string>;
  /** The hand check that lets a plain chunk skip the schema, when the type has one: the declared keys it holds, or -1. */
  plain: ((json: Record<string, unknown>) => number) | undefined;
  apply: Handler<ChunkType>;
  note: string | undefined;
  data: boolean;
}

function makeKind(type: string, schema: ObjectSchema): ChunkKind {
  const data = type.startsWith('data-');
  return { schema, keys: knownKeys(schema, type), plain: plainCheckOf(type), apply: handlerOf(type), note: Object.hasOwn(VERSION_NOTES, type) ? VERSION_NOTES[type] : undefined, data };
}

function kindOf(type: string): ChunkKind | undefined {
  // Found by the type's place in CHUNK_TYPES (a switch), not by hashing the string just parsed.
  const at = chunkTypeIndex(type);
  return at < 0 ? undefined : kinds[at];
}

function applyChunk(st: UiFoldState, json: unknown, i: number, raw: string): void {
  if (!isRecord(json) || typeof json.type !== 'string') {
    st.sink.report(UI_RULE.invalidChunk, 'chunk is not an object with a string "type"; expected a UI message chunk.', [i]);
    addRaw(st, i, raw);
    return;
  }
  const type = json.type;
  checkLifecycle(st, type, i);
  // No built-in type starts with `d`: only those pay for the prefix test.
  const kind = type.charCodeAt(0) === 0x64 && type.startsWith('data-') ? dataKind : kindOf(type);
  if (!kind) {
    st.sink.report(UI_RULE.unknownChunkType, `unknown chunk type "${type}"; expected a UI message chunk type (the client's schema check fails).`, [i]);
    addRaw(st, i, raw);
    return;
  }
  let data: unknown = json;
  const declared = kind.plain === undefined ? -1 : kind.plain(json);
  if (declared < 0) {
    const parsed = kind.schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((x) => `${x.path.join('.') || 'chunk'}: ${x.message}`).join('; ');
      st.sink.report(UI_RULE.invalidChunk, `"${type}" chunk fails its schema (${issues}) (the client throws).`, [i]);
      addRaw(st, i, raw);
      return;
    }
    data = parsed.data;
  }
  // A plain chunk holding no more keys than the declared ones it holds has no other.
  const extra = declared >= 0 && keyCount(json) === declared ? undefined : undeclaredKeys(kind, json);
  if (extra && firstTime(st, `key ${type} ${extra.join(' ')}`)) st.sink.report(UI_RULE.unknownKey, unknownKeyMessage(type, extra), [i]);
  if (kind.note) {
    // A chunk type the current client rejects fails each chunk: each is said. One older clients reject
    // is a warning said once a session for its type, as an unknown key is for its chunk type and keys.
    if (RETIRED_CHUNK_TYPES.has(type)) st.sink.report(UI_RULE.retiredChunkType, `"${type}" chunk: ${kind.note}.`, [i]);
    else if (firstTime(st, `type ${type}`)) st.sink.report(UI_RULE.versionSpecificChunk, `"${type}" chunk: ${kind.note} (reported once a session for this chunk type).`, [i]);
  }
  if (kind.data) {
    const p = data as DataChunk;
    dataPart(st, p.type, p.id, p.data, p.transient === true, i);
    return;
  }
  kind.apply(st, data as AnyChunk, i, raw);
}

/**
 * True the first time a session's fold asks about `what`: a producer that adds a key to every chunk, or
 * streams a chunk type older clients reject many times, would otherwise get one warning a chunk, all
 * saying the same.
 */
function firstTime(st: UiFoldState, what: string): boolean {
  const seen = (st.warnedOnce ??= new Set());
  if (seen.has(what)) return false;
  seen.add(what);
  return true;
}

/** The keys of `json` its kind does not declare, if any. */
function undeclaredKeys(kind: ChunkKind, json: Record<string, unknown>): string[] | undefined {
  const keys = kind.keys;
  let extra: string[] | undefined;
  for (const k in json) if (!keys.has(k)) (extra ??= []).push(k);
  return extra;
}

function unknownKeyMessage(type: string, extra: readonly string[]): string {
  const later = Object.hasOwn(LATER_KEYS, type) ? LATER_KEYS[type] : undefined;
  const added = later ? extra.filter((k) => Object.hasOwn(later, k)).map((k) => `"${k}" since ${later[k]}`) : [];
  const read = added.length > 0 ? ` (later clients read ${added.join(', ')})` : '';
  return `"${type}" chunk has keys its schema did not declare before ai 7: ${extra.map((k) => `"${k}"`).join(', ')}; ai 5, ai 6 before 6.0.231 and ai 7 before 7.0.32 reject unknown keys${read} (reported once a session for this chunk type and keys).`;
}

/** How many keys a for…in over `json` visits (undeclaredKeys visits as many). */
function keyCount(json: Record<string, unknown>): number {
  let n = 0;
  for (const _ in json) n++;
  return n;
}

function checkLifecycle(st: UiFoldState, type: string, i: number): void {
  st.chunks++;
  if (st.chunks === 1 && type !== 'start') {
    st.sink.report(UI_RULE.missingStart, `the stream begins with "${type}"; expected a "start" chunk first.`, [i]);
  }
  if (st.finishedAt !== undefined && !st.reportedAfterFinish) {
    st.reportedAfterFinish = true;
    st.sink.report(UI_RULE.chunkAfterFinish, `"${type}" chunk after "finish" (frame ${frameRef(st.finishedAt)}); expected only [DONE] after it.`, [i, st.finishedAt]);
  }
}

type Handler<T extends ChunkType> = (st: UiFoldState, c: Extract<AnyChunk, { type: T }>, i: number, raw: string) => void;

/** What each chunk type does, found with the type's schema (one lookup per chunk, no switch over every type). */
const HANDLERS: { [T in ChunkType]: Handler<T> } = {
  start: (st, c) => onStart(st, c.messageId, c.messageMetadata),
  finish: (st, c, i) => {
    if (c.finishReason === LATER_FINISH_REASON) {
      st.sink.report(UI_RULE.versionSpecificChunk, `"finish" chunk with finishReason "${LATER_FINISH_REASON}": ai 7.0.149 and later accept it; ai 5–6 and earlier ai 7 clients reject the chunk.`, [i]);
    }
    onFinish(st, c.messageMetadata, i);
  },
  abort: (st, c, i) => {
    st.aborted = true;
    st.sink.report(UI_RULE.aborted, `the stream was aborted${c.reason ? ` (${c.reason})` : ''}; the message is incomplete.`, [i]);
    addError(st, i, `Aborted${c.reason ? `: ${c.reason}` : ''}`);
    st.layout.endStreaming();
  },
  error: (st, c, i) => {
    st.sink.report(UI_RULE.errorChunk, `the server reported an error: ${c.errorText}`, [i]);
    addError(st, i, c.errorText);
  },
  'message-metadata': (st, c) => addUsage(st, c.messageMetadata),
  'start-step': (st, _c, i) => {
    if (st.layout.inStep) st.sink.report(UI_RULE.stepMismatch, `start-step while the step started at frame ${frameRef(st.stepOpenAt)} is open; expected finish-step first.`, [i, st.stepOpenAt ?? i]);
    st.stepOpenAt = i;
    st.layout.startStep(i);
  },
  'finish-step': (st, _c, i) => {
    if (!st.layout.inStep) st.sink.report(UI_RULE.stepMismatch, 'finish-step with no open start-step; expected start-step first.', [i]);
    reportOpenParts(st, 'finish-step', i);
    st.layout.finishStep(i);
  },
  'reset-step': (st) => {
    clearOpenParts(st);
    tools.resetStep(st);
    st.layout.resetStep();
  },
  'text-start': (st, c, i) => partStart(st, 'text', c.id, i),
  'text-delta': (st, c, i, raw) => partDelta(st, 'text', c.id, c.delta, i, raw),
  'text-end': (st, c, i, raw) => partEnd(st, 'text', c.id, i, raw),
  'reasoning-start': (st, c, i) => partStart(st, 'reasoning', c.id, i),
  'reasoning-delta': (st, c, i, raw) => partDelta(st, 'reasoning', c.id, c.delta, i, raw),
  'reasoning-end': (st, c, i, raw) => partEnd(st, 'reasoning', c.id, i, raw),
  reasoning: (st, c, i) => legacyReasoning(st, c.text, i),
  'reasoning-part-finish': (st) => {
    st.legacyReasoning = undefined;
  },
  'tool-input-start': (st, c, i) => tools.toolInputStart(st, c, i),
  'tool-input-delta': (st, c, i, raw) => tools.toolInputDelta(st, c, i, raw),
  'tool-input-available': (st, c, i) => tools.toolInputAvailable(st, c, i),
  'tool-input-error': (st, c, i) => tools.toolInputError(st, c, i),
  'tool-output-available': (st, c, i) => tools.toolOutput(st, c, i),
  'tool-output-error': (st, c, i) => tools.toolOutput(st, c, i),
  'tool-output-denied': (st, c, i) => tools.toolOutputDenied(st, c, i),
  'tool-approval-request': (st, c, i, raw) => tools.toolApprovalRequest(st, c, i, raw),
  'tool-approval-response': (st, c, i, raw) => tools.toolApprovalResponse(st, c.approvalId, c.approved, i, raw),
  'source-url': (st, c, i) => {
    addRawPreview(st, i, flatSourcePreview(c.title ?? c.url, c.url, RAW_MAX));
  },
  'source-document': (st, c, i) => {
    addRaw(st, i, `source: ${c.title} (${c.mediaType}${c.filename ? `, ${c.filename}` : ''})`);
  },
  file: (st, c, i) => {
    addRaw(st, i, `${c.type}: ${c.mediaType} ${c.url}`);
  },
  'reasoning-file': (st, c, i) => {
    addRaw(st, i, `${c.type}: ${c.mediaType} ${c.url}`);
  },
  'steering-message': (st, c, i) => {
    // A user message the app put into the running turn: shown as the user's, where it came.
    const text = c.parts.map((p) => (p.type === 'text' ? p.text : `[file: ${p.filename ?? p.mediaType}]`)).join('\n');
    st.layout.addUser({ kind: 'user', id: `user-${i}`, frames: [i], text }, true);
  },
  custom: (st, c, i) => {
    addRaw(st, i, `custom: ${c.kind}`);
  },
};

// After HANDLERS: a kind holds its type's handler.
const kinds: readonly ChunkKind[] = CHUNK_TYPES.map((type) => makeKind(type, CHUNK_SCHEMAS.get(type) as ObjectSchema));
const dataKind = makeKind('data-', DataChunkSchema);

/** A type's handler; a type with a schema but no handler (none today) is shown raw. */
function handlerOf(type: string): Handler<ChunkType> {
  const handler = Object.hasOwn(HANDLERS, type) ? (HANDLERS[type as ChunkType] as Handler<ChunkType>) : undefined;
  return handler ?? ((st, _c, i, raw) => void addRaw(st, i, raw));
}

function onStart(st: UiFoldState, messageId: string | undefined, metadata: unknown): void {
  const newId = messageId !== undefined && messageId !== st.messageId;
  if (newId || st.chunks === 1) {
    // ai's readUIMessageStream starts a fresh message on a new messageId: parts open before it are gone,
    // and so are its tool calls when the same stream built them.
    if (st.messageId !== undefined && newId) {
      clearOpenParts(st);
      if (st.chunks > 1) tools.forgetMessage(st);
    }
    st.layout.startMessage();
  } else if (st.finishedAt !== undefined) {
    // A `start` without a new messageId continues the message, open parts and all, even after `finish`.
    st.layout.startTurn();
  }
  if (messageId !== undefined) st.messageId = messageId;
  st.finishedAt = undefined;
  st.reportedAfterFinish = false;
  st.model.streaming = true;
  addUsage(st, metadata);
}

function onFinish(st: UiFoldState, metadata: unknown, i: number): void {
  // ai keeps the parts it was building across 'finish': a late end for one of them is accepted.
  reportOpenParts(st, 'finish', i);
  tools.reportIncompleteTools(st, i);
  if (st.layout.inStep) {
    st.sink.report(UI_RULE.stepMismatch, `finish while the step started at frame ${frameRef(st.stepOpenAt)} is open; expected finish-step first.`, [i, st.stepOpenAt ?? i]);
  }
  const lastText = st.layout.lastText;
  if (lastText) lastText.final = true;
  st.finishedAt = i;
  addUsage(st, metadata);
  st.layout.endStreaming();
}

function endOfInput(st: UiFoldState, i: number): void {
  if (st.ended) return;
  st.ended = true;
  streamEnd(st, i);
  st.layout.endStreaming();
}

/** What only the end of a stream shows: a missing `finish` or `[DONE]`. */
function streamEnd(st: UiFoldState, i: number): void {
  if (st.chunks > 0 && st.finishedAt === undefined && !st.aborted) {
    const where = st.doneAt !== undefined ? 'reached [DONE]' : 'ended';
    const at = st.doneAt ?? i;
    st.sink.report(UI_RULE.missingFinish, `the stream ${where} without a "finish" chunk; the message is incomplete.`, at >= 0 ? [at] : []);
  } else if (st.finishedAt !== undefined && st.doneAt === undefined) {
    st.sink.report(UI_RULE.missingDone, 'the stream finished without "data: [DONE]"; AI SDK servers end with it.', [st.finishedAt]);
  }
}

function addError(st: UiFoldState, i: number, message: string, connectionError?: Frame): void {
  const id = `error-${i}`;
  const item: ErrorItem = connectionError ? connectionErrorItem(connectionError, id, message) : { kind: 'error', id, frames: [i], message };
  st.layout.addAlert(item);
}

/** Usage is not part of the protocol; apps commonly put it in message metadata (`usage` / `totalUsage`). */
function addUsage(st: UiFoldState, metadata: unknown): void {
  if (!isRecord(metadata)) return;
  mergeUsage(st, metadata.usage);
  mergeUsage(st, metadata.totalUsage);
}

function mergeUsage(st: UiFoldState, value: unknown): void {
  const counters = numericCounters(value);
  if (!counters) return;
  // The first counters need no copy: numericCounters made them, and nothing else holds them.
  const usage = st.model.usage;
  st.model.usage = usage === undefined ? counters : { ...usage, ...counters };
}

/** Made once: a fold is made per session. */
/**
 * A connection whose request body was captured (a HAR, a capture file): the calls its messages hold are
 * the conversation's, as the tool-loop checks read them, so a stream continuing a message after a tool
 * approval is judged against them rather than as an orphan.
 */
function onConnection(st: UiFoldState, connection: Connection): void {
  // Only the join: whether an unknown call is an orphan stays judged as before (a request body with no
  // messages part of the chat, e.g. a resumed stream's, says nothing of the calls it lacks).
  const body = requestJson(connection);
  if (body === undefined) return;
  requestToolCalls(body, (st.priorToolCalls ??= new Set()));
}

/** The stream's turn ends at its `finish` chunk, `[DONE]` or an `abort` chunk. */
const turnOpen = (st: UiFoldState): boolean => st.finishedAt === undefined && st.doneAt === undefined && !st.aborted;

/** The page's stop ends the turn as an \`abort\` chunk does: the message is incomplete, and no \`finish\` is owed. */
const stoppedByPage = (st: UiFoldState): void => {
  st.aborted = true;
};
const SHELL: SinkFoldHandlers<UiFoldState> = { applyMessage, applyRequest: onRequest, addError, endOfInput, turnOpen, stoppedByPage, addRaw, applyConnection: onConnection };
