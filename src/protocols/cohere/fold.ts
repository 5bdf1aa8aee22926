// The Cohere v2 chat streaming fold: message-start … message-end events → the shared view model. The
// tool plan and thinking content are reasoning, text content is text, tool calls are tools with their
// streamed arguments, citations are sources. One message per turn: a new connection or a client
// request ends it. apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { ReasoningItem, TextItem, ToolItem, ViewModel } from '../../model/view';
import { extendText } from '../../model/text-builder';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { checkedEvent, describeIssues, flattenUsage, guardedApply, isRecord, newToolItem, parseJson, rawItem, setToolInput } from '../shared/view-helpers';
import { flatSourcePreview } from '../aisdk-ui/flat-preview';
import { handledOutsideEvents } from '../shared/turn-frames';
import { COHERE_RULES as R } from './rules';
import { AI_SDK_SCHEMAS, EVENT_SCHEMAS, isCohereType, isPlainEvent, type CohereEvent, type CohereEventType } from './schema';
import { TurnConnections, type ConnectionEnding } from '../shared/page-abort';

const DIGESTIBLE = true;
const RAW_MAX = 2000;

interface Block {
  item: TextItem | ReasoningItem;
  startFrame: number;
}

interface Call {
  item: ToolItem;
  args: string;
  startFrame: number;
}

interface Turn {
  n: number;
  connectionId: string;
  events: number;
  lastFrame: number;
  ended: boolean;
  afterEndReported: boolean;
  errored: boolean;
  brandGiven: boolean;
  blocks: Map<number, Block>;
  calls: Map<number, Call>;
  callCount: number;
  plan?: ReasoningItem;
}

interface State {
  model: ViewModel;
  turn?: Turn;
  turns: number;
  requestSeen: boolean;
  usage: Record<string, number>;
  connections: TurnConnections;
}

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
  state.model.streaming = true;
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
  state.turn = { n: state.turns, connectionId: frame.connectionId, events: 0, lastFrame: frame.index, ended: false, afterEndReported: false, errored: false, brandGiven: false, blocks: new Map(), calls: new Map(), callCount: 0 };
  return state.turn;
}

function itemId(turn: Turn, what: string, frame: Frame): string {
  return `t${turn.n}-${what}-${frame.index}`;
}

function applyEvent(state: State, turn: Turn, type: CohereEventType, event: CohereEvent<CohereEventType>, frame: Frame, sink: FindingSink): void {
  switch (type) {
    case 'content-start': {
      const e = event as CohereEvent<'content-start'>;
      const thinking = e.delta.message.content.type === 'thinking';
      const item: TextItem | ReasoningItem = thinking
        ? { kind: 'reasoning', id: itemId(turn, 'thinking', frame), frames: [frame.index], text: '' }
        : { kind: 'text', id: itemId(turn, 'text', frame), frames: [frame.index], text: '', part: false, final: false, brand: !turn.brandGiven };
      if (!thinking) turn.brandGiven = true;
      const initial = (thinking ? e.delta.message.content.thinking : e.delta.message.content.text) ?? '';
      if (initial) item.text = initial;
      turn.blocks.set(e.index, { item, startFrame: frame.index });
      state.model.items.push(item);
      return;
    }
    case 'content-delta': {
      const e = event as CohereEvent<'content-delta'>;
      const block = turn.blocks.get(e.index);
      if (!block) return void sink.report(R.contentNotStarted, `content-delta for index ${e.index}, which no content-start opened`, [frame.index]);
      const piece = (block.item.kind === 'reasoning' ? e.delta.message.content.thinking : e.delta.message.content.text) ?? e.delta.message.content.text ?? '';
      if (piece) block.item.text = extendText(block.item, block.item.text, piece, DIGESTIBLE);
      block.item.frames.push(frame.index);
      return;
    }
    case 'content-end': {
      const e = event as CohereEvent<'content-end'>;
      const block = turn.blocks.get(e.index);
      if (!block) return void sink.report(R.contentNotStarted, `content-end for index ${e.index}, which no content-start opened`, [frame.index]);
      turn.blocks.delete(e.index);
      if (block.item.kind === 'text') block.item.final = true;
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
      const call: Call = { item, args: tc.function?.arguments ?? '', startFrame: frame.index };
      if (call.args) item.inputText = call.args;
      turn.calls.set(e.index, call);
      turn.callCount++;
      state.model.items.push(item);
      return;
    }
    case 'tool-call-delta': {
      const e = event as CohereEvent<'tool-call-delta'>;
      const call = turn.calls.get(e.index);
      if (!call) return void sink.report(R.toolCallNotStarted, `tool-call-delta for index ${e.index}, which no tool-call-start opened`, [frame.index]);
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
      const call = turn.calls.get(e.index);
      if (!call) return void sink.report(R.toolCallNotStarted, `tool-call-end for index ${e.index}, which no tool-call-start opened`, [frame.index]);
      turn.calls.delete(e.index);
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
      finalize(turn, sink, frame.index);
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
  if (ended === 'abort') {
    turn.blocks.clear();
    turn.calls.clear();
    turn.ended = true;
    return;
  }
  for (const [index, block] of turn.blocks) sink.report(R.contentNotEnded, `content block ${index} was started and never ended`, [block.startFrame]);
  turn.blocks.clear();
  for (const [index, call] of turn.calls) {
    sink.report(R.toolCallNotEnded, `tool call ${index} ("${call.item.name}") was started and never ended; the AI SDK never emits it`, [call.startFrame]);
    call.item.unfinished = at;
  }
  turn.calls.clear();
  if (!turn.ended && turn.events > 0) {
    turn.ended = true;
    if (ended === undefined) sink.report(R.missingMessageEnd, 'the stream ended without message-end', [at]);
    else sink.report(R.streamCut, `the connection ${ended === 'close' ? 'closed' : 'failed'} before message-end: the answer was cut off (cohere-ai 8.1's chatStream ${ended === 'close' ? 'ends quietly and shows the cut answer as finished' : 'throws "terminated"'})`, [at]);
  }
}
