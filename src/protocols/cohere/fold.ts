// The Cohere v2 chat streaming fold: message-start … message-end events → the shared view model. The
// tool plan and thinking content are reasoning, text content is text, tool calls are tools with their
// streamed arguments, citations are sources. One message per turn: a new connection or a client
// request ends it, not message-end: both cohere-ai and the AI SDK's provider read on to the end of the
// body, so events after message-end are shown (and reported). apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import { extendText } from '../../model/text-builder';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { checkedEvent, describeIssues, flattenUsage, guardedApply, isRecord, newToolItem, parseJson, rawItem, setToolInput } from '../shared/view-helpers';
import { flatSourcePreview } from '../aisdk-ui/flat-preview';
import { handledOutsideEvents } from '../shared/turn-frames';
import { COHERE_RULES as R } from './rules';
import { AI_SDK_SCHEMAS, EVENT_SCHEMAS, isCohereType, isPlainEvent, type CohereEvent, type CohereEventType } from './schema';
import { TurnConnections, type ConnectionEnding } from '../shared/page-abort';
import { DIGESTIBLE, itemId, type Call, type State, type Turn } from './turn-state';
import { applyContentDelta, blockItem, endAsAiSdk } from './content-blocks';
import { callFor, reportOverlap } from './tool-calls';

const RAW_MAX = 2000;

export function createCohereFold(): ProtocolFold {
  const state: State = { model: { protocol: 'cohere', items: [], todos: null, streaming: true }, turns: 0, requestSeen: false, usage: {}, connections: new TurnConnections() };
  return {
    apply: guardedApply(state.model, (decoded, sink) => applyFrame(state, decoded, sink)),
    finish(sink) {
      if (state.turn) finalize(state.turn, sink, state.turn.lastFrame);
      state.model.streaming = false;
    },
    view: (): ViewModel => state.model,
  };
}

