// The Gemini Interactions API fold: interaction.created … interaction.completed events → the shared
// view model. Steps by index: `thought` steps are reasoning (their signatures are frames of the step),
// `model_output` steps text, `function_call` steps tools the page runs (arguments streamed as JSON
// text), server tool steps (`google_search_call` …) tools whose `*_result` step answers them by
// `call_id`; text annotations are sources. One interaction per turn. apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { ReasoningItem, TextItem, ToolItem, ViewModel } from '../../model/view';
import { extendText } from '../../model/text-builder';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { checkedEvent, flattenUsage, guardedApply, isRecord, newToolItem, parseJson, rawItem, setToolInput } from '../shared/view-helpers';
import { flatSourcePreview } from '../aisdk-ui/flat-preview';
import { handledOutsideEvents } from '../shared/turn-frames';
import { TurnConnections, type ConnectionEnding } from '../shared/page-abort';
import { INTERACTIONS_RULES as R } from './rules';
import { EVENT_SCHEMAS, isInteractionEventType, isPlainEvent, type InteractionEvent, type InteractionEventType, type StepDelta } from './schema';

const DIGESTIBLE = true;
const RAW_MAX = 2000;

interface Step {
  type: string;
  startFrame: number;
  frames: number[];
  stopped: boolean;
  text?: TextItem | ReasoningItem;
  tool?: ToolItem;
  args: string;
}

interface Turn {
  n: number;
  connectionId: string;
  events: number;
  lastFrame: number;
  completed: boolean;
  afterReported: boolean;
  failed: boolean;
  /** The page aborted, cancelled or closed the connection before the turn ended: nothing of the cut to report. */
  stoppedByPage: boolean;
  brandGiven: boolean;
  steps: Map<number, Step>;
  /** Server tool calls by id, which result steps answer by `call_id`. */
  calls: Map<string, ToolItem>;
  functionCalls: number;
  sources: Set<string>;
}

interface State {
  model: ViewModel;
  turn?: Turn;
  turns: number;
  requestSeen: boolean;
  usage: Record<string, number>;
  connections: TurnConnections;
}

