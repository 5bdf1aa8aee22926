// The view model under construction: where new items go (the innermost open step group), which items
// belong to which AG-UI message (so MESSAGES_SNAPSHOT can replace or remove them), and the tool calls by id.
import type { GroupItem, SubagentInfo, ToolItem, ViewItem, ViewModel } from '../../model/view';
import { humanizeToolName } from '../../model/view';
import { SmallMap } from '../shared/small-map';
import { addFrame } from '../shared/view-helpers';

/** The items one AG-UI message produced: its text/user/reasoning item and, for assistants, its tool calls. */
export interface MessageEntry {
  id: string;
  role: string;
  content?: Extract<ViewItem, { kind: 'text' | 'user' | 'reasoning' }>;
  /** False while `content` shows a non-string (multi-part) message: the next delta replaces it, as the client does. */
  contentIsString: boolean;
  /** Activity messages render as a tool-like card. */
  activity?: ToolItem;
  /** Made with the first (most messages have none; a list grown from empty takes room for 17). */
  toolIds: string[] | undefined;
}

export interface ToolEntry {
  item: ToolItem;
  ownerId: string;
  ended: boolean;
  /** The id of the tool message the call's result came from: a snapshot replaces or drops it by that id. */
  resultFrom?: string;
}

export class ViewStore {
  readonly model: ViewModel = { protocol: 'ag-ui', items: [], todos: null, streaming: true };
  readonly messages = new SmallMap<MessageEntry>();
  readonly tools = new SmallMap<ToolEntry>();
  /** Tool messages (results) by message id, kept apart: producers reuse the tool call id for them. */
  readonly toolMessages = new SmallMap<string>();
  /** Results shown as tool messages of their own (no call held, or a call's second result), by message id. */
  looseResults: Map<string, ToolItem[]> | undefined;
  /**
   * The container of each item placed anywhere but the top level (`model.items`, where most items go).
   * Made on first use: a session is often short, and what each new fold allocates shows.
   */
  private nested: Map<ViewItem, ViewItem[]> | undefined;
  // Made at the first group: a session is often short, and what each new fold allocates shows.
  private groups: GroupItem[] | undefined;
  private openSteps: GroupItem[] | undefined;
  /** Subagent runs by id: their items gather in their own group, tagged with the tool call that started them. */
  private subagents: Map<string, { group: GroupItem; parentToolId?: string }> | undefined;
  /** The subagent run the event being applied belongs to, if any. */
  lane: string | undefined;
  /** The thread's history was seen (a run request's or RUN_STARTED's messages, or a snapshot). */
  historyKnown = false;
  private counter = 0;
  /** The first assistant text of a run carries the brand header. */
  branded = false;

  nextId(prefix: string): string {
    return `${prefix}-${++this.counter}`;
  }

  /**
   * Adds an item where the stream currently is: inside its sub-agent's group, else the innermost open
   * step, else at the top level.
   */
  place(item: ViewItem, at?: { container: ViewItem[]; index: number }): void {
    const sub = this.lane !== undefined ? (this.subagents?.get(this.lane) ?? this.unannounced(this.lane)) : undefined;
    if (sub && item.kind === 'tool' && sub.parentToolId !== undefined) item.parentToolId = sub.parentToolId;
    // No read at index -1 when no step is open: V8 looks that up as a named property, slowly.
    const steps = this.openSteps;
    const container = at?.container ?? sub?.group.items ?? (steps !== undefined && steps.length > 0 ? steps[steps.length - 1]?.items : undefined) ?? this.model.items;
    if (at) container.splice(at.index, 0, item);
    else container.push(item);
    if (container !== this.model.items) (this.nested ??= new Map()).set(item, container);
    else this.nested?.delete(item);
  }

