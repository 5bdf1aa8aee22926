// Applies expanded, verified events to the view the way @ag-ui/client's defaultApplyEvents builds its
// messages and state, reporting the reducer's soft violations (it logs them and carries on).
import { EventType } from '@ag-ui/core';
import { Code, typeName } from './event-types';
import { isTodoToolName, type TextItem, type ReasoningItem } from '../../model/view';
import { extendText } from '../../model/text-builder';
import type { AguiEvent, EventOf } from './schema';
import type { AguiRuleName } from './rules';
import type { MessageEntry, ViewStore } from './view-store';
import { addFrame } from '../shared/view-helpers';
import { applyJsonPatch } from './json-patch';
import { appendNewMessages, applyMessagesSnapshot } from './messages';
import { parseArguments, todosFrom } from './tool-input';
import { InterruptTracker, type LooseInterrupt } from './interrupts';
import { USAGE_COUNTS } from './plain-events';

const USAGE_COUNT_SET: ReadonlySet<string> = new Set(USAGE_COUNTS);

function add(totals: Record<string, number>, key: string, value: unknown): void {
  if (typeof value === 'number' && Number.isFinite(value)) totals[key] = (totals[key] ?? 0) + value;
}

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;

/** Where the stages report what they find: the fold, which stamps the frame (a method, not a function made per session). */
export interface Reporter {
  report(rule: AguiRuleName, message: string): void;
}

export class EventApplier {
  readonly interrupts = new InterruptTracker();
  /** The deprecated THINKING_TEXT_MESSAGE_* carry no id: the one open now. */
  private thinking: ReasoningItem | undefined;

  constructor(private readonly store: ViewStore) {}