export function createInteractionsFold(): ProtocolFold {
  const state: State = { model: { protocol: 'gemini-interactions', items: [], todos: null, streaming: true }, turns: 0, requestSeen: false, usage: {}, connections: new TurnConnections() };
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
  // @google/genai 3.3 does not throw: it yields the record as a bare string, which no event handler reads.
  if (handledOutsideEvents(state, decoded, sink, finalize, R.invalidJson, (turn) => turn.completed || turn.failed, '@google/genai yields it as a bare string, not an event, so the app shows nothing of it')) return;
  const { frame } = decoded;
  const json = decoded.json;
  const turn = turnFor(state, frame, sink);
  turn.lastFrame = frame.index;
  const type = isRecord(json) ? json.event_type : undefined;
  if (!isInteractionEventType(type)) {
    sink.report(R.unknownEvent, `event_type ${type === undefined ? 'missing' : safeJson(type, { maxLength: 80 })} is not known to this version; shown raw`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  if (turn.completed && !turn.afterReported) {
    turn.afterReported = true;
    sink.report(R.eventAfterCompleted, `a ${type} event after interaction.completed on the same connection`, [frame.index]);
  }
  if (turn.events === 0 && type !== 'interaction.created') sink.report(R.missingCreated, `the stream starts with ${type}, not interaction.created`, [frame.index]);
  turn.events++;
  const event = checkedEvent(json, type, isPlainEvent, EVENT_SCHEMAS[type], R.invalidEvent, frame, sink, state.model.items);
  if (event === undefined) return;
  state.model.streaming = true;
  applyEvent(state, turn, type, event as InteractionEvent<typeof type>, frame, sink);
}

function turnFor(state: State, frame: Frame, sink: FindingSink): Turn {
  const turn = state.turn;
  if (turn && turn.connectionId === frame.connectionId && !state.requestSeen) return turn;
  if (turn) finalize(turn, sink, frame.index);
  state.requestSeen = false;
  state.turns++;
  state.turn = { n: state.turns, connectionId: frame.connectionId, events: 0, lastFrame: frame.index, completed: false, afterReported: false, failed: false, stoppedByPage: false, brandGiven: false, steps: new Map(), calls: new Map(), functionCalls: 0, sources: new Set() };
  return state.turn;
}

function applyEvent(state: State, turn: Turn, type: InteractionEventType, event: InteractionEvent<InteractionEventType>, frame: Frame, sink: FindingSink): void {
  switch (type) {
    case 'step.start':
      return startStep(state, turn, event as InteractionEvent<'step.start'>, frame, sink);
    case 'step.delta': {
      const e = event as InteractionEvent<'step.delta'>;
      const step = turn.steps.get(e.index);
      if (!step || step.stopped) return void sink.report(R.stepNotStarted, `step.delta for index ${e.index}, which no open step.start opened`, [frame.index]);
      step.frames.push(frame.index);
      return applyDelta(state, turn, step, e.delta, frame, sink);
    }
    case 'step.stop': {
      const e = event as InteractionEvent<'step.stop'>;
      const step = turn.steps.get(e.index);
      if (!step || step.stopped) return void sink.report(R.stepNotStarted, `step.stop for index ${e.index}, which no open step.start opened`, [frame.index]);
      step.stopped = true;
      if (step.type === 'function_call' && step.tool) {
        const parsed = step.args.trim() === '' ? { ok: true as const, value: step.tool.input ?? {} } : parseJson(step.args);
        if (parsed.ok) {
          const todos = setToolInput(step.tool, parsed.value);
          if (todos) state.model.todos = todos;
        } else sink.report(R.invalidFunctionArguments, `arguments of function call "${step.tool.name}" are not valid JSON: ${parsed.reason}`, [frame.index, step.startFrame]);
      }
      if (step.text?.kind === 'text') step.text.final = true;
      return;
    }
    case 'interaction.completed': {
      const e = event as InteractionEvent<'interaction.completed'>;
      turn.completed = true;
      state.model.streaming = false;
      if (isRecord(e.interaction.usage)) {
        flattenUsage(e.interaction.usage, state.usage);
        state.model.usage = state.usage;
      }
      return onStatus(state, turn, e.interaction.status, frame, sink);
    }
    case 'interaction.status_update':
      return onStatus(state, turn, (event as InteractionEvent<'interaction.status_update'>).status, frame, sink);
    case 'error': {
      const message = (event as InteractionEvent<'error'>).error.message ?? 'error';
      return fail(state, turn, `the stream reports a failure: ${message}`, message, frame, sink);
    }
    default:
      // interaction.created carries only the interaction's id and model.
      return;
  }
}

function onStatus(state: State, turn: Turn, status: string, frame: Frame, sink: FindingSink): void {
  if (status === 'failed' || status === 'cancelled') return fail(state, turn, `the interaction ended with status "${status}"`, `interaction ${status}`, frame, sink);
  if (!turn.completed) return;
  if (status === 'incomplete') sink.report(R.incomplete, 'the interaction completed with status "incomplete": the answer was cut off', [frame.index]);
  if (status === 'requires_action' && turn.functionCalls === 0) sink.report(R.requiresActionWithoutCall, 'status "requires_action" but the stream carried no function_call step', [frame.index]);
  finalize(turn, sink, frame.index);
}

function fail(state: State, turn: Turn, finding: string, message: string, frame: Frame, sink: FindingSink): void {
  if (turn.failed) return;
  turn.failed = true;
  sink.report(R.failed, finding, [frame.index]);
  state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message });
  state.model.streaming = false;
}

function itemId(turn: Turn, what: string, frame: Frame): string {
  return `t${turn.n}-${what}-${frame.index}`;
}