  /** Removes an item and returns where it was, so a replacement can take its place. */
  remove(item: ViewItem): { container: ViewItem[]; index: number } | undefined {
    const container = this.nested?.get(item) ?? this.model.items;
    const index = container.indexOf(item);
    if (index >= 0) container.splice(index, 1);
    this.nested?.delete(item);
    return index >= 0 ? { container, index } : undefined;
  }

  entry(id: string, role: string): MessageEntry {
    let entry = this.messages.get(id);
    if (!entry) {
      entry = { id, role, contentIsString: true, toolIds: undefined };
      this.messages.set(id, entry);
    }
    return entry;
  }

  /** Removes a message and everything it produced; returns where its first item was. */
  removeEntry(entry: MessageEntry): { container: ViewItem[]; index: number } | undefined {
    let first: { container: ViewItem[]; index: number } | undefined;
    const items: ViewItem[] = [];
    if (entry.content) items.push(entry.content);
    if (entry.activity) items.push(entry.activity);
    for (const toolId of entry.toolIds ?? []) {
      const tool = this.tools.get(toolId);
      if (tool && tool.ownerId === entry.id) {
        items.push(tool.item);
        this.tools.delete(toolId);
      }
    }
    for (const item of items) {
      const where = this.remove(item);
      if (where && (!first || (where.container === first.container && where.index < first.index))) first = where;
    }
    this.messages.delete(entry.id);
    return first;
  }

  /**
   * A result shown as a tool message of its own ("Tool result"), not on a call: no call is held for it,
   * or the call has its result already. A call held stays what its later events address.
   */
  addLooseResult(messageId: string, toolCallId: string, content: unknown, frame: number): void {
    const call = this.tools.get(toolCallId);
    const item = this.newTool(toolCallId, '', messageId, frame);
    if (call && !call.item.orphanResult) {
      this.tools.set(toolCallId, call);
      item.anotherResultFor = call.item.label || call.item.name || toolCallId;
    }
    const loose = (this.looseResults ??= new Map<string, ToolItem[]>()).get(messageId);
    if (loose) loose.push(item);
    else this.looseResults.set(messageId, [item]);
    item.label = 'Tool result';
    item.orphanResult = true;
    item.result = content;
    item.status = 'success';
    delete item.inputText;
    this.place(item);
  }

  /** Takes the results shown on their own under tool message `messageId` out of the view (a snapshot replaced or dropped it). */
  dropLooseResults(messageId: string): void {
    const items = this.looseResults?.get(messageId);
    if (items === undefined) return;
    for (const item of items) {
      this.remove(item);
      if (this.tools.get(item.toolId)?.item === item) this.tools.delete(item.toolId);
    }
    this.looseResults?.delete(messageId);
  }

  /** Files a tool call under its message. */
  addToolId(entry: MessageEntry, toolCallId: string): void {
    if (entry.toolIds === undefined) entry.toolIds = [toolCallId];
    else entry.toolIds.push(toolCallId);
  }

  newTool(toolCallId: string, name: string, ownerId: string, frame: number): ToolItem {
    const item: ToolItem = {
      kind: 'tool',
      id: this.nextId('tool'),
      frames: [frame],
      toolId: toolCallId,
      name,
      contentMessage: '',
      label: humanizeToolName(name),
      input: undefined,
      inputText: '',
      status: 'pending',
      messageId: ownerId,
    };
    this.tools.set(toolCallId, { item, ownerId, ended: false });
    return item;
  }

  /** Activity messages (progress cards and the like) show as a finished tool-like card holding their content. */
  newActivity(activityType: string, content: unknown, frame: number): ToolItem {
    const title = (content as { title?: unknown } | null)?.title;
    return {
      kind: 'tool',
      id: this.nextId('activity'),
      frames: [frame],
      toolId: '',
      name: activityType,
      contentMessage: typeof title === 'string' ? title : '',
      label: typeof title === 'string' && title.length > 0 ? title : humanizeToolName(activityType),
      input: content,
      status: 'success',
    };
  }

