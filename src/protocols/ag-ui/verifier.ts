// The rules of @ag-ui/client's verifyEvents: run lifecycle and open/close pairing of messages, tool calls,
// steps and reasoning (reasoning pairing is checked by the 1.0.0 verifier), plus the 0.0.x THINKING_* rules.
// The client errors the stream on the first violation; here each violating event yields one finding, is
// not applied to the open sets, and checking goes on, so one mistake does not cascade.
import { EventType } from '@ag-ui/core';
import type { AguiEvent } from './schema';
import type { AguiRuleName } from './rules';

export interface Violation {
  rule: AguiRuleName;
  message: string;
}

const v = (rule: AguiRuleName, message: string): Violation => ({ rule, message });

export class Verifier {
  // The open ids of each kind, each set made when the stream first opens one: a session is often
  // short and uses few kinds, and what each new fold allocates shows.
  private messages: Set<string> | undefined;
  private tools: Set<string> | undefined;
  private steps: Set<string> | undefined;
  private reasoningSpans: Set<string> | undefined;
  private reasoningMessages: Set<string> | undefined;
  private subagents: Set<string> | undefined;
  private subagentsDone: Set<string> | undefined;
  private thinkingStep = false;
  private thinkingMessage = false;
  private first = true;
  private runActive = false;
  private finished = false;
  private errored = false;

  /** True between RUN_STARTED and its RUN_FINISHED / RUN_ERROR. */
  get inRun(): boolean {
    return this.runActive && !this.finished && !this.errored;
  }

  check(event: AguiEvent): Violation | undefined {
    const type = event.type;
    if (this.errored && type !== EventType.RUN_STARTED) {
      return v('event-after-run-error', `Cannot send event type '${type}': the run has already errored with 'RUN_ERROR'; only RUN_STARTED may follow.`);
    }
    if (this.finished && type !== EventType.RUN_ERROR && type !== EventType.RUN_STARTED) {
      return v('event-after-run-finished', `Cannot send event type '${type}': the run has already finished with 'RUN_FINISHED'; start a new run with 'RUN_STARTED'.`);
    }
    let firstProblem: Violation | undefined;
    if (this.first) {
      this.first = false;
      if (type !== EventType.RUN_STARTED && type !== EventType.RUN_ERROR) {
        // Pairing is still checked for this event, so the rest of the stream is judged sensibly.
        firstProblem = v('first-event-not-run-started', `First event must be 'RUN_STARTED', got '${type}'.`);
      }
    } else if (type === EventType.RUN_STARTED) {
      if (this.inRun) return v('run-started-while-active', "Cannot send 'RUN_STARTED' while a run is still active; finish it with 'RUN_FINISHED' first.");
      if (this.finished || this.errored) this.reset();
    }
    const pairing = this.pairing(event);
    return firstProblem ?? pairing;
  }

  private pairing(event: AguiEvent): Violation | undefined {
    switch (event.type) {
      case EventType.RUN_STARTED:
        this.runActive = true;
        return undefined;
      case EventType.RUN_ERROR:
        this.errored = true;
        return undefined;
      case EventType.RUN_FINISHED:
        return this.runFinished();
      case EventType.TEXT_MESSAGE_START:
        return opens((this.messages ??= new Set()), event.messageId) ? undefined : v('text-message-already-active', `A text message with ID '${event.messageId}' is already in progress; complete it with 'TEXT_MESSAGE_END' first.`);
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.TEXT_MESSAGE_END:
        return uses(this.messages, event.messageId, event.type === EventType.TEXT_MESSAGE_END) ? undefined : v('text-message-not-active', `'${event.type}': no active text message found with ID '${event.messageId}'; a 'TEXT_MESSAGE_START' must come first.`);
      case EventType.TOOL_CALL_START:
        return opens((this.tools ??= new Set()), event.toolCallId) ? undefined : v('tool-call-already-active', `A tool call with ID '${event.toolCallId}' is already in progress; complete it with 'TOOL_CALL_END' first.`);
      case EventType.TOOL_CALL_ARGS:
      case EventType.TOOL_CALL_END:
        return uses(this.tools, event.toolCallId, event.type === EventType.TOOL_CALL_END) ? undefined : v('tool-call-not-active', `'${event.type}': no active tool call found with ID '${event.toolCallId}'; a 'TOOL_CALL_START' must come first.`);
      case EventType.STEP_STARTED:
        return opens((this.steps ??= new Set()), event.stepName) ? undefined : v('step-already-active', `Step "${event.stepName}" is already active for 'STEP_STARTED'.`);
      case EventType.STEP_FINISHED:
        return uses(this.steps, event.stepName, true) ? undefined : v('step-not-started', `Cannot send 'STEP_FINISHED' for step "${event.stepName}" that was not started (the name must match a STEP_STARTED).`);
      case EventType.REASONING_START:
        return opens((this.reasoningSpans ??= new Set()), event.messageId) ? undefined : v('reasoning-already-active', `A reasoning span with ID '${event.messageId}' is already in progress; complete it with 'REASONING_END' first.`);
      case EventType.REASONING_END:
        return uses(this.reasoningSpans, event.messageId, true) ? undefined : v('reasoning-not-active', `'REASONING_END': no active reasoning span found with ID '${event.messageId}'; a 'REASONING_START' must come first.`);
      case EventType.REASONING_MESSAGE_START:
        return opens((this.reasoningMessages ??= new Set()), event.messageId) ? undefined : v('reasoning-message-already-active', `A reasoning message with ID '${event.messageId}' is already in progress; complete it with 'REASONING_MESSAGE_END' first.`);
      case EventType.REASONING_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_END:
        return uses(this.reasoningMessages, event.messageId, event.type === EventType.REASONING_MESSAGE_END) ? undefined : v('reasoning-message-not-active', `'${event.type}': no active reasoning message found with ID '${event.messageId}'; a 'REASONING_MESSAGE_START' must come first.`);
      case EventType.SUBAGENT_STARTED:
        if (this.subagents?.has(event.subagentRunId) || this.subagentsDone?.has(event.subagentRunId)) {
          return v('subagent-already-active', `Subagent '${event.subagentRunId}' is already active or finished in this run; subagent ids are per invocation.`);
        }
        (this.subagents ??= new Set()).add(event.subagentRunId);
        return undefined;
      case EventType.SUBAGENT_FINISHED:
      case EventType.SUBAGENT_ERROR:
        if (!this.subagents?.delete(event.subagentRunId)) {
          return v('subagent-not-active', `'${event.type}': no active subagent found with ID '${event.subagentRunId}'; a 'SUBAGENT_STARTED' must come first.`);
        }
        (this.subagentsDone ??= new Set()).add(event.subagentRunId);
        return undefined;
      default:
        return this.thinking(event.type);
    }
  }