function startStep(state: State, turn: Turn, e: InteractionEvent<'step.start'>, frame: Frame, sink: FindingSink): void {
  if (turn.steps.has(e.index)) sink.report(R.stepIndexReused, `step.start for index ${e.index}, which an earlier step of this interaction used`, [frame.index, turn.steps.get(e.index)?.startFrame ?? frame.index]);
  const step: Step = { type: e.step.type, startFrame: frame.index, frames: [frame.index], stopped: false, args: '' };
  turn.steps.set(e.index, step);
  const t = e.step.type;
  if (t === 'thought' || t === 'model_output') return;
  if (t === 'function_call' || t.endsWith('_call')) {
    const name = t === 'function_call' ? (e.step.name ?? '') : t.slice(0, -'_call'.length);
    const item = newToolItem(itemId(turn, `step${e.index}`, frame), e.step.id ?? '', name, frame.index);
    item.frames = step.frames;
    if (isRecord(e.step.arguments) && Object.keys(e.step.arguments).length > 0) item.input = e.step.arguments;
    step.tool = item;
    if (t === 'function_call') turn.functionCalls++;
    else if (e.step.id) turn.calls.set(e.step.id, item);
    state.model.items.push(item);
    return;
  }
  if (t.endsWith('_result')) {
    const call = e.step.call_id ? turn.calls.get(e.step.call_id) : undefined;
    if (call) {
      step.tool = call;
      call.frames.push(frame.index);
      return;
    }
  }
  sink.report(R.unknownStep, `a step of type "${t}" this version does not know; shown raw`, [frame.index]);
  state.model.items.push(rawItem(frame, itemId(turn, `raw${e.index}`, frame)));
}

function applyDelta(state: State, turn: Turn, step: Step, delta: StepDelta, frame: Frame, sink: FindingSink): void {
  switch (delta.type) {
    case 'text':
    case 'thought_summary': {
      const text = delta.text ?? (isRecord(delta.content) && typeof delta.content.text === 'string' ? delta.content.text : '');
      if (!text) return;
      if (!step.text) {
        const reasoning = step.type === 'thought' || delta.type === 'thought_summary';
        step.text = reasoning
          ? { kind: 'reasoning', id: itemId(turn, 'thought', frame), frames: step.frames, text: '' }
          : { kind: 'text', id: itemId(turn, 'text', frame), frames: step.frames, text: '', part: false, final: false, brand: !turn.brandGiven };
        if (!reasoning) turn.brandGiven = true;
        state.model.items.push(step.text);
      }
      step.text.text = extendText(step.text, step.text.text, text, DIGESTIBLE);
      return;
    }
    case 'thought_signature':
      return;
    case 'arguments_delta':
      if (typeof delta.arguments === 'string' && step.tool) {
        step.args += delta.arguments;
        step.tool.inputText = step.args;
      }
      return;
    case 'text_annotation_delta':
      for (const a of delta.annotations ?? []) {
        if (!a.url || turn.sources.has(a.url)) continue;
        turn.sources.add(a.url);
        state.model.items.push({ kind: 'raw', id: itemId(turn, `source${turn.sources.size}`, frame), frames: [frame.index], text: flatSourcePreview(a.title || a.url, a.url, RAW_MAX) });
      }
      return;
    default:
      if (step.tool && delta.type.endsWith('_call') && isRecord(delta.arguments)) {
        step.tool.input = delta.arguments;
        return;
      }
      if (step.tool && delta.type.endsWith('_result')) {
        step.tool.result = delta.result;
        step.tool.status = delta.is_error === true ? 'error' : 'success';
        return;
      }
      sink.report(R.unknownStep, `a step.delta of type "${delta.type}" this version does not know; shown raw`, [frame.index]);
      state.model.items.push(rawItem(frame, itemId(turn, 'delta', frame)));
  }
}

/** `ended`: how the capture saw the connection end; the page's own stop cut the turn on purpose, nothing to report. */
function finalize(turn: Turn, sink: FindingSink, at: number, ended?: ConnectionEnding): void {
  if (turn.failed || turn.stoppedByPage) return;
  if (ended === 'abort') {
    turn.stoppedByPage = true;
    return;
  }
  for (const [index, step] of turn.steps) if (!step.stopped) sink.report(R.stepNotStopped, `step ${index} (${step.type}) was started and never stopped`, [step.startFrame]);
  for (const step of turn.steps.values()) step.stopped = true;
  if (!turn.completed && turn.events > 0) {
    turn.completed = true;
    sink.report(R.missingCompleted, 'the stream ended without interaction.completed', [at]);
  }
}
