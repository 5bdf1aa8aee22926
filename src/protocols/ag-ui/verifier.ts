// The rules of @ag-ui/client's verifyEvents: run lifecycle and open/close pairing of messages, tool calls,
// steps and reasoning (reasoning pairing is checked by the 1.0.0 verifier), plus the 0.0.x THINKING_* rules.
// The client errors the stream on the first violation; here each violating event yields one finding, is
// not applied to the open sets, and checking goes on, so one mistake does not cascade.
import { EventType } from '@ag-ui/core';
import { Code, typeName } from './event-types';
import type { AguiEvent, EventOf } from './schema';
import type { AguiRuleName } from './rules';
import { SmallMap, SmallSet } from '../shared/small-map';

export interface Violation {
  rule: AguiRuleName;
  message: string;
}

const v = (rule: AguiRuleName, message: string): Violation => ({ rule, message });

export class Verifier {
  // The open ids of each kind, each set made when the stream first opens one: a session is often
  // short and uses few kinds, and what each new fold allocates shows.
  private messages: SmallSet | undefined;
  private tools: SmallSet | undefined;
  private steps: SmallSet | undefined;
  private reasoningSpans: SmallSet | undefined;
  private reasoningMessages: SmallSet | undefined;
  private subagents: SmallSet | undefined;
  private subagentsDone: SmallSet | undefined;
  /**
   * Who owns each message, tool call, reasoning span or message and activity opened under a subagent
   * (its subagentRunId); an id not listed is the parent agent's. Made at the first attributed opener.
   */
  private owners: SmallMap<string> | undefined;
  /** Activity messages seen, with their owner ('' for the parent agent): any one may be patched later. */
  private activities: SmallMap<string> | undefined;
  private thinkingStep = false;
  private thinkingMessage = false;
  private first = true;
  private runActive = false;
  private finished = false;
  private errored = false;

  /** The run ended with RUN_FINISHED or RUN_ERROR (and no new one started): the page letting go of the connection now stops nothing. */
  get runEnded(): boolean {
    return this.finished || this.errored;
  }

  /** True between RUN_STARTED and its RUN_FINISHED / RUN_ERROR. */
  get inRun(): boolean {
    return this.runActive && !this.finished && !this.errored;
  }

  /**
   * `code`: the event's type (event-types.ts), worked out once by the caller; `lane`: its
   * subagentRunId (undefined for the parent agent, and for every hand-checked event).
   */
  check(event: AguiEvent, code: Code, lane?: string): Violation | undefined {
    const problem = this.lifecycle(event, code);
    if (problem !== undefined) return problem;
    if (lane !== undefined || code === Code.TOOL_CALL_START || code === Code.ACTIVITY_SNAPSHOT) return this.ownership(event, code, lane);
    return undefined;
  }

