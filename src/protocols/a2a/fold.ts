// The A2A fold: the JSON-RPC requests of a session (read from each connection's request body) and
// their answers (SSE events of `message/stream` / `SendStreamingMessage` and `tasks/resubscribe` /
// `SubscribeToTask`, JSON bodies of `message/send`, `tasks/get`…) → view model and findings. Tasks
// accumulate as `@a2a-js/sdk`'s ResultManager accumulates them: an artifact chunk with `append` adds
// its parts to the artifact, one without replaces it; updates for unknown tasks and state changes of a
// finished task are ignored. Each agent message shows once (by messageId) as text, an `input-required`
// or `auth-required` status as the question the rendering draws, each artifact as one text item.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { QuestionItem, TextItem, ViewModel } from '../../model/view';
import { safeJson, safeText } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { isRecord, rawItem } from '../shared/view-helpers';
import { requestJson } from '../shared/request-prompt';
import { faultItem } from '../shared/fold-fault';
import { A2A_RULES as R } from './rules';
import { A2A_METHODS, INTERRUPTED_STATES, JsonRpcResponse, TERMINAL_STATES, type TaskStateName } from './schema';
import type { z } from 'zod';
import { jsonRpcResponseOk } from './fast-path';
import { readResult, requestMessage, type A2AArtifact, type A2AEvent, type A2AMessage } from './normalize';
import { addParts, messageText, noParts, partsTextOf, type PartsText } from './parts-text';
import { abortedByPage, endingItem } from '../shared/page-abort';
import { frameRef } from '../../model/frame-ref';

/** One request of the session and what its answer has shown so far. */
interface Call {
  id: unknown;
  method: string;
  kind: (typeof A2A_METHODS)[string] | undefined;
  /** The task the request names (a message's `taskId`, a get's or subscription's `params.id`). */
  taskId?: string;
  /** Frame of the answer's final event: the stream should end there. */
  finalAt?: number;
  /** The frame that ended it was already reported on for events after it. */
  lateReported?: boolean;
  events: number;
  /** The message the request sent, until its first frame: the question it answers is looked up then. */
  message?: A2AMessage;
}

interface ArtifactView {
  item: TextItem;
  /** The text of the artifact's parts so far: a chunk adds its parts' text, not all the parts' again. */
  body: PartsText;
  /** As the SDK keeps it: a chunk without `append` replaces it, an appended chunk only when it names one. */
  name?: string;
  lastChunkAt?: number;
}

interface TaskView {
  id: string;
  state: TaskStateName;
  /** Frame where the task reached a terminal state. */
  terminalAt?: number;
  artifacts: Map<string, ArtifactView>;
  question?: QuestionItem;
  /** Not given a state by an event yet: the first state is a change. */
  fresh: boolean;
}

/** States that end a task in its own failure: shown as an error with the status message. */
const FAILED_STATES: ReadonlySet<TaskStateName> = new Set(['failed', 'rejected']);

export function createA2aFold(): ProtocolFold {
  return new A2aFold();
}

class A2aFold implements ProtocolFold {
  private readonly model: ViewModel = { protocol: 'a2a', items: [], todos: null, streaming: false };
  private readonly calls = new Map<string, Call>();
  private readonly tasks = new Map<string, TaskView>();
  /** Messages already shown, by messageId: a task snapshot repeats the history the stream showed. */
  private readonly shown = new Set<string>();
  /** Messages the page's requests sent, by messageId: shown as the user's turn, not again from a task's history. */
  private readonly requested = new Set<string>();
  private sink!: FindingSink;
  private last = -1;
  private ended = false;

  connection(connection: Connection): void {
    const body = requestJson(connection);
    if (isRecord(body)) this.request(connection.id, body);
  }

  apply(decoded: DecodedFrame, sink: FindingSink): void {
    this.sink = sink;
    const { frame } = decoded;
    this.last = frame.index;
    try {
      if (frame.kind === 'close' || frame.kind === 'error') {
        // The answer ends at its final event (a terminal or interrupted state, a Message, an error).
        const item = endingItem(frame, `error-${frame.index}`, this.calls.get(frame.connectionId)?.finalAt === undefined, `connection error${frame.data ? `: ${safeText(frame.data, 200)}` : ''}`);
        if (item) this.model.items.push(item);
        // A failed connection shows as its error item, and the page's own stop as its stop: neither is a stream cut short by its server.
        return this.closed(frame.connectionId, frame.index, frame.kind === 'error' || abortedByPage(frame));
      }
      if (frame.kind !== 'message') return;
      if (frame.direction === 'out') {
        if (!isRecord(decoded.json)) return;
        if (!this.calls.has(frame.connectionId)) this.request(frame.connectionId, decoded.json);
        this.replied(frame.connectionId, frame.index);
        // The request captured as a frame of its own: its message is the user's turn, shown here.
        const message = requestMessage(decoded.json.params);
        if (message?.role === 'user') this.message(message, frame.index);
        return;
      }
      this.response(decoded);
    } catch (err) {
      this.model.items.push(faultItem(frame, err));
    }
  }

