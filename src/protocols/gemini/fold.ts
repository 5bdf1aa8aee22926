// The Gemini `streamGenerateContent` fold: GenerateContentResponse chunks (`alt=sse` records, or an
// `alt=json` array) → the shared view model. One response per turn: a new connection or a client
// request ends it. apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import type { ProtocolFold } from '../types';
import { describeIssues, flattenUsage, guardedApply, isRecord, rawItem } from '../shared/view-helpers';
import { applyCandidate, hasPayload } from './parts';
import { GEMINI_RULES as R } from './rules';
import { aiSdkObjection } from './ai-sdk-schema';
import { withoutPaths } from '../shared/without-paths';
import { ErrorPayloadSchema, isPlainOrCallResponse, REQUEST_TOKEN_FIELD, ResponseSchema, type GeminiResponse } from './schema';
import { newTurn, type FoldState, type TurnState } from './state';
import { endingOf, endingItem, TurnConnections, type ConnectionEnding } from '../shared/page-abort';
import { ResumedRequests } from '../shared/resumed-requests';

/** How many elements of one `alt=json` array frame are read (each is a whole response chunk). */
const MAX_ARRAY_ELEMENTS = 100_000;

export function createGeminiFold(): ProtocolFold {
  const state: FoldState = { model: { protocol: 'gemini', items: [], todos: null, streaming: true }, turnCount: 0, requestSeen: false, usage: {}, sawResponse: false, connections: new TurnConnections() };
  return {
    apply: guardedApply(state.model, (decoded, sink) => applyFrame(state, decoded, sink)),
    finish(sink) {
      if (state.turn) finalizeTurn(state.turn, sink, [state.turn.lastFrame]);
      state.model.streaming = false;
    },
    view: (): ViewModel => state.model,
    // A live capture keeps the request body on its connection rather than as a frame.
    connection: (connection) => (state.resumed ??= new ResumedRequests(REQUEST_TOKEN_FIELD)).connection(connection),
  };
}

function applyFrame(state: FoldState, decoded: DecodedFrame, sink: FindingSink): void {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (state.connections.lettingGo(frame)) return;
    const turn = state.turn;
    const own = turn !== undefined && turn.connectionId === frame.connectionId;
    // The turn ends at a candidate's finishReason, a blocked prompt or the stream's own error payload.
    const item = endingItem(frame, `error-${frame.index}`, !(own && (turn.finishReason !== undefined || turn.blocked || turn.errored)));
    if (own) finalizeTurn(turn, sink, [frame.index], endingOf(frame));
    if (item) state.model.items.push(item);
    state.model.streaming = false;
    return;
  }
  if (frame.kind !== 'message') return;
  if (frame.direction === 'out') {
    if (state.turn) finalizeTurn(state.turn, sink, [frame.index]);
    state.requestSeen = true;
    (state.resumed ??= new ResumedRequests(REQUEST_TOKEN_FIELD)).request(decoded.json);
    return;
  }
  state.connections.carried(frame.connectionId);
  if (decoded.jsonError !== undefined) {
    state.model.items.push(rawItem(frame));
    // A frame the capture cut short is not the server's fault: show it, but do not flag it as bad JSON.
    if (!frame.truncated) sink.report(R.invalidJson, `data is not JSON (${decoded.jsonError}); the client's JSON.parse throws here`, [frame.index]);
    return;
  }
  const turn = turnFor(state, frame, sink);
  const json = decoded.json;
  if (Array.isArray(json)) {
    // `alt=json`: the whole stream as one array of responses.
    const n = Math.min(json.length, MAX_ARRAY_ELEMENTS);
    for (let i = 0; i < n; i++) applyPayload(state, turn, json[i], frame, sink);
    return;
  }
  applyPayload(state, turn, json, frame, sink);
}