  /** `code` is the event's type (event-types.ts) and `lane` its subagentRunId, each worked out once by the caller. */
  apply(event: AguiEvent, code: Code, lane: string | undefined, frame: number, time: number, reporter: Reporter): void {
    const s = this.store;
    s.lane = lane;
    switch (code) {
      case Code.SUBAGENT_STARTED: {
        const e = event as EventOf<EventType.SUBAGENT_STARTED>;
        return s.startSubagent(e.subagentRunId, e.name, e.description, e.parentToolCallId, e.parentSubagentRunId, frame);
      }
      case Code.SUBAGENT_FINISHED: {
        const e = event as EventOf<EventType.SUBAGENT_FINISHED>;
        return s.finishSubagent(e.subagentRunId, frame, e.outcome?.type === 'suspended' ? 'suspended' : 'finished');
      }
      case Code.SUBAGENT_ERROR: {
        const e = event as EventOf<EventType.SUBAGENT_ERROR>;
        reporter.report('run-error', `SUBAGENT_ERROR: the subagent run reports a failure (${e.message}${e.code ? `, ${e.code}` : ''}).`);
        // The failure shows inside the sub-agent's group, which stays open.
        if (!s.hasSubagent(e.subagentRunId)) s.lane = undefined;
        s.place({ kind: 'error', id: s.nextId('error'), frames: [frame], message: e.code ? `${e.message} (${e.code})` : e.message });
        s.finishSubagent(e.subagentRunId, frame, 'failed');
        return;
      }
      case Code.RUN_STARTED: {
        const input = (event as EventOf<EventType.RUN_STARTED>).input;
        s.newRun();
        if (!input) return;
        appendNewMessages(s, input.messages, frame);
        if (input.resume) this.interrupts.resume(input.resume, frame);
        return;
      }
      case Code.RUN_FINISHED: {
        const e = event as EventOf<EventType.RUN_FINISHED>;
        this.usage(e.usage);
        if (e.outcome?.type === 'interrupt') {
          for (const interrupt of e.outcome.interrupts) this.interrupts.add(s, interrupt as LooseInterrupt, frame, time);
        }
        s.endUnannounced(frame);
        return s.setStreaming(false);
      }
      case Code.RUN_ERROR: {
        const e = event as EventOf<EventType.RUN_ERROR>;
        this.usage(e.usage);
        reporter.report('run-error', `RUN_ERROR: the run reports a failure (${e.message}${e.code ? `, ${e.code}` : ''}).`);
        // The failed turn shows at the top level: inside a step group that collapses it would be hidden.
        s.place({ kind: 'error', id: s.nextId('error'), frames: [frame], message: e.code ? `${e.message} (${e.code})` : e.message }, { container: s.model.items, index: s.model.items.length });
        return s.setStreaming(false);
      }
      case Code.STEP_STARTED:
        return s.openStep((event as EventOf<EventType.STEP_STARTED>).stepName, frame);
      case Code.STEP_FINISHED:
        s.finishStep((event as EventOf<EventType.STEP_FINISHED>).stepName, frame);
        return;
      case Code.TEXT_MESSAGE_START: {
        const e = event as EventOf<EventType.TEXT_MESSAGE_START>;
        this.startMessage(e.messageId, e.role ?? 'assistant', frame, reporter);
        return;
      }
      case Code.TEXT_MESSAGE_CONTENT:
      case Code.REASONING_MESSAGE_CONTENT: {
        const e = event as EventOf<EventType.TEXT_MESSAGE_CONTENT | EventType.REASONING_MESSAGE_CONTENT>;
        return this.appendContent(e.messageId, e.delta, frame, code, reporter);
      }
      case Code.TEXT_MESSAGE_END:
      case Code.REASONING_MESSAGE_END:
        return this.endMessage((event as EventOf<EventType.TEXT_MESSAGE_END | EventType.REASONING_MESSAGE_END>).messageId, frame, code, reporter);
      case Code.REASONING_MESSAGE_START:
        this.startMessage((event as EventOf<EventType.REASONING_MESSAGE_START>).messageId, 'reasoning', frame, reporter);
        return;
      case Code.TOOL_CALL_START: {
        const e = event as EventOf<EventType.TOOL_CALL_START>;
        return this.startTool(e.toolCallId, e.toolCallName, e.parentMessageId, frame, reporter);
      }
      case Code.TOOL_CALL_ARGS: {
        const e = event as EventOf<EventType.TOOL_CALL_ARGS>;
        const tool = s.tools.get(e.toolCallId);
        if (!tool) return reporter.report('delta-target-missing', `TOOL_CALL_ARGS: no tool call with ID '${e.toolCallId}' is held; the client drops the delta.`);
        tool.item.inputText = (tool.item.inputText ?? '') + e.delta;
        addFrame(tool.item.frames, frame);
        return;
      }
      case Code.TOOL_CALL_END:
        return this.endTool((event as EventOf<EventType.TOOL_CALL_END>).toolCallId, frame, reporter);
      case Code.TOOL_CALL_RESULT: {
        const e = event as EventOf<EventType.TOOL_CALL_RESULT>;
        return this.toolResult(e.messageId, e.toolCallId, e.content, frame, reporter);
      }
      case Code.STATE_SNAPSHOT:
        s.model.state = (event as EventOf<EventType.STATE_SNAPSHOT>).snapshot;
        return;
      case Code.STATE_DELTA: {
        const result = applyJsonPatch(s.model.state ?? {}, (event as EventOf<EventType.STATE_DELTA>).delta);
        if (result.ok) s.model.state = result.doc;
        else reporter.report('state-patch-failed', `STATE_DELTA could not be applied (${result.error}); the client keeps the previous state.`);
        return;
      }
      case Code.MESSAGES_SNAPSHOT:
        return applyMessagesSnapshot(s, (event as EventOf<EventType.MESSAGES_SNAPSHOT>).messages, frame);
      case Code.ACTIVITY_SNAPSHOT: {
        const e = event as EventOf<EventType.ACTIVITY_SNAPSHOT>;
        return this.activitySnapshot(e.messageId, e.activityType, e.content, e.replace !== false, frame, reporter);
      }
      case Code.ACTIVITY_DELTA: {
        const e = event as EventOf<EventType.ACTIVITY_DELTA>;
        return this.activityDelta(e.messageId, e.patch, frame, reporter);
      }
      case Code.THINKING_TEXT_MESSAGE_START:
        this.thinking = { kind: 'reasoning', id: s.nextId('reasoning'), frames: [frame], text: '' };
        s.place(this.thinking);
        return;
      case Code.THINKING_TEXT_MESSAGE_CONTENT:
        if (this.thinking) {
          this.thinking.text = extendText(this.thinking, this.thinking.text, (event as EventOf<'THINKING_TEXT_MESSAGE_CONTENT'>).delta, DIGESTIBLE);
          addFrame(this.thinking.frames, frame);
        }
        return;
      case Code.THINKING_TEXT_MESSAGE_END:
        this.thinking = undefined;
        return;
      default:
        // RAW, CUSTOM, REASONING_START/END, REASONING_ENCRYPTED_VALUE, THINKING_START/END: no view change.
        return;
    }
  }