  finish(sink: FindingSink): void {
    this.sink = sink;
    if (this.ended) return;
    this.ended = true;
    for (const [connectionId] of this.calls) this.closed(connectionId, this.last);
    this.model.streaming = false;
  }

  view(): ViewModel {
    return this.model;
  }

  private request(connectionId: string, body: Record<string, unknown>): void {
    if (typeof body.method !== 'string') return;
    const method = body.method;
    const kind = A2A_METHODS[method];
    const params = isRecord(body.params) ? body.params : {};
    const message = requestMessage(params);
    const named = message?.taskId ?? (typeof params.id === 'string' ? params.id : undefined);
    const call: Call = { id: body.id, method, kind, events: 0, ...(named !== undefined && { taskId: named }) };
    this.calls.set(connectionId, call);
    if (message) {
      this.requested.add(message.messageId);
      // A pipeline hands over every connection of the session before its first frame (a fold rebuilt
      // for scrubbing too), so the task this message answers may not be known yet: see started().
      if (message.taskId !== undefined) call.message = message;
    }
    if (kind === 'stream' || kind === 'subscribe') this.model.streaming = true;
  }

  /** A message for a task that asked a question answers it. */
  private answered(message: A2AMessage): QuestionItem | undefined {
    const task = this.tasks.get(message.taskId as string);
    const question = task?.question;
    if (!question || question.state !== 'waiting') return undefined;
    question.state = 'answered';
    const asked = question.questions[0]?.question ?? '';
    question.answers = { [asked]: messageText(message.parts) };
    return question;
  }

  /** At a request's first frame, its message answers the question its task asked; that frame is the reply. */
  private replied(connectionId: string, i: number): void {
    const call = this.calls.get(connectionId);
    const message = call?.message;
    if (!call || !message) return;
    call.message = undefined;
    this.answered(message)?.frames.push(i);
  }

  /** `noCut`: the connection failed or the page stopped it, which its own item shows; no stream-not-final. */
  private closed(connectionId: string, at: number, noCut = false): void {
    const call = this.calls.get(connectionId);
    if (!call) return;
    this.calls.delete(connectionId);
    this.model.streaming = false;
    for (const c of this.calls.values()) if (c.kind === 'stream' || c.kind === 'subscribe') this.model.streaming = true;
    if (noCut || call.finalAt !== undefined || call.events === 0) return;
    if (call.kind === 'stream' || call.kind === 'subscribe') {
      this.sink.report(R.streamNotFinal, `the ${call.method} stream ended after ${call.events} event${call.events === 1 ? '' : 's'} without a final one (a terminal or interrupted state, or a Message); it was cut short.`, [at]);
    }
  }

  private response(decoded: DecodedFrame): void {
    const { frame } = decoded;
    const i = frame.index;
    if (decoded.json === undefined) {
      this.model.items.push(rawItem(frame));
      if (!frame.truncated) this.sink.report(R.invalidJson, `the event is not JSON (${decoded.jsonError ?? 'no payload'}); the SDK client throws "Failed to parse SSE event data".`, [i]);
      return;
    }
    const json = decoded.json;
    const parsed = jsonRpcResponseOk(json) ? { success: true as const, data: json as z.infer<typeof JsonRpcResponse> } : JsonRpcResponse.safeParse(json);
    if (!parsed.success || (parsed.data.result === undefined && parsed.data.error === undefined)) {
      const why = !isRecord(json) ? 'a response is a JSON object' : json.jsonrpc !== '2.0' ? `"jsonrpc" is ${safeJson(json.jsonrpc)}, expected "2.0"` : !('result' in json) && !('error' in json) ? 'neither "result" nor "error"' : 'the "id" or "error" has the wrong type';
      this.sink.report(R.invalidResponse, `not a JSON-RPC 2.0 response: ${why}; the SDK client throws.`, [i]);
      this.model.items.push(rawItem(frame));
      return;
    }
    const call = this.calls.get(frame.connectionId);
    const response = parsed.data;
    if (call && call.id !== undefined && response.id !== call.id && response.id !== null) {
      this.sink.report(R.idMismatch, `the response id ${safeJson(response.id)} is not the request's id ${safeJson(call.id)}; the SDK client throws "JSON-RPC response ID mismatch".`, [i]);
    }
    if (call) {
      this.replied(frame.connectionId, i);
      // The request came with the connection, before any sink: its method is judged at its first answer.
      if (call.events === 0 && call.kind === undefined) this.sink.report(R.unknownMethod, `method "${safeText(call.method, 80)}" is not one A2A v0.3 or v1.0 defines.`, [i]);
      if (call.finalAt !== undefined && !call.lateReported) {
        call.lateReported = true;
        this.sink.report(R.eventAfterFinal, `an event after the stream's final one (frame ${frameRef(call.finalAt)}); the SDK server closes the stream there.`, [i, call.finalAt]);
      }
      call.events++;
    }
    if (response.error) {
      const text = `${response.error.message} (code ${response.error.code})`;
      this.sink.report(R.errorResponse, `${call ? `${call.method} failed` : 'error response'}: ${text}.`, [i]);
      this.model.items.push({ kind: 'error', id: `error-${i}`, frames: [i], message: call ? `${call.method}: ${text}` : text });
      if (call) call.finalAt ??= i;
      return;
    }
    const read = readResult(response.result);
    if (!read.ok) {
      this.sink.report(R.invalidResult, `the result is no A2A ${read.version === undefined ? '' : `v${read.version} `}event: ${read.reason}.`, [i]);
      this.model.items.push(rawItem(frame));
      return;
    }
    this.event(read.event, call, i);
  }