function turnFor(state: FoldState, frame: Frame, sink: FindingSink): TurnState {
  const turn = state.turn;
  if (turn && turn.connectionId === frame.connectionId && !state.requestSeen) return turn;
  if (turn) finalizeTurn(turn, sink, [frame.index]);
  state.requestSeen = false;
  const next = newTurn(state, frame.connectionId, frame.index);
  state.turn = next;
  const token = state.resumed?.take(frame.connectionId);
  if (token !== undefined) {
    // A long decode's next request: what it streams is the rest of the earlier answer, as both clients show it.
    next.continues = token;
    next.brandGiven = true;
    state.model.items.push({ kind: 'raw', id: `t${next.n}-continues-${frame.index}`, frames: [frame.index], text: CONTINUES_TEXT });
  }
  return next;
}

const CONTINUES_TEXT = 'continues the previous response (this request sent back its continuationToken): clients show what follows as the rest of that answer';


function applyPayload(state: FoldState, turn: TurnState, json: unknown, frame: Frame, sink: FindingSink): void {
  turn.lastFrame = frame.index;
  if (isRecord(json) && json.error !== undefined && json.error !== null) {
    const parsed = ErrorPayloadSchema.safeParse(json);
    const err = parsed.success ? parsed.data.error : undefined;
    const message = err?.message ?? 'error';
    const code = err ? [err.code, err.status].filter((v) => v !== undefined).join(' ') : '';
    sink.report(R.errorPayload, `the stream reports a failure${code ? ` (${code})` : ''}: ${message}; @google/genai throws it as an ApiError`, [frame.index]);
    state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message });
    state.model.streaming = false;
    turn.errored = true;
    return;
  }
  if (isPlainOrCallResponse(json)) return applyResponse(state, turn, json, frame, sink);
  const objection = aiSdkObjection(json);
  if (objection !== undefined) sink.report(R.invalidChunk, objection, [frame.index]);
  const parsed = ResponseSchema.safeParse(json);
  if (parsed.success) return applyResponse(state, turn, parsed.data, frame, sink);
  // @google/genai reads on past a field of the wrong type (it checks nothing at run time), and so does
  // the AI SDK where only our API types object: the chunk is shown without the fields named.
  const issues = parsed.error.issues;
  const reread = ResponseSchema.safeParse(withoutPaths(json, issues.map((i) => i.path)));
  if (!reread.success) {
    if (objection === undefined) sink.report(R.invalidChunk, `not a GenerateContentResponse: ${describeIssues(issues)}`, [frame.index]);
    state.model.items.push(rawItem(frame, `raw-${frame.index}-${turn.chunkCount}`));
    return;
  }
  if (objection === undefined) reportInvalidFields(turn, issues, frame, sink);
  applyResponse(state, turn, reread.data, frame, sink);
}

/** Once per turn for the same fields: the first chunk that sends them stands for the rest, which read the same way. */
function reportInvalidFields(turn: TurnState, issues: readonly { path: readonly PropertyKey[]; message: string }[], frame: Frame, sink: FindingSink): void {
  const what = describeIssues(issues);
  const reported = (turn.invalidFieldsReported ??= new Set());
  if (reported.has(what)) return;
  reported.add(what);
  sink.report(R.invalidField, `${what}, where the API's types say otherwise; @google/genai and the AI SDK's Google provider read on, and the chunk is shown without ${issues.length === 1 ? 'it' : 'them'} (reported once a turn)`, [frame.index]);
}

