// The OpenAI Chat Completions fold: `chat.completion.chunk` payloads → the shared view model,
// checking §3.4 of other-protocols.md. One completion per turn: `[DONE]`, a new connection or a
// client request ends it. apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import { frameText } from '../../model/decode';
import type { ViewModel } from '../../model/view';
import type { ProtocolFold } from '../types';
import { applyChoice } from './choices';
import { parseToolInputs, finalizeTurn } from './finalize';
import { applyRequest } from './request';
import { applySources } from './sources';
import { CHAT_RULES as R } from './rules';
import { aiSdkObjection } from './ai-sdk-schema';
import { ChunkSchema, isPlainChunk, type ChatChunk } from './schema';
import { newTurn, type FoldState, type TurnState } from './state';
import { describeIssues, flattenUsage, isRecord, rawItem } from '../shared/view-helpers';
import { guardedApply } from '../shared/view-helpers';
import { abortedByPage, endingItem, TurnConnections } from '../shared/page-abort';

export function createOpenAIChatFold(): ProtocolFold {
  const state: FoldState = {
    model: { protocol: 'openai-chat', items: [], todos: null, streaming: true },
    turnCount: 0,
    tools: new Map(),
    sawChunkFrame: false,
    pendingParseHelpers: false,
    requestSeen: false,
    usage: {},
    noDoneMarker: new Set(),
    connections: new TurnConnections(),
  };
  return {
    apply: guardedApply(state.model, (decoded, sink) => applyFrame(state, decoded, sink)),
    finish(sink) {
      if (!state.sawChunkFrame) {
        if (!state.connections.stoppedByPage) sink.report(R.noChunks, 'the stream carried no chunks ("request ended without sending any chunks")', []);
      } else if (state.turn) {
        finalizeTurn(state, state.turn, sink, [state.turn.lastFrame]);
      }
      state.model.streaming = false;
    },
    view: (): ViewModel => state.model,
    connection(connection) {
      if (connection.transport === 'file' || connection.transport === 'websocket') state.noDoneMarker.add(connection.id);
    },
  };
}