  private event(event: A2AEvent, call: Call | undefined, i: number): void {
    switch (event.kind) {
      case 'task':
        return this.task(event, call, i);
      case 'message':
        this.message(event.message, i);
        if (call) call.finalAt ??= i;
        return;
      case 'status-update':
        return this.status(event, call, i);
      case 'artifact-update':
        return this.artifact(event.taskId, event.artifact, event.append, event.lastChunk, call, i);
    }
  }

  private task(event: Extract<A2AEvent, { kind: 'task' }>, call: Call | undefined, i: number): void {
    let task = this.tasks.get(event.id);
    if (!task) {
      task = { id: event.id, state: event.state, artifacts: new Map(), fresh: true };
      this.tasks.set(event.id, task);
    }
    if (call && call.taskId === undefined) call.taskId = event.id;
    // The status message of a snapshot that asks (or fails) is shown as the question (or the error),
    // not first as plain text from the history that holds it too.
    const special = event.message !== undefined && (INTERRUPTED_STATES.has(event.state) || FAILED_STATES.has(event.state)) ? event.message.messageId : undefined;
    for (const m of event.history) if (!this.requested.has(m.messageId) && m.messageId !== special) this.message(m, i);
    for (const a of event.artifacts) this.artifact(event.id, a, false, false, undefined, i);
    // A snapshot never ends a stream (the SDK server ends it at a status update or a Message): a
    // follow-up's stream starts with the task still in the state that asked for input.
    this.setState(task, event.state, event.message, undefined, undefined, i, 'snapshot');
  }

  private status(event: Extract<A2AEvent, { kind: 'status-update' }>, call: Call | undefined, i: number): void {
    const task = this.knownTask(event.taskId, call, i);
    if (!task) return;
    this.setState(task, event.state, event.message, event.final, call, i);
  }

  private setState(task: TaskView, state: TaskStateName, message: A2AMessage | undefined, final: boolean | undefined, call: Call | undefined, i: number, from: 'update' | 'snapshot' = 'update'): void {
    if (task.terminalAt !== undefined && state !== task.state) {
      // ResultManager ignores a status update for a finished task, but stores a Task snapshot as sent.
      const sdk = from === 'update' ? 'the SDK ignores the change' : `the SDK's task accumulation takes the snapshot as sent, so the stored task (what tasks/get returns) is ${state} again`;
      this.sink.report(R.terminalStateChanged, `${from === 'update' ? 'a status update' : 'a Task snapshot'} moves task ${quote(task.id)} from ${task.state} (frame ${frameRef(task.terminalAt)}) to ${state}; a terminal state is final, and ${sdk}.`, [i, task.terminalAt]);
      return;
    }
    const ends = TERMINAL_STATES.has(state) || INTERRUPTED_STATES.has(state);
    if (final === true && !ends) this.sink.report(R.finalFlagMismatch, `\`final: true\` on state ${state}, which neither ends the task nor waits for input.`, [i]);
    if (final === false && TERMINAL_STATES.has(state)) this.sink.report(R.finalFlagMismatch, `state ${state} ends the task, but the update says \`final: false\`.`, [i]);
    const changed = task.state !== state || task.fresh;
    task.fresh = false;
    task.state = state;
    // A question the task moved on from without an answer (cancelled, failed, or asked anew) waits no more.
    const question = task.question;
    if (changed && question?.state === 'waiting') {
      question.state = 'timeout';
      question.frames.push(i);
    }
    if (TERMINAL_STATES.has(state)) task.terminalAt ??= i;
    if (call && (final === true || (final === undefined && ends))) call.finalAt ??= i;
    if (FAILED_STATES.has(state) && changed) {
      this.sink.report(R.taskFailed, `task ${quote(task.id)} ${state}${message ? `: ${previewOf(message)}` : ''}.`, [i]);
      this.model.items.push({ kind: 'error', id: `error-${i}`, frames: [i], message: `task ${state}${message ? `: ${messageText(message.parts)}` : ''}` });
      if (message) this.shown.add(message.messageId);
      return;
    }
    // A snapshot repeating the state that asked (a follow-up's first event, its message shown) asks
    // nothing new; a new message in an interrupted state is a new question, as the SDK's history holds it.
    if (INTERRUPTED_STATES.has(state)) return changed || (message !== undefined && !this.shown.has(message.messageId)) ? this.ask(task, state, message, i) : undefined;
    if (message) this.message(message, i);
  }