  private thinking(type: string): Violation | undefined {
    switch (type) {
      case 'THINKING_START':
        if (this.thinkingStep) return v('thinking-step-already-active', "Cannot send 'THINKING_START' event: a thinking step is already in progress; end it with 'THINKING_END' first.");
        this.thinkingStep = true;
        return undefined;
      case 'THINKING_END':
        if (!this.thinkingStep) return v('thinking-step-not-active', "Cannot send 'THINKING_END' event: no active thinking step found; a 'THINKING_START' must come first.");
        this.thinkingStep = false;
        return undefined;
      case 'THINKING_TEXT_MESSAGE_START':
        if (this.thinkingMessage) return v('thinking-message-already-active', "Cannot send 'THINKING_TEXT_MESSAGE_START' event: a thinking message is already in progress; end it first.");
        // The message opens either way, so its content and end are not blamed for the missing step.
        this.thinkingMessage = true;
        if (!this.thinkingStep) return v('thinking-message-outside-step', "Cannot send 'THINKING_TEXT_MESSAGE_START' event: a thinking step is not in progress; send 'THINKING_START' first.");
        return undefined;
      case 'THINKING_TEXT_MESSAGE_CONTENT':
      case 'THINKING_TEXT_MESSAGE_END':
        if (!this.thinkingMessage) return v('thinking-message-not-active', `Cannot send '${type}' event: no active thinking message; send 'THINKING_TEXT_MESSAGE_START' first.`);
        if (type === 'THINKING_TEXT_MESSAGE_END') this.thinkingMessage = false;
        return undefined;
      default:
        return undefined;
    }
  }

  private runFinished(): Violation | undefined {
    const open: string[] = [];
    listOpen(open, 'steps', this.steps);
    listOpen(open, 'text messages', this.messages);
    listOpen(open, 'reasoning messages', this.reasoningMessages);
    listOpen(open, 'reasoning spans', this.reasoningSpans);
    listOpen(open, 'tool calls', this.tools);
    listOpen(open, 'subagents', this.subagents);
    if (this.thinkingStep) open.push('a THINKING_START step');
    if (this.thinkingMessage) open.push('a THINKING_TEXT_MESSAGE');
    // The run counts as finished either way: the producer meant to end it, and a following RUN_STARTED
    // should not be blamed for it.
    this.finished = true;
    if (open.length === 0) return undefined;
    return v('run-finished-with-open-items', `Cannot send 'RUN_FINISHED' while these are still active (${open.join('; ')}); close them first.`);
  }

  /** A new run after a finished or errored one starts from nothing: ids may be reused across runs. */
  private reset(): void {
    for (const set of [this.messages, this.tools, this.steps, this.reasoningSpans, this.reasoningMessages, this.subagents, this.subagentsDone]) set?.clear();
    this.thinkingStep = false;
    this.thinkingMessage = false;
    this.finished = false;
    this.errored = false;
  }
}

// Plain yes/no helpers: the violation is built only when there is one (a closure per event showed).
/** Opens `id` in `set`; false when it is already open. */
function opens(set: Set<string>, id: string): boolean {
  if (set.has(id)) return false;
  set.add(id);
  return true;
}

/** Uses an open `id` (and closes it when `close`); false when it is not open. */
function uses(set: Set<string> | undefined, id: string, close: boolean): boolean {
  if (set === undefined) return false;
  // delete says whether it was there: one lookup for an END.
  return close ? set.delete(id) : set.has(id);
}

function listOpen(out: string[], label: string, ids: Set<string> | undefined): void {
  if (ids && ids.size > 0) out.push(`${label}: ${[...ids].join(', ')}`);
}