function applyFrame(state: State, decoded: DecodedFrame, sink: FindingSink): void {
  if (handledOutsideEvents(state, decoded, sink, finalize, R.invalidJson, (turn) => turn.ended || turn.errored)) return;
  const { frame } = decoded;
  const json = decoded.json;
  const turn = turnFor(state, frame, sink);
  turn.lastFrame = frame.index;
  const type = isRecord(json) ? json.type : undefined;
  if (!isCohereType(type)) {
    sink.report(R.unknownEvent, `event type ${type === undefined ? 'missing' : safeJson(type, { maxLength: 80 })} is not known to this version (shown raw); the AI SDK's Cohere provider rejects it, reports an error and ends with finish reason "error"`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  if (turn.ended && !turn.afterEndReported) {
    turn.afterEndReported = true;
    sink.report(R.eventAfterEnd, `a ${type} event after message-end on the same connection`, [frame.index]);
  }
  if (turn.events === 0 && type !== 'message-start') sink.report(R.missingMessageStart, `the stream starts with ${type}, not message-start`, [frame.index]);
  turn.events++;
  // A plain event (checked by hand) is one both cohere-ai and the AI SDK read; any other goes through the
  // event's schema, then the AI SDK's: one it rejects is reported and still shown as cohere-ai reads it.
  let event: unknown = json;
  if (!isRecord(json) || !isPlainEvent(json)) {
    event = checkedEvent(json, type, notPlain, EVENT_SCHEMAS[type], R.invalidEvent, frame, sink, state.model.items);
    if (event === undefined) return;
    checkAiSdkAccepts(json, type, frame, sink);
  }
  // After message-end the message is over, though the clients read on: late events do not reopen it.
  if (!turn.ended) state.model.streaming = true;
  applyEvent(state, turn, type, event as CohereEvent<typeof type>, frame, sink);
}

const notPlain = (): boolean => false;

/** An event cohere-ai reads and the AI SDK's Cohere provider rejects (AI_SDK_SCHEMAS): its stream ends in an error there. */
function checkAiSdkAccepts(json: unknown, type: CohereEventType, frame: Frame, sink: FindingSink): void {
  // A message-end that reports the stream's own failure is that failure's (cohere/error-finish): the AI
  // SDK ends in an error either way, whatever its usage says.
  if (type === 'message-end' && isRecord(json) && isRecord(json.delta) && (json.delta.finish_reason === 'ERROR' || typeof json.delta.error === 'string')) return;
  const schema = AI_SDK_SCHEMAS[type];
  const issues = schema ? schema.safeParse(json).error?.issues : undefined;
  if (schema && !issues) return;
  const why = issues ? describeIssues(issues) : `it has no ${type} event`;
  sink.report(R.invalidEvent, `${type} event: the AI SDK's Cohere provider (@ai-sdk/cohere 4) rejects it (${why}), reports an error and ends with finish reason "error"; cohere-ai 8.1 reads it`, [frame.index]);
}

function turnFor(state: State, frame: Frame, sink: FindingSink): Turn {
  const turn = state.turn;
  if (turn && turn.connectionId === frame.connectionId && !state.requestSeen) return turn;
  if (turn) finalize(turn, sink, frame.index);
  state.requestSeen = false;
  state.turns++;
  state.turn = { n: state.turns, connectionId: frame.connectionId, events: 0, lastFrame: frame.index, ended: false, afterEndReported: false, errored: false, brandGiven: false, blocks: new Map(), calls: new Map(), endedCalls: new Set(), callCount: 0 };
  return state.turn;
}

function applyEvent(state: State, turn: Turn, type: CohereEventType, event: CohereEvent<CohereEventType>, frame: Frame, sink: FindingSink): void {
  switch (type) {
    case 'content-start': {
      const e = event as CohereEvent<'content-start'>;
      const thinking = e.delta.message.content.type === 'thinking';
      const item = blockItem(state, turn, thinking ? 'reasoning' : 'text', frame);
      const initial = (thinking ? e.delta.message.content.thinking : e.delta.message.content.text) ?? '';
      if (initial) item.text = initial;
      turn.blocks.set(e.index, { item, startFrame: frame.index, implicit: false, mismatchReported: false });
      if (thinking) turn.aiSdkReasoning = true;
      return;
    }
    case 'content-delta': {
      applyContentDelta(state, turn, event as CohereEvent<'content-delta'>, frame, sink);
      return;
    }
    case 'content-end': {
      const e = event as CohereEvent<'content-end'>;
      const block = turn.blocks.get(e.index);
      if (!block) return void sink.report(R.contentNotStarted, `content-end for index ${e.index}, which no content-start opened (or which already ended): the AI SDK's Cohere provider passes it on as the end of a part that is not open, and ai 7's readUIMessageStream throws ("Received text-end for missing text part", or the same for a reasoning part)`, [frame.index]);
      turn.blocks.delete(e.index);
      for (const item of [block.item, block.other]) if (item?.kind === 'text') item.final = true;
      endAsAiSdk(turn, e.index, block, frame, sink);
      return;
    }
    case 'tool-plan-delta': {
      const e = event as CohereEvent<'tool-plan-delta'>;
      if (!turn.plan) {
        turn.plan = { kind: 'reasoning', id: itemId(turn, 'plan', frame), frames: [], text: '', title: 'Tool plan' };
        state.model.items.push(turn.plan);
      }
      turn.plan.text = extendText(turn.plan, turn.plan.text, e.delta.message.tool_plan, DIGESTIBLE);
      turn.plan.frames.push(frame.index);
      return;
    }
    case 'tool-call-start': {
      const e = event as CohereEvent<'tool-call-start'>;
      const tc = e.delta.message.tool_calls;
      const item = newToolItem(itemId(turn, `tool${e.index}`, frame), tc.id ?? '', tc.function?.name ?? '', frame.index);
      const call: Call = { item, index: e.index, args: tc.function?.arguments ?? '', startFrame: frame.index, indexMismatchReported: false, aiSdkEnded: false };
      if (call.args) item.inputText = call.args;
      reportOverlap(turn, e.index, frame, sink);
      turn.calls.set(e.index, call);
      turn.aiSdkPending = call;
      turn.callCount++;
      state.model.items.push(item);
      return;
    }
    case 'tool-call-delta': {
      const e = event as CohereEvent<'tool-call-delta'>;
      const call = callFor(turn, e.index, 'tool-call-delta', frame, sink);
      if (!call) return void sink.report(R.toolCallNotStarted, `tool-call-delta for index ${e.index} while no tool call is open${turn.endedCalls.has(e.index) ? ` (call ${e.index} already ended)` : ''}: the AI SDK's Cohere provider adds a delta only to its open call, so these arguments are lost`, [frame.index]);
      const piece = e.delta.message.tool_calls.function?.arguments;
      if (piece) {
        call.args += piece;
        call.item.inputText = call.args;
      }
      call.item.frames.push(frame.index);
      return;
    }
    case 'tool-call-end': {
      const e = event as CohereEvent<'tool-call-end'>;
      if (turn.aiSdkPending) turn.aiSdkPending.aiSdkEnded = true;
      turn.aiSdkPending = undefined;
      const call = callFor(turn, e.index, 'tool-call-end', frame, sink);
      if (!call) {
        const what = turn.endedCalls.has(e.index) ? `a second tool-call-end for index ${e.index}, whose call already ended` : `tool-call-end for index ${e.index}, which no tool-call-start opened`;
        return void sink.report(R.strayToolCallEnd, `${what}, while no tool call is open: cohere-ai and the AI SDK's Cohere provider ignore it`, [frame.index]);
      }
      turn.calls.delete(call.index);
      turn.endedCalls.add(call.index);
      call.item.frames.push(frame.index);
      const parsed = call.args.trim() === '' ? { ok: true as const, value: {} } : parseJson(call.args);
      if (parsed.ok) {
        const todos = setToolInput(call.item, parsed.value);
        if (todos) state.model.todos = todos;
      } else {
        sink.report(R.invalidToolArguments, `arguments of tool call "${call.item.name}" are not valid JSON: ${parsed.reason}; the AI SDK's Cohere provider throws here and the stream fails`, [frame.index, call.startFrame]);
      }
      return;
    }
    case 'citation-start': {
      const c = (event as CohereEvent<'citation-start'>).delta?.message.citations;
      if (!c) return;
      for (const source of c.sources ?? []) {
        const doc = isRecord(source.document) ? source.document : undefined;
        const url = doc && typeof doc.url === 'string' ? doc.url : (source.id ?? '');
        const title = doc && typeof doc.title === 'string' ? doc.title : (c.text ?? source.type ?? 'source');
        state.model.items.push({ kind: 'raw', id: itemId(turn, `source-${state.model.items.length}`, frame), frames: [frame.index], text: flatSourcePreview(title, url, RAW_MAX) });
      }
      return;
    }
    case 'message-end': {
      const e = event as CohereEvent<'message-end'>;
      turn.ended = true;
      state.model.streaming = false;
      const usage = e.delta?.usage;
      if (isRecord(usage)) {
        flattenUsage(usage, state.usage);
        state.model.usage = state.usage;
      }
      const reason = e.delta?.finish_reason ?? undefined;
      const error = e.delta?.error ?? undefined;
      if (reason === 'ERROR' || error) {
        turn.errored = true;
        const message = error || 'the generation failed (finish_reason ERROR)';
        sink.report(R.errorFinish, `the stream reports a failure: ${message}`, [frame.index]);
        state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message });
        return;
      }
      if (reason === 'MAX_TOKENS' || reason === 'TIMEOUT') sink.report(R.truncatedFinishReason, `finish_reason "${reason}": the answer was cut off`, [frame.index]);
      if (reason === 'TOOL_CALL' && turn.callCount === 0) sink.report(R.finishReasonMismatch, 'finish_reason "TOOL_CALL" but the stream started no tool call', [frame.index]);
      else if (reason && reason !== 'TOOL_CALL' && turn.callCount > 0) sink.report(R.finishReasonMismatch, `${turn.callCount} tool call(s) but finish_reason "${reason}"; expected "TOOL_CALL"`, [frame.index]);
      // Not finalized here: both clients read on to the end of the body (blocks and calls still open may
      // end later, reported as events after the end); the turn is finalized where its connection ends.
      return;
    }
    default:
      // message-start, citation-end and debug carry nothing to show.
      return;
  }
}