  /**
   * Ownership (spec/1.1/events/subagents): a continuation may omit its subagentRunId, but one it carries
   * must be its opener's; a tool call inherits the owner of the message holding it.
   */
  private ownership(event: AguiEvent, code: Code, lane: string | undefined): Violation | undefined {
    switch (code) {
      case Code.TEXT_MESSAGE_START:
      case Code.REASONING_START:
      case Code.REASONING_MESSAGE_START: {
        const id = (event as { messageId: string }).messageId;
        const key = (code === Code.TEXT_MESSAGE_START ? 'm:' : 'r:') + id;
        const owner = this.owners?.get(key);
        if (owner !== undefined && lane !== undefined && owner !== lane) return mismatch(code, lane, owner, id);
        if (lane !== undefined) (this.owners ??= new SmallMap()).set(key, lane);
        return undefined;
      }
      case Code.TEXT_MESSAGE_CONTENT:
      case Code.TEXT_MESSAGE_END:
        return this.continues(code, 'm:', (event as { messageId: string }).messageId, lane);
      case Code.REASONING_MESSAGE_CONTENT:
      case Code.REASONING_MESSAGE_END:
      case Code.REASONING_END:
        return this.continues(code, 'r:', (event as { messageId: string }).messageId, lane);
      case Code.TOOL_CALL_START: {
        const e = event as EventOf<EventType.TOOL_CALL_START>;
        const parentOwner = e.parentMessageId !== undefined ? this.owners?.get(`m:${e.parentMessageId}`) : undefined;
        if (lane !== undefined && e.parentMessageId !== undefined && parentOwner !== lane && (parentOwner !== undefined || this.messages?.has(e.parentMessageId))) {
          return v('subagent-attribution-mismatch', `Cannot send 'TOOL_CALL_START': subagentRunId '${lane}' does not match its parent message '${e.parentMessageId}' owner '${parentOwner ?? '(the parent agent)'}'; a tool call belongs to the message that carries it.`);
        }
        const owner = lane ?? parentOwner;
        if (owner !== undefined) (this.owners ??= new SmallMap()).set(`t:${e.toolCallId}`, owner);
        return undefined;
      }
      case Code.TOOL_CALL_ARGS:
      case Code.TOOL_CALL_END:
        return this.continues(code, 't:', (event as { toolCallId: string }).toolCallId, lane);
      case Code.ACTIVITY_SNAPSHOT: {
        const e = event as EventOf<EventType.ACTIVITY_SNAPSHOT>;
        const activities = (this.activities ??= new SmallMap());
        if (!activities.has(e.messageId) || e.replace !== false) activities.set(e.messageId, lane ?? '');
        return undefined;
      }
      case Code.ACTIVITY_DELTA: {
        const id = (event as EventOf<EventType.ACTIVITY_DELTA>).messageId;
        const owner = this.activities?.get(id);
        if (owner !== undefined && lane !== undefined && owner !== lane) return mismatch(code, lane, owner === '' ? undefined : owner, id);
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** A continuation carrying `lane` against the owner its opener recorded. */
  private continues(code: Code, kind: string, id: string, lane: string | undefined): Violation | undefined {
    if (lane === undefined) return undefined;
    const owner = this.owners?.get(kind + id);
    return owner === lane ? undefined : mismatch(code, lane, owner, id);
  }

  private lifecycle(event: AguiEvent, code: Code): Violation | undefined {
    if (this.errored && code !== Code.RUN_STARTED) {
      return v('event-after-run-error', `Cannot send event type '${typeName(code)}': the run has already errored with 'RUN_ERROR'; only RUN_STARTED may follow.`);
    }
    if (this.finished && code !== Code.RUN_ERROR && code !== Code.RUN_STARTED) {
      return v('event-after-run-finished', `Cannot send event type '${typeName(code)}': the run has already finished with 'RUN_FINISHED'; start a new run with 'RUN_STARTED'.`);
    }
    let firstProblem: Violation | undefined;
    if (this.first) {
      this.first = false;
      if (code !== Code.RUN_STARTED && code !== Code.RUN_ERROR) {
        // Pairing is still checked for this event, so the rest of the stream is judged sensibly.
        firstProblem = v('first-event-not-run-started', `First event must be 'RUN_STARTED', got '${typeName(code)}'.`);
      }
    } else if (code === Code.RUN_STARTED) {
      if (this.inRun) return v('run-started-while-active', "Cannot send 'RUN_STARTED' while a run is still active; finish it with 'RUN_FINISHED' first.");
      if (this.finished || this.errored) this.reset();
    }
    const pairing = this.pairing(event, code);
    return firstProblem ?? pairing;
  }

  private pairing(event: AguiEvent, code: Code): Violation | undefined {
    switch (code) {
      case Code.RUN_STARTED:
        this.runActive = true;
        return undefined;
      case Code.RUN_ERROR:
        this.errored = true;
        return undefined;
      case Code.RUN_FINISHED:
        return this.runFinished();
      case Code.TEXT_MESSAGE_START: {
        const id = (event as EventOf<EventType.TEXT_MESSAGE_START>).messageId;
        return opens((this.messages ??= new SmallSet()), id) ? undefined : v('text-message-already-active', `A text message with ID '${id}' is already in progress; complete it with 'TEXT_MESSAGE_END' first.`);
      }
      case Code.TEXT_MESSAGE_CONTENT:
      case Code.TEXT_MESSAGE_END: {
        const id = (event as EventOf<EventType.TEXT_MESSAGE_CONTENT | EventType.TEXT_MESSAGE_END>).messageId;
        return uses(this.messages, id, code === Code.TEXT_MESSAGE_END) ? undefined : v('text-message-not-active', `'${typeName(code)}': no active text message found with ID '${id}'; a 'TEXT_MESSAGE_START' must come first.`);
      }
      case Code.TOOL_CALL_START: {
        const id = (event as EventOf<EventType.TOOL_CALL_START>).toolCallId;
        return opens((this.tools ??= new SmallSet()), id) ? undefined : v('tool-call-already-active', `A tool call with ID '${id}' is already in progress; complete it with 'TOOL_CALL_END' first.`);
      }
      case Code.TOOL_CALL_ARGS:
      case Code.TOOL_CALL_END: {
        const id = (event as EventOf<EventType.TOOL_CALL_ARGS | EventType.TOOL_CALL_END>).toolCallId;
        return uses(this.tools, id, code === Code.TOOL_CALL_END) ? undefined : v('tool-call-not-active', `'${typeName(code)}': no active tool call found with ID '${id}'; a 'TOOL_CALL_START' must come first.`);
      }
      case Code.STEP_STARTED: {
        const name = (event as EventOf<EventType.STEP_STARTED>).stepName;
        return opens((this.steps ??= new SmallSet()), name) ? undefined : v('step-already-active', `Step "${name}" is already active for 'STEP_STARTED'.`);
      }
      case Code.STEP_FINISHED: {
        const name = (event as EventOf<EventType.STEP_FINISHED>).stepName;
        return uses(this.steps, name, true) ? undefined : v('step-not-started', `Cannot send 'STEP_FINISHED' for step "${name}" that was not started (the name must match a STEP_STARTED).`);
      }
      case Code.REASONING_START: {
        const id = (event as EventOf<EventType.REASONING_START>).messageId;
        return opens((this.reasoningSpans ??= new SmallSet()), id) ? undefined : v('reasoning-already-active', `A reasoning span with ID '${id}' is already in progress; complete it with 'REASONING_END' first.`);
      }
      case Code.REASONING_END: {
        const id = (event as EventOf<EventType.REASONING_END>).messageId;
        return uses(this.reasoningSpans, id, true) ? undefined : v('reasoning-not-active', `'REASONING_END': no active reasoning span found with ID '${id}'; a 'REASONING_START' must come first.`);
      }
      case Code.REASONING_MESSAGE_START: {
        const id = (event as EventOf<EventType.REASONING_MESSAGE_START>).messageId;
        return opens((this.reasoningMessages ??= new SmallSet()), id) ? undefined : v('reasoning-message-already-active', `A reasoning message with ID '${id}' is already in progress; complete it with 'REASONING_MESSAGE_END' first.`);
      }
      case Code.REASONING_MESSAGE_CONTENT:
      case Code.REASONING_MESSAGE_END: {
        const id = (event as EventOf<EventType.REASONING_MESSAGE_CONTENT | EventType.REASONING_MESSAGE_END>).messageId;
        return uses(this.reasoningMessages, id, code === Code.REASONING_MESSAGE_END) ? undefined : v('reasoning-message-not-active', `'${typeName(code)}': no active reasoning message found with ID '${id}'; a 'REASONING_MESSAGE_START' must come first.`);
      }
      case Code.SUBAGENT_STARTED: {
        const id = (event as EventOf<EventType.SUBAGENT_STARTED>).subagentRunId;
        if (this.subagents?.has(id) || this.subagentsDone?.has(id)) {
          return v('subagent-already-active', `Subagent '${id}' is already active or finished in this run; subagent ids are per invocation.`);
        }
        (this.subagents ??= new SmallSet()).add(id);
        // spec/1.1 (nesting): the parent named must have been announced in this run, active or finished,
        // as @ag-ui/client checks. The child still opens, so its own FINISHED is not blamed as well.
        const parent = (event as EventOf<EventType.SUBAGENT_STARTED>).parentSubagentRunId;
        if (parent !== undefined && (parent === id || (!this.subagents.has(parent) && !this.subagentsDone?.has(parent)))) {
          return v('subagent-parent-not-announced', `Cannot send 'SUBAGENT_STARTED' for '${id}': parentSubagentRunId '${parent}' names no subagent started earlier in this run; the client rejects the stream.`);
        }
        return undefined;
      }
      case Code.SUBAGENT_FINISHED:
      case Code.SUBAGENT_ERROR: {
        const id = (event as EventOf<EventType.SUBAGENT_FINISHED | EventType.SUBAGENT_ERROR>).subagentRunId;
        if (!this.subagents?.delete(id)) {
          return v('subagent-not-active', `'${typeName(code)}': no active subagent found with ID '${id}'; a 'SUBAGENT_STARTED' must come first.`);
        }
        (this.subagentsDone ??= new SmallSet()).add(id);
        return undefined;
      }
      default:
        return this.thinking(code);
    }
  }

  private thinking(code: Code): Violation | undefined {
    switch (code) {
      case Code.THINKING_START:
        if (this.thinkingStep) return v('thinking-step-already-active', "Cannot send 'THINKING_START' event: a thinking step is already in progress; end it with 'THINKING_END' first.");
        this.thinkingStep = true;
        return undefined;
      case Code.THINKING_END:
        if (!this.thinkingStep) return v('thinking-step-not-active', "Cannot send 'THINKING_END' event: no active thinking step found; a 'THINKING_START' must come first.");
        this.thinkingStep = false;
        return undefined;
      case Code.THINKING_TEXT_MESSAGE_START:
        if (this.thinkingMessage) return v('thinking-message-already-active', "Cannot send 'THINKING_TEXT_MESSAGE_START' event: a thinking message is already in progress; end it first.");
        // The message opens either way, so its content and end are not blamed for the missing step.
        this.thinkingMessage = true;
        if (!this.thinkingStep) return v('thinking-message-outside-step', "Cannot send 'THINKING_TEXT_MESSAGE_START' event: a thinking step is not in progress; send 'THINKING_START' first.");
        return undefined;
      case Code.THINKING_TEXT_MESSAGE_CONTENT:
      case Code.THINKING_TEXT_MESSAGE_END:
        if (!this.thinkingMessage) return v('thinking-message-not-active', `Cannot send '${typeName(code)}' event: no active thinking message; send 'THINKING_TEXT_MESSAGE_START' first.`);
        if (code === Code.THINKING_TEXT_MESSAGE_END) this.thinkingMessage = false;
        return undefined;
      default:
        return undefined;
    }
  }

  private runFinished(): Violation | undefined {
    // The run counts as finished either way: the producer meant to end it, and a following RUN_STARTED
    // should not be blamed for it.
    this.finished = true;
    // Most runs end with nothing open: no list to build.
    if (!this.thinkingStep && !this.thinkingMessage && isEmpty(this.steps) && isEmpty(this.messages) && isEmpty(this.reasoningMessages) && isEmpty(this.reasoningSpans) && isEmpty(this.tools) && isEmpty(this.subagents)) {
      return undefined;
    }
    const open: string[] = [];
    listOpen(open, 'steps', this.steps);
    listOpen(open, 'text messages', this.messages);
    listOpen(open, 'reasoning messages', this.reasoningMessages);
    listOpen(open, 'reasoning spans', this.reasoningSpans);
    listOpen(open, 'tool calls', this.tools);
    listOpen(open, 'subagents', this.subagents);
    if (this.thinkingStep) open.push('a THINKING_START step');
    if (this.thinkingMessage) open.push('a THINKING_TEXT_MESSAGE');
    return v('run-finished-with-open-items', `Cannot send 'RUN_FINISHED' while these are still active (${open.join('; ')}); close them first.`);
  }

  /** A new run after a finished or errored one starts from nothing: ids may be reused across runs. */
  private reset(): void {
    for (const set of [this.messages, this.tools, this.steps, this.reasoningSpans, this.reasoningMessages, this.subagents, this.subagentsDone]) set?.clear();
    this.owners?.clear();
    this.activities?.clear();
    this.thinkingStep = false;
    this.thinkingMessage = false;
    this.finished = false;
    this.errored = false;
  }
}

function mismatch(code: Code, lane: string, owner: string | undefined, id: string): Violation {
  return v('subagent-attribution-mismatch', `Cannot send '${typeName(code)}': subagentRunId '${lane}' does not match the subagent of '${id}''s opener, '${owner ?? '(the parent agent)'}'; a continuation may omit its subagentRunId but never change it.`);
}

// Plain yes/no helpers: the violation is built only when there is one (a closure per event showed).
/** Opens `id` in `set`; false when it is already open. */
function opens(set: SmallSet, id: string): boolean {
  if (set.has(id)) return false;
  set.add(id);
  return true;
}

/** Uses an open `id` (and closes it when `close`); false when it is not open. */
function uses(set: SmallSet | undefined, id: string, close: boolean): boolean {
  if (set === undefined) return false;
  // delete says whether it was there: one lookup for an END.
  return close ? set.delete(id) : set.has(id);
}

function isEmpty(ids: SmallSet | undefined): boolean {
  return ids === undefined || ids.size === 0;
}

function listOpen(out: string[], label: string, ids: SmallSet | undefined): void {
  if (ids && ids.size > 0) out.push(`${label}: ${[...ids].join(', ')}`);
}