  private startMessage(id: string, role: string, frame: number, reporter: Reporter): void {
    const s = this.store;
    const existing = s.messages.get(id);
    if (existing?.role === 'activity') {
      return reporter.report('message-id-collision', `Message '${id}' is an activity message; message ids must be unique across activity and ${role} messages. The client ignores the start.`);
    }
    // An assistant text for the assistant message a tool call opened (parentMessageId) is that message's.
    if (existing && existing.role !== role && !(existing.role === 'assistant' && !existing.content && role === 'assistant')) {
      reporter.report('message-id-collision', `The ${role} message '${id}' reuses the id of an existing ${existing.role} message; the client appends to that message.`);
    }
    const entry = existing ?? s.entry(id, role);
    // The message keeps its role: what streams into it shows as the client shows that message.
    if (!entry.content) this.createContent(entry, entry.role, frame);
    else addFrame(entry.content.frames, frame);
  }

  private createContent(entry: MessageEntry, role: string, frame: number): void {
    const s = this.store;
    if (role === 'reasoning') entry.content = { kind: 'reasoning', id: s.nextId('reasoning'), frames: [frame], text: '', messageId: entry.id };
    else if (role === 'user') entry.content = { kind: 'user', id: s.nextId('user'), frames: [frame], text: '', messageId: entry.id };
    else {
      // The brand header goes on the run's own answer, not on a sub-agent's text.
      const brand = role === 'assistant' && !s.branded && s.lane === undefined;
      if (brand) s.branded = true;
      const text: TextItem = { kind: 'text', id: s.nextId('text'), frames: [frame], text: '', part: false, final: false, brand, messageId: entry.id };
      entry.content = text;
    }
    s.place(entry.content);
  }

  private appendContent(id: string, delta: string, frame: number, code: Code, reporter: Reporter): void {
    const entry = this.store.messages.get(id);
    if (!entry) return reporter.report('delta-target-missing', `${typeName(code)}: no message with ID '${id}' is held; the client drops the delta.`);
    if (entry.role === 'activity') return reporter.report('message-id-collision', `${typeName(code)}: message '${id}' is an activity message; the client drops the delta.`);
    if (!entry.content) this.createContent(entry, entry.role, frame);
    const content = entry.content;
    if (!content) return;
    // The client appends to the content when it is a string and replaces multi-part content.
    content.text = extendText(content, entry.contentIsString ? content.text : '', delta, DIGESTIBLE);
    entry.contentIsString = true;
    addFrame(content.frames, frame);
  }

  private endMessage(id: string, frame: number, code: Code, reporter: Reporter): void {
    const entry = this.store.messages.get(id);
    if (!entry) return reporter.report('delta-target-missing', `${typeName(code)}: no message with ID '${id}' is held.`);
    if (!entry.content) return;
    addFrame(entry.content.frames, frame);
    if (entry.content.kind === 'text') entry.content.final = true;
  }

  private startTool(toolCallId: string, name: string, parentMessageId: string | undefined, frame: number, reporter: Reporter): void {
    const s = this.store;
    const existing = s.tools.get(toolCallId);
    // A result that came before its call is a tool message of its own: the call starts beside it.
    if (existing && !existing.item.orphanResult) {
      if (existing.item.name !== name) {
        reporter.report('tool-call-name-changed', `TOOL_CALL_START: tool call '${toolCallId}' already exists with name '${existing.item.name}'; the client renames it to '${name}'.`);
        existing.item.name = name;
      }
      addFrame(existing.item.frames, frame);
      return;
    }
    let ownerId = toolCallId;
    if (parentMessageId) {
      const parent = s.messages.get(parentMessageId);
      if (parent && parent.role !== 'assistant') {
        reporter.report('tool-parent-not-assistant', `TOOL_CALL_START: parentMessageId '${parentMessageId}' names a ${parent.role} message, not an assistant one; the client files the call under a new message '${toolCallId}'.`);
      } else ownerId = parentMessageId;
    }
    const owner = s.entry(ownerId, 'assistant');
    const item = s.newTool(toolCallId, name, owner.id, frame);
    s.addToolId(owner, toolCallId);
    s.place(item);
  }