function applyResponse(state: FoldState, turn: TurnState, response: GeminiResponse, frame: Frame, sink: FindingSink): void {
  turn.chunkCount++;
  state.sawResponse = true;
  state.model.streaming = true;
  if (isRecord(response.usageMetadata)) {
    // Usage is a whole-response total: the latest report replaces the earlier one.
    flattenUsage(response.usageMetadata, state.usage);
    state.model.usage = state.usage;
  }
  const blocked = response.promptFeedback?.blockReason;
  if (isConfirmedBlockReason(blocked) && !turn.blocked) {
    turn.blocked = true;
    turn.blockFrame = frame.index;
    const why = response.promptFeedback?.blockReasonMessage;
    sink.report(R.promptBlocked, `promptFeedback.blockReason "${blocked}"${why ? ` (${why})` : ''}: the prompt was blocked`, [frame.index]);
    state.model.items.push({ kind: 'error', id: `blocked-${frame.index}`, frames: [frame.index], message: `prompt blocked: ${blocked}` });
  }
  const candidates = response.candidates ?? [];
  // Both clients read candidates[0] whatever its index (@ai-sdk/google `value.candidates?.[0]`,
  // @google/genai's `text` and `functionCalls` getters), and so does the view.
  const first = candidates[0];
  if (!first) return;
  const firstIndex = first.index ?? 0;
  if ((candidates.length > 1 || firstIndex !== 0) && !turn.extraCandidatesReported) {
    turn.extraCandidatesReported = true;
    const what = candidates.length > 1 ? `${candidates.length} candidates in one chunk; clients show the first (candidates[0]) only` : `the chunk's only candidate has index ${firstIndex}; clients read candidates[0] whatever its index, so it joins the answer`;
    sink.report(R.extraCandidates, what, [frame.index]);
  }
  if (turn.blocked && !turn.afterBlockReported && (first.content?.parts ?? []).some(hasPayload)) {
    turn.afterBlockReported = true;
    sink.report(R.contentAfterPromptBlocked, `the candidate has content in or after the chunk whose promptFeedback.blockReason blocked the prompt; the AI SDK's Google provider drops every candidate from that chunk on and shows none of it, while @google/genai shows it (and so does the view)`, turn.blockFrame === undefined || turn.blockFrame === frame.index ? [frame.index] : [frame.index, turn.blockFrame]);
  }
  applyCandidate(state, turn, first, frame, sink);
}

/**
 * A block reason both clients take as a block: the AI SDK's isConfirmedPromptBlockReason leaves out an
 * empty reason and the unspecified values, whose chunk it reads as any other (and @google/genai always does).
 */
function isConfirmedBlockReason(reason: string | null | undefined): reason is string {
  return !!reason && reason !== 'BLOCK_REASON_UNSPECIFIED' && reason !== 'BLOCKED_REASON_UNSPECIFIED';
}

/**
 * `ended` is how the capture saw the connection end (../shared/page-abort.ts). @google/genai 3.3 ends
 * quietly with the cut text on a closed body and throws "terminated" on a failed one: a close seen before
 * any finishReason is a cut stream (error). The page's own abort ends the turn on purpose: nothing to
 * report. Without a close, a recording may stop before its stream did: a missing finishReason (warning).
 */
function finalizeTurn(turn: TurnState, sink: FindingSink, at: number[], ended?: ConnectionEnding): void {
  if (turn.finalized) return;
  turn.finalized = true;
  if (turn.errored || turn.chunkCount === 0 || ended === 'abort') return;
  for (const call of turn.open) {
    sink.report(R.functionCallUnfinished, `function call "${call.name}" was streamed (willContinue) but never finished; the AI SDK drops it and never runs the tool`, [call.firstFrame]);
    call.item.unfinished = at[at.length - 1] ?? turn.lastFrame;
  }
  turn.open.length = 0;
  if (turn.finishReason === undefined && !turn.blocked) {
    if (ended === undefined) sink.report(R.missingFinishReason, 'the response stream ended without a candidate finishReason: it was cut short', at.length > 0 ? at : [turn.lastFrame]);
    else sink.report(R.streamCut, `the connection ${ended === 'close' ? 'closed' : 'failed'} before any candidate finishReason: the answer was cut off (${cutClients(turn, ended)})`, at.length > 0 ? at : [turn.lastFrame]);
  }
}

/**
 * What the clients do with a cut response. @google/genai 3.3 resumes a long decode from its latest
 * checkpoint (a `continuationToken` the response gave) with a new request; the AI SDK's Google
 * provider resumes only after a `CONTINUATION` finish.
 */
function cutClients(turn: TurnState, ended: ConnectionEnding): string {
  if (turn.token !== undefined) return "@google/genai 3.3 resumes from the response's latest checkpoint with a new request carrying its continuationToken; the AI SDK's Google provider does not";
  return `@google/genai 3.3 ${ended === 'close' ? 'ends quietly and shows the cut answer as finished' : 'throws "terminated"'}`;
}