function applyFrame(state: FoldState, decoded: DecodedFrame, sink: FindingSink): void {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (state.connections.lettingGo(frame)) return;
    const turn = state.turn;
    const own = turn !== undefined && turn.connectionId === frame.connectionId;
    // The turn ends at `[DONE]` or at the stream's own error payload.
    const item = endingItem(frame, `error-${frame.index}`, !(own && (turn.done || turn.errored)));
    if (own) finalizeTurn(state, turn, sink, [frame.index], abortedByPage(frame) ? 'abort' : frame.kind);
    if (item) state.model.items.push(item);
    state.model.streaming = false;
    return;
  }
  if (frame.kind !== 'message') return;
  if (frame.direction === 'out') {
    if (state.turn) finalizeTurn(state, state.turn, sink, [frame.index]);
    state.requestSeen = true;
    if (decoded.json !== undefined) applyRequest(state, decoded.json, frame);
    return;
  }
  state.sawChunkFrame = true;
  state.connections.carried(frame.connectionId);
  if (decoded.jsonError !== undefined) {
    if (frameText(frame).trim() === '[DONE]') return done(state, frame, sink);
    state.model.items.push(rawItem(frame));
    // A frame the capture cut short is not the server's fault: show it, but do not flag it as bad JSON.
    if (!frame.truncated) sink.report(R.invalidJson, `data is neither JSON nor [DONE] (${decoded.jsonError}); openai-node's JSON.parse throws here`, [frame.index]);
    return;
  }
  const json = decoded.json;
  const turn = turnFor(state, frame, sink);
  if (!turn) {
    state.model.items.push(rawItem(frame));
    return;
  }
  if (frame.eventName === 'error' || (isRecord(json) && json.error !== undefined && json.error !== null)) {
    const err = isRecord(json) ? json.error : json;
    const message = isRecord(err) && typeof err.message === 'string' ? err.message : (JSON.stringify(err) ?? 'error');
    sink.report(R.errorPayload, `the stream reports a failure (${message}); openai-node raises APIError with it`, [frame.index]);
    state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message });
    state.model.streaming = false;
    turn.errored = true;
    return;
  }
  const plain = isPlainChunk(json);
  const parsed = plain ? { success: true as const, data: json } : ChunkSchema.safeParse(json);
  if (!parsed.success) {
    sink.report(R.invalidChunk, `not a chat.completion.chunk: ${describeIssues(parsed.error.issues)}`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  // A chunk openai-node reads and the AI SDK's OpenAI-compatible provider rejects: reported, still applied.
  const objection = plain ? undefined : aiSdkObjection(parsed.data);
  if (objection !== undefined) sink.report(R.invalidChunk, objection, [frame.index]);
  applyChunk(state, turn, parsed.data, frame, sink);
}

/** The turn this chunk belongs to; undefined when it arrives after `[DONE]` on the same connection. */
function turnFor(state: FoldState, frame: Frame, sink: FindingSink): TurnState | undefined {
  const turn = state.turn;
  if (turn && turn.connectionId === frame.connectionId && !state.requestSeen) {
    if (!turn.done) return turn;
    if (!turn.afterDoneReported) {
      turn.afterDoneReported = true;
      sink.report(R.dataAfterDone, "data after `data: [DONE]` on the same connection: openai ignores it, and so does this view; the AI SDK's OpenAI-compatible provider reads on and shows it", [frame.index]);
    }
    return undefined;
  }
  if (turn) finalizeTurn(state, turn, sink, [frame.index]);
  state.requestSeen = false;
  state.turn = newTurn(state, frame.connectionId);
  return state.turn;
}

function done(state: FoldState, frame: Frame, sink: FindingSink): void {
  const turn = turnFor(state, frame, sink);
  if (!turn) return;
  turn.done = true;
  finalizeTurn(state, turn, sink, [frame.index]);
  state.model.streaming = false;
}

function applyChunk(state: FoldState, turn: TurnState, chunk: ChatChunk, frame: Frame, sink: FindingSink): void {
  turn.chunkCount++;
  turn.lastFrame = frame.index;
  state.model.streaming = true;
  checkIdentity(turn, chunk, frame, sink);
  applySources(state, turn, chunk, frame);
  if (chunk.choices.length > 0 && turn.usageFrame !== undefined && !turn.usageOrderReported) {
    turn.usageOrderReported = true;
    sink.report(R.usageChunkOrder, 'choice chunks after the usage chunk; the usage chunk (choices: []) should come last, before [DONE]', [frame.index, turn.usageFrame]);
  }
  for (const choice of chunk.choices) {
    applyChoice(state, turn, choice, frame, sink);
    const c = isRecord(choice) && typeof choice.index === 'number' ? turn.choices.get(choice.index) : undefined;
    if (c && choice.finish_reason && c.finishFrame === frame.index) onFinish(state, turn, c.index, choice.finish_reason, frame, sink);
  }
  const usage = chunk.usage ?? (isRecord(chunk.x_groq) ? chunk.x_groq.usage : undefined);
  if (isRecord(usage)) {
    // Usage is a whole-completion total: the latest report replaces the earlier one.
    Object.assign(state.usage, flattenUsage(usage));
    state.model.usage = state.usage;
    if (chunk.choices.length === 0) turn.usageFrame = frame.index;
  }
}

function onFinish(state: FoldState, turn: TurnState, index: number, reason: string, frame: Frame, sink: FindingSink): void {
  const c = turn.choices.get(index);
  // The calls show their input once the choice finishes; the end of the completion judges them.
  if (c) parseToolInputs(state, c);
  if (reason !== 'length' && reason !== 'content_filter') return;
  if (turn.parseHelpers) {
    sink.report(R.parseFinishReason, `finish_reason "${reason}" on a request with structured outputs or strict tools; the parse helpers throw ${reason === 'length' ? 'LengthFinishReasonError' : 'ContentFilterFinishReasonError'}`, [frame.index]);
  } else {
    sink.report(R.truncatedFinishReason, `finish_reason "${reason}": the answer was ${reason === 'length' ? 'cut off at the token limit' : 'filtered'}`, [frame.index]);
  }
}

function checkIdentity(turn: TurnState, chunk: ChatChunk, frame: Frame, sink: FindingSink): void {
  if (turn.firstFrame === undefined) {
    turn.firstFrame = frame.index;
    turn.id = chunk.id;
    turn.created = chunk.created;
    turn.model = chunk.model;
    return;
  }
  for (const key of ['id', 'created', 'model'] as const) {
    const first = turn[key];
    const now = chunk[key];
    // A first chunk with empty identity (Azure's prompt-filter chunk: id "", created 0) sets nothing.
    if (first === undefined || first === '' || first === 0) {
      if (key === 'id') turn.id = chunk.id;
      else if (key === 'created') turn.created = chunk.created;
      else turn.model = chunk.model;
      continue;
    }
    if (now === undefined || first === now || turn.identityReported.has(key)) continue;
    turn.identityReported.add(key);
    const extra = key === 'id' ? "; openai-node's ChatCompletionStream helper starts a new completion there" : '';
    sink.report(R.identityChanged, `chunk ${key} changed from ${JSON.stringify(first)} to ${JSON.stringify(now)}${extra}`, [frame.index, turn.firstFrame]);
  }
}
