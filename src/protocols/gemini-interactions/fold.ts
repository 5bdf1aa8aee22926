// The Gemini Interactions API fold: interaction.created … interaction.completed events → the shared
// view model. Steps by index: `thought` steps are reasoning (their signatures are frames of the step),
// `model_output` steps text, `function_call` steps tools the page runs (arguments streamed as JSON
// text), server tool steps (`google_search_call` …) tools whose `*_result` step answers them by
// `call_id`; text annotations are sources. Each delta shows by its own type (a `text` delta as text, a
// `thought_summary` as thinking, whatever step carries it), as @google/genai yields every event. Both
// reference clients read on past `interaction.completed`, keeping each step open until its own
// `step.stop`, and so does the fold. One interaction per turn. apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import { humanizeToolName, type ReasoningItem, type TextItem, type ToolItem, type ViewModel } from '../../model/view';
import { extendText } from '../../model/text-builder';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { checkedEvent, flattenUsage, guardedApply, isRecord, newToolItem, parseJson, rawItem, setToolInput } from '../shared/view-helpers';
import { flatSourcePreview } from '../aisdk-ui/flat-preview';
import { handledOutsideEvents, type TurnFoldState } from '../shared/turn-frames';
import { TurnConnections, type ConnectionEnding } from '../shared/page-abort';
import { ResumedRequests } from '../shared/resumed-requests';
import { CONTINUES_TEXT, requiresContinuation, trackToken, type DecodeTurn } from './long-decode';
import { INTERACTIONS_RULES as R } from './rules';
import { EVENT_SCHEMAS, isInteractionEventType, isPlainEvent, REQUEST_TOKEN_FIELD, type InteractionEvent, type InteractionEventType, type StepDelta } from './schema';

const DIGESTIBLE = true;
const RAW_MAX = 2000;

interface Step {
  type: string;
  /**
   * The step.start's `step`, as received, to tell an identical repeat; compared as JSON only when a
   * start comes again for an open step (serialising every start cost the fixture's pipeline 29 %).
   */
  shell: unknown;
  startFrame: number;
  frames: number[];
  stopped: boolean;
  /** Whether a delta arrived for it. */
  delta: boolean;
  text?: TextItem;
  reasoning?: ReasoningItem;
  tool?: ToolItem;
  args: string;
}

interface Turn extends DecodeTurn {
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
  /**
   * Text and thinking of deltas for an index with no open step, by index: @google/genai yields them and
   * a page shows them, the AI SDK drops them (reported); not steps, so a later start there is a new step.
   */
  loose?: Map<number, Step>;
  /** Server tool calls by id, which result steps answer by `call_id`. */
  calls: Map<string, ToolItem>;
  functionCalls: number;
  sources: Set<string>;
}

/** The frames outside events are handled by shared/turn-frames.ts, on its part of this state. */
interface State extends TurnFoldState<Turn> {
  turns: number;
  usage: Record<string, number>;
  /** The `continuation_token`s requests send back: the interaction each streams continues an earlier one. */
  /** Made at the first request it reads: a fold of response frames alone makes none. */
  resumed?: ResumedRequests;
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
    // A live capture keeps the request body on its connection rather than as a frame.
    connection: (connection) => (state.resumed ??= new ResumedRequests(REQUEST_TOKEN_FIELD)).connection(connection),
  };
}

function applyFrame(state: State, decoded: DecodedFrame, sink: FindingSink): void {
  if (decoded.frame.direction === 'out' && decoded.frame.kind === 'message') (state.resumed ??= new ResumedRequests(REQUEST_TOKEN_FIELD)).request(decoded.json);
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
  if (!turn.completed && !turn.failed) state.model.streaming = true;
  if (type !== 'step.delta' && type !== 'step.start' && type !== 'step.stop') trackToken(turn, type, event as Record<string, unknown>);
  applyEvent(state, turn, type, event as InteractionEvent<typeof type>, frame, sink);
}

function turnFor(state: State, frame: Frame, sink: FindingSink): Turn {
  const turn = state.turn;
  if (turn && turn.connectionId === frame.connectionId && !state.requestSeen) return turn;
  if (turn) finalize(turn, sink, frame.index);
  state.requestSeen = false;
  state.turns++;
  state.turn = { n: state.turns, connectionId: frame.connectionId, events: 0, lastFrame: frame.index, completed: false, afterReported: false, failed: false, stoppedByPage: false, brandGiven: false, steps: new Map(), calls: new Map(), functionCalls: 0, sources: new Set() };
  if (state.resumed?.take(frame.connectionId) !== undefined) {
    // A long decode's next request: @google/genai shows what it streams as the rest of the earlier answer.
    state.turn.brandGiven = true;
    state.model.items.push({ kind: 'raw', id: itemId(state.turn, 'continues', frame), frames: [frame.index], text: CONTINUES_TEXT });
  }
  return state.turn;
}