  openStep(name: string, frame: number): void {
    const group: GroupItem = { kind: 'group', id: this.nextId('step'), frames: [frame], summary: name, done: false, open: this.model.streaming, items: [] };
    this.place(group);
    (this.groups ??= []).push(group);
    (this.openSteps ??= []).push(group);
  }

  /** Finishes the innermost open step with that name; false when none is open. */
  finishStep(name: string, frame: number): boolean {
    const steps = this.openSteps;
    if (steps === undefined) return false;
    for (let i = steps.length - 1; i >= 0; i--) {
      const group = steps[i];
      if (group && group.summary === name) {
        group.done = true;
        group.open = false;
        addFrame(group.frames, frame);
        steps.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /**
   * A sub-agent invocation opens a group of its own, placed where its parent (the parent agent, or the
   * sub-agent named by parentSubagentRunId) currently is.
   */
  startSubagent(id: string, name: string, description: string | undefined, parentToolId: string | undefined, parentSubagent: string | undefined, frame: number): void {
    const subagent: SubagentInfo = { runId: id, name, status: 'running' };
    if (description !== undefined) subagent.description = description;
    if (parentToolId !== undefined) subagent.parentToolCallId = parentToolId;
    const group: GroupItem = { kind: 'group', id: this.nextId('subagent'), frames: [frame], summary: name, done: false, open: this.model.streaming, items: [], subagent };
    this.lane = parentSubagent;
    this.place(group);
    this.lane = id;
    (this.groups ??= []).push(group);
    (this.subagents ??= new Map()).set(id, { group, ...(parentToolId !== undefined && { parentToolId }) });
  }

  /**
   * Events attributed to a sub-agent that was never announced: legal (a producer may tag without the
   * lifecycle), and still grouped by their subagentRunId.
   */
  private unannounced(id: string): { group: GroupItem; parentToolId?: string } {
    const group: GroupItem = { kind: 'group', id: this.nextId('subagent'), frames: [], summary: id, done: false, open: this.model.streaming, items: [], subagent: { runId: id, name: id, status: 'unannounced' } };
    const lane = this.lane;
    this.lane = undefined;
    this.place(group);
    this.lane = lane;
    (this.groups ??= []).push(group);
    const sub = { group };
    (this.subagents ??= new Map()).set(id, sub);
    return sub;
  }

  /** The run finished: sub-agents that only ever tagged their events are over with it. */
  endUnannounced(frame: number): void {
    if (this.subagents === undefined) return;
    for (const { group } of this.subagents.values()) {
      if (group.subagent?.status !== 'unannounced' || group.done) continue;
      group.done = true;
      group.open = false;
      addFrame(group.frames, frame);
    }
  }

  hasSubagent(id: string): boolean {
    return this.subagents?.has(id) === true;
  }

  /** A sub-agent's segment ends: finished (collapses like a done step), suspended, or failed (stays open). */
  finishSubagent(id: string, frame: number, status: 'finished' | 'suspended' | 'failed'): void {
    const sub = this.subagents?.get(id);
    if (!sub) return;
    const group = sub.group;
    if (group.subagent) group.subagent.status = status;
    group.done = status !== 'failed';
    group.open = false;
    addFrame(group.frames, frame);
  }

  /** A new run starts at the top level: steps left open by an earlier run no longer collect items. */
  newRun(): void {
    if (this.openSteps !== undefined && this.openSteps.length > 0) this.openSteps.length = 0;
    this.branded = false;
    this.setStreaming(true);
  }

  setStreaming(streaming: boolean): void {
    if (this.model.streaming === streaming) return;
    this.model.streaming = streaming;
    if (this.groups !== undefined) for (const group of this.groups) group.open = streaming && !group.done && !ended(group);
  }
}

/** A failed or suspended sub-agent's group is not done, and not running either. */
function ended(group: GroupItem): boolean {
  const status = group.subagent?.status;
  return status === 'failed' || status === 'suspended';
}