  /** `input-required` / `auth-required`: the question the agent asks, answered by the next message for the task. */
  private ask(task: TaskView, state: TaskStateName, message: A2AMessage | undefined, i: number): void {
    if (message && this.shown.has(message.messageId)) return;
    if (message) this.shown.add(message.messageId);
    const waiting = task.question?.state === 'waiting' ? task.question : undefined;
    // The same question again (no message of its own) is the one already waiting; a new message supersedes it.
    if (waiting && !message) {
      waiting.frames.push(i);
      return;
    }
    if (waiting) {
      waiting.state = 'timeout';
      waiting.frames.push(i);
    }
    const text = message ? messageText(message.parts) : state === 'auth-required' ? 'The agent needs authentication.' : 'The agent needs more input.';
    const question: QuestionItem = {
      kind: 'question',
      id: `question-${i}`,
      frames: [i],
      key: task.id,
      questions: [{ question: text, header: state, multiSelect: false, options: [{ label: 'answer', input: true }] }],
      state: 'waiting',
      resolved: false,
    };
    task.question = question;
    this.model.items.push(question);
  }

  private message(message: A2AMessage, i: number): void {
    if (this.shown.has(message.messageId)) return;
    this.shown.add(message.messageId);
    const text = messageText(message.parts);
    if (message.role === 'user') {
      this.model.items.push({ kind: 'user', id: `user-${i}-${this.model.items.length}`, frames: [i], text });
      return;
    }
    this.model.items.push({ kind: 'text', id: `text-${i}-${this.model.items.length}`, frames: [i], text, part: false, final: true, brand: false });
  }

  private artifact(taskId: string, artifact: A2AArtifact, append: boolean, lastChunk: boolean, call: Call | undefined, i: number): void {
    const task = this.knownTask(taskId, call, i);
    if (!task) return;
    let view = task.artifacts.get(artifact.artifactId);
    if (view?.lastChunkAt !== undefined) {
      this.sink.report(R.artifactAfterLastChunk, `a chunk of artifact ${quote(artifact.artifactId)} after its last chunk (frame ${frameRef(view.lastChunkAt)}).`, [i, view.lastChunkAt]);
    }
    if (append && !view) {
      this.sink.report(R.artifactAppendUnknown, `\`append: true\` for artifact ${quote(artifact.artifactId)}, which task ${quote(taskId)} does not have; the SDK adds it as a new artifact.`, [i]);
    }
    if (!view) {
      const item: TextItem = { kind: 'text', id: `artifact-${i}-${this.model.items.length}`, frames: [], text: '', part: false, final: false, brand: false };
      view = { item, body: noParts() };
      task.artifacts.set(artifact.artifactId, view);
      this.model.items.push(item);
    }
    if (!append) {
      view.body = noParts();
      view.name = artifact.name;
    } else if (artifact.name) view.name = artifact.name;
    addParts(view.body, artifact.parts);
    if (lastChunk) view.lastChunkAt ??= i;
    view.item.frames.push(i);
    view.item.final = lastChunk || view.item.final;
    const title = view.name !== undefined ? `${view.name}: ` : '';
    view.item.text = `${title}${partsTextOf(view.body)}`;
  }

  /** The task an update is for, when the stream or the request named it; reported and ignored otherwise. */
  private knownTask(taskId: string, call: Call | undefined, i: number): TaskView | undefined {
    const known = this.tasks.get(taskId);
    if (known) return known;
    if (call?.taskId === taskId) {
      const task: TaskView = { id: taskId, state: 'submitted', artifacts: new Map(), fresh: true };
      this.tasks.set(taskId, task);
      return task;
    }
    this.sink.report(R.unknownTask, `an update for task ${quote(taskId)}, which neither this stream nor its request named; the SDK's task accumulation ignores it.`, [i]);
    return undefined;
  }
}

function previewOf(message: A2AMessage): string {
  return safeText(messageText(message.parts), 200);
}

function quote(id: string): string {
  return `"${safeText(id, 80)}"`;
}