function applyEvent(state: State, turn: Turn, type: InteractionEventType, event: InteractionEvent<InteractionEventType>, frame: Frame, sink: FindingSink): void {
  switch (type) {
    case 'step.start':
      return startStep(state, turn, event as InteractionEvent<'step.start'>, frame, sink);
    case 'step.delta': {
      const e = event as InteractionEvent<'step.delta'>;
      const step = turn.steps.get(e.index);
      // The AI SDK drops a delta for an index with no open step (its openBlocks has none); @google/genai
      // yields it, and its text or thinking shows, as a page shows it.
      if (!step || step.stopped) {
        const shown = looseStep(turn, e.index, step, e.delta, frame);
        sink.report(R.stepNotStarted, `step.delta for index ${e.index}, which no open step.start opened: the AI SDK drops it${shown ? '; @google/genai yields it, and the view shows it' : ''}`, [frame.index]);
        if (shown) applyDelta(state, turn, shown, e.delta, frame, sink);
        return;
      }
      step.frames.push(frame.index);
      step.delta = true;
      return applyDelta(state, turn, step, e.delta, frame, sink);
    }
    case 'step.stop': {
      const e = event as InteractionEvent<'step.stop'>;
      const step = turn.steps.get(e.index);
      // Both clients pass over a stop with no open step: nothing is lost.
      if (!step || step.stopped) return void sink.report(R.stopWithoutStart, `step.stop for index ${e.index}, which no open step.start opened (${step ? 'stopped already' : 'never started'}); both clients pass over it`, [frame.index]);
      step.stopped = true;
      if (step.type === 'function_call' && step.tool) {
        // The AI SDK builds a call's input from its arguments_delta text alone ("{}" without any).
        if (step.args.trim() === '' && step.tool.input !== undefined) {
          sink.report(R.argumentsOnStartOnly, `function call "${step.tool.name}" gives its arguments only on its step.start, with no arguments_delta: @google/genai yields them (and the view shows them), but the AI SDK runs the tool with {}`, [frame.index, step.startFrame]);
        }
        const parsed = step.args.trim() === '' ? { ok: true as const, value: step.tool.input ?? {} } : parseJson(step.args);
        if (parsed.ok) {
          const todos = setToolInput(step.tool, parsed.value);
          if (todos) state.model.todos = todos;
        } else sink.report(R.invalidFunctionArguments, `arguments of function call "${step.tool.name}" are not valid JSON: ${parsed.reason}`, [frame.index, step.startFrame]);
      }
      if (step.text) step.text.final = true;
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
  if (status === 'requires_continuation') requiresContinuation(state.model.items, turn, itemId(turn, 'continued', frame), frame, sink);
  if (status === 'requires_action' && turn.functionCalls === 0) sink.report(R.requiresActionWithoutCall, 'status "requires_action" but the stream carried no function_call step', [frame.index]);
  // Steps still open stay open: both clients read on after interaction.completed (the AI SDK keeps each
  // block until its own step.stop), so a late step.stop or delta still counts; the turn's end reports them.
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
  const earlier = turn.steps.get(e.index);
  // safeJson: a step nested past the stack is untrusted input, and the fold never throws.
  if (earlier && !earlier.stopped && !earlier.delta && safeJson(earlier.shell) === safeJson(e.step)) {
    // The same start again before any delta: both clients open the same empty step again, one step.
    earlier.frames.push(frame.index);
    return void sink.report(R.stepStartRepeated, `step.start for index ${e.index} repeated before any of its deltas; both clients keep one step`, [frame.index, earlier.startFrame]);
  }
  if (earlier) sink.report(R.stepIndexReused, `step.start for index ${e.index}, which an earlier step of this interaction used`, [frame.index, earlier.startFrame]);
  const step: Step = { type: e.step.type, shell: e.step, startFrame: frame.index, frames: [frame.index], stopped: false, delta: false, args: '' };
  turn.steps.set(e.index, step);
  const t = e.step.type;
  if (t === 'thought' || t === 'model_output') return;
  if (t === 'function_call' || t.endsWith('_call')) {
    const name = t === 'function_call' ? (e.step.name ?? '') : t.slice(0, -'_call'.length);
    const input = isRecord(e.step.arguments) && Object.keys(e.step.arguments).length > 0 ? e.step.arguments : undefined;
    // A call's start again while the call is open: both clients replace the open call (the arguments
    // streamed so far are lost), one call, not two.
    const reopened = earlier && !earlier.stopped && earlier.type === t ? earlier.tool : undefined;
    if (reopened) {
      Object.assign(reopened, { toolId: e.step.id ?? '', name, label: humanizeToolName(name), input });
      delete reopened.inputText;
      reopened.frames.push(frame.index);
      step.frames = reopened.frames;
      step.tool = reopened;
      if (t !== 'function_call' && e.step.id) turn.calls.set(e.step.id, reopened);
      return;
    }
    const item = newToolItem(itemId(turn, `step${e.index}`, frame), e.step.id ?? '', name, frame.index);
    item.frames = step.frames;
    item.input = input;
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
      // Both clients take the call as answered at its result step's start (the AI SDK emits
      // `step.result ?? null` at its stop), with or without a result delta.
      answer(call, e.step.result, e.step.is_error);
      return;
    }
  }
  sink.report(R.unknownStep, `a step of type "${t}" this version does not know; shown raw`, [frame.index]);
  state.model.items.push(rawItem(frame, itemId(turn, `raw${e.index}`, frame)));
}

/** A server tool call answered by its result step: the result, when one came, and whether it failed. */
function answer(call: ToolItem, result: unknown, isError: unknown): void {
  if (result !== undefined) call.result = result;
  call.status = isError === true ? 'error' : 'success';
}

/**
 * Where a text or thinking delta with no open step goes: the stopped step's own item, or a loose step of
 * the delta's kind for the index. Undefined for other deltas (arguments with no call, signatures), which show nothing.
 */
function looseStep(turn: Turn, index: number, stopped: Step | undefined, delta: StepDelta, frame: Frame): Step | undefined {
  const type = delta.type === 'text' ? 'model_output' : delta.type === 'thought_summary' ? 'thought' : undefined;
  if (type === undefined || !deltaText(delta)) return undefined;
  if (stopped?.type === type) {
    stopped.frames.push(frame.index);
    return stopped;
  }
  const loose = (turn.loose ??= new Map());
  let step = loose.get(index);
  if (step?.type !== type) {
    step = { type, shell: undefined, startFrame: frame.index, frames: [], stopped: true, delta: true, args: '' };
    loose.set(index, step);
  }
  step.frames.push(frame.index);
  return step;
}

function applyDelta(state: State, turn: Turn, step: Step, delta: StepDelta, frame: Frame, sink: FindingSink): void {
  switch (delta.type) {
    case 'text': {
      const text = deltaText(delta);
      if (!text) return;
      // @google/genai's reader shows every text delta as text; the AI SDK reads one only in a model_output step.
      if (step.type !== 'model_output') sink.report(R.textOutsideOutput, `a text delta in a ${step.type} step: @google/genai shows it as text, the AI SDK drops it`, [frame.index, step.startFrame]);
      if (!step.text) {
        step.text = { kind: 'text', id: itemId(turn, 'text', frame), frames: step.frames, text: '', part: false, final: false, brand: !turn.brandGiven };
        turn.brandGiven = true;
        state.model.items.push(step.text);
      }
      step.text.text = extendText(step.text, step.text.text, text, DIGESTIBLE);
      return;
    }
    case 'thought_summary': {
      const text = deltaText(delta);
      if (!text) return;
      // A summary shows as thinking whatever step carries it; the AI SDK reads one only in a thought step.
      if (step.type !== 'thought') sink.report(R.summaryOutsideThought, `a thought_summary delta in a ${step.type} step: shown as thinking, as @google/genai yields it; the AI SDK drops it`, [frame.index, step.startFrame]);
      if (!step.reasoning) {
        step.reasoning = { kind: 'reasoning', id: itemId(turn, 'thought', frame), frames: step.frames, text: '' };
        state.model.items.push(step.reasoning);
      }
      step.reasoning.text = extendText(step.reasoning, step.reasoning.text, text, DIGESTIBLE);
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
      if (step.tool && delta.type.endsWith('_result')) return answer(step.tool, delta.result, delta.is_error);
      sink.report(R.unknownStep, `a step.delta of type "${delta.type}" this version does not know; shown raw`, [frame.index]);
      state.model.items.push(rawItem(frame, itemId(turn, 'delta', frame)));
  }
}

const deltaText = (delta: StepDelta): string => delta.text ?? (isRecord(delta.content) && typeof delta.content.text === 'string' ? delta.content.text : '');

/**
 * The turn's end (the stream's, a new request's or turn's, the connection's close). `ended`: how the
 * capture saw the connection end; the page's own stop of a turn still open cut it on purpose, nothing to
 * report; after interaction.completed it only let go of the connection, and the steps left open are
 * still reported, seen at the turn's last event.
 */
function finalize(turn: Turn, sink: FindingSink, at: number, ended?: ConnectionEnding): void {
  if (turn.failed || turn.stoppedByPage) return;
  if (ended === 'abort' && !turn.completed) {
    turn.stoppedByPage = true;
    return;
  }
  const seen = turn.completed ? turn.lastFrame : at;
  for (const [index, step] of turn.steps) {
    if (step.stopped) continue;
    step.stopped = true;
    const call = step.type === 'function_call' ? step.tool : undefined;
    if (!call) {
      sink.report(R.stepNotStopped, `step ${index} (${step.type}) was started and never stopped`, [step.startFrame]);
      continue;
    }
    // The AI SDK emits a function call only at its step.stop: it never runs this one. Shown with the
    // arguments received, as never finished.
    sink.report(R.functionCallNotStopped, `function call "${call.name}" (step ${index}) was started and never stopped: the AI SDK emits a call only at its step.stop, so it never runs it; @google/genai shows it, and so does the view, as never finished`, [step.startFrame]);
    const parsed = step.args.trim() === '' ? undefined : parseJson(step.args);
    if (parsed?.ok) call.input = parsed.value;
    call.unfinished = seen;
  }
  if (!turn.completed && turn.events > 0) {
    turn.completed = true;
    sink.report(R.missingCompleted, 'the stream ended without interaction.completed', [at]);
  }
}