  private endTool(toolCallId: string, frame: number, reporter: Reporter): void {
    const tool = this.store.tools.get(toolCallId);
    if (!tool) return reporter.report('delta-target-missing', `TOOL_CALL_END: no tool call with ID '${toolCallId}' is held.`);
    tool.ended = true;
    addFrame(tool.item.frames, frame);
    const parsed = parseArguments(tool.item.inputText ?? '');
    if (!parsed.ok) {
      return reporter.report('tool-args-invalid-json', `The arguments of tool call '${toolCallId}' are not valid JSON at TOOL_CALL_END (${parsed.error}).`);
    }
    tool.item.input = parsed.value;
    if (isTodoToolName(tool.item.name)) {
      const todos = todosFrom(parsed.value);
      if (todos) {
        tool.item.todos = todos;
        // The side panel follows the main agent's list, not a subagent's.
        if (tool.item.parentToolId === undefined) this.store.model.todos = todos;
      }
    }
  }

  private toolResult(messageId: string, toolCallId: string, content: unknown, frame: number, reporter: Reporter): void {
    const s = this.store;
    s.toolMessages.set(messageId, toolCallId);
    const tool = s.tools.get(toolCallId);
    if (tool && (tool.item.orphanResult || tool.item.result !== undefined)) {
      // The client appends every result as a tool message: a second one shows as one more.
      reporter.report('tool-result-repeated', `TOOL_CALL_RESULT for '${toolCallId}', which already has its result: the client appends another tool message.`);
      return s.addLooseResult(messageId, toolCallId, content, frame);
    }
    if (tool) {
      if (!tool.ended) reporter.report('tool-result-before-end', `TOOL_CALL_RESULT for '${toolCallId}' arrives before its TOOL_CALL_END.`);
      tool.resultFrom = messageId;
      tool.item.result = content;
      tool.item.status = 'success';
      addFrame(tool.item.frames, frame);
      return;
    }
    // Without the thread's history (a capture of one response), the call may be in an earlier turn.
    if (s.historyKnown) reporter.report('tool-result-unknown-call', `TOOL_CALL_RESULT names tool call '${toolCallId}', which this thread never started; the client appends it as a loose tool message.`);
    s.addLooseResult(messageId, toolCallId, content, frame);
  }

  private activitySnapshot(id: string, activityType: string, content: unknown, replace: boolean, frame: number, reporter: Reporter): void {
    const s = this.store;
    const existing = s.messages.get(id);
    if (existing?.role === 'activity' && existing.activity) {
      if (!replace) return;
      existing.activity.input = content;
      existing.activity.name = activityType;
      addFrame(existing.activity.frames, frame);
      return;
    }
    if (existing && !replace) return;
    if (existing) reporter.report('message-id-collision', `ACTIVITY_SNAPSHOT replaces the ${existing.role} message '${id}' with an activity message.`);
    const at = existing ? s.removeEntry(existing) : undefined;
    const entry = s.entry(id, 'activity');
    entry.activity = s.newActivity(activityType, content, frame);
    s.place(entry.activity, at);
  }

  private activityDelta(id: string, patch: unknown, frame: number, reporter: Reporter): void {
    const entry = this.store.messages.get(id);
    if (!entry?.activity) {
      return reporter.report('activity-delta-failed', `ACTIVITY_DELTA targets '${id}', which is ${entry ? `a ${entry.role} message` : 'not a message the client holds'}; nothing is applied.`);
    }
    const result = applyJsonPatch(entry.activity.input ?? {}, patch);
    if (!result.ok) return reporter.report('activity-delta-failed', `ACTIVITY_DELTA patch for '${id}' failed (${result.error}); the activity keeps its content.`);
    entry.activity.input = result.doc;
    addFrame(entry.activity.frames, frame);
  }

  /**
   * Sums the token counts. The counts TokenUsage describes come first, in its order, then any other
   * (only on the schema path): the totals are the same whether the event was taken as sent (hand-checked,
   * fields in the producer's order) or as zod's copy (fields in the schema's order).
   */
  private usage(usage: readonly Record<string, unknown>[] | undefined): void {
    if (!usage) return;
    const totals = (this.store.model.usage ??= {});
    for (const entry of usage) {
      for (const key of USAGE_COUNTS) add(totals, key, entry[key]);
      for (const key in entry) if (!USAGE_COUNT_SET.has(key)) add(totals, key, entry[key]);
    }
  }
}