/**
 * `ended` is how the capture saw the connection end (../shared/page-abort.ts). cohere-ai 8.1's chatStream
 * ends quietly with the cut text on a closed body and throws "terminated" on a failed one: a close seen
 * before message-end is a cut stream (error). The page's own abort ends the turn on purpose: nothing to
 * report. Without a close, a recording may stop before its stream did: a missing message-end (warning).
 */
function finalize(turn: Turn, sink: FindingSink, at: number, ended?: ConnectionEnding): void {
  if (turn.errored) return;
  // The page's abort of a turn still open stops it on purpose; after message-end it only let go of the
  // connection, and what the message left open is still reported.
  if (ended === 'abort' && !turn.ended) {
    turn.blocks.clear();
    turn.calls.clear();
    turn.ended = true;
    return;
  }
  // After message-end, the calls left open were seen unfinished at the turn's last event.
  const seen = turn.ended ? turn.lastFrame : at;
  for (const [index, block] of turn.blocks) if (!block.implicit) sink.report(R.contentNotEnded, `content block ${index} was started and never ended`, [block.startFrame]);
  turn.blocks.clear();
  for (const [index, call] of turn.calls) {
    const aiSdk = call.aiSdkEnded
      ? "the AI SDK's Cohere provider, which ends its one pending call at any tool-call-end, ended it at another call's"
      : "the AI SDK's Cohere provider emits a call only at a tool-call-end, so it never emits this one";
    sink.report(R.toolCallNotEnded, `tool call ${index} ("${call.item.name}") was started and never got its tool-call-end: ${aiSdk}; cohere-ai shows its start and arguments, and so does the view, as never finished`, [call.startFrame]);
    call.item.unfinished = seen;
  }
  turn.calls.clear();
  if (!turn.ended && turn.events > 0) {
    turn.ended = true;
    if (ended === undefined) sink.report(R.missingMessageEnd, 'the stream ended without message-end', [at]);
    else sink.report(R.streamCut, `the connection ${ended === 'close' ? 'closed' : 'failed'} before message-end: the answer was cut off (cohere-ai 8.1's chatStream ${ended === 'close' ? 'ends quietly and shows the cut answer as finished' : 'throws "terminated"'})`, [at]);
  }
}

