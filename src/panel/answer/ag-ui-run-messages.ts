// The messages an AG-UI client holds after a run, for the RunAgentInput that resumes it: the page's own
// request's messages, then what the run's events added, accumulated as @ag-ui/client's default event
// application does (`defaultApplyEvents`; held to it by ag-ui-run-messages.test.ts): text and reasoning
// messages by id, tool calls on their parent assistant message, tool results after their call's
// message, RUN_STARTED input appended, MESSAGES_SNAPSHOT reconciled by id; activity messages are left
// out of the input, as `prepareRunAgentInput` does. Page data: only plain fields are read, malformed
// events are skipped, never guessed at.

type Message = Record<string, unknown> & { id: string; role: string };
interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isMessage = (m: unknown): m is Message => isRecord(m) && typeof m.id === 'string' && typeof m.role === 'string';

function copy(m: Message): Message {
  const out: Message = { ...m };
  if (Array.isArray(m.toolCalls)) {
    out.toolCalls = m.toolCalls.map((c: unknown) => (isRecord(c) && isRecord(c.function) ? { ...c, function: { ...c.function } } : c));
  }
  return out;
}

function copies(list: unknown): Message[] {
  return Array.isArray(list) ? list.filter(isMessage).map(copy) : [];
}

function callsOf(m: Message): ToolCall[] {
  return Array.isArray(m.toolCalls) ? (m.toolCalls as unknown[]).filter((c): c is ToolCall => isRecord(c) && typeof c.id === 'string' && isRecord(c.function)) : [];
}

class RunMessages {
  list: Message[];

  constructor(previous: unknown) {
    this.list = copies(previous);
  }

  private find(id: string): Message | undefined {
    return this.list.find((m) => m.id === id);
  }

  private findCall(id: string): { message: Message; call: ToolCall } | undefined {
    for (const message of this.list) {
      const call = callsOf(message).find((c) => c.id === id);
      if (call) return { message, call };
    }
    return undefined;
  }

  private start(id: string, role: string, name?: string): void {
    const found = this.find(id);
    if (!found) this.list.push({ id, role, content: '', ...(name !== undefined && { name }) });
  }

  private content(id: string, delta: string): void {
    const m = this.find(id);
    if (!m || m.role === 'activity') return;
    m.content = `${typeof m.content === 'string' ? m.content : ''}${delta}`;
  }

  /** The assistant message a new call goes on: its parent when that is an assistant message, else a new one. */
  private owner(parent: string | undefined, toolCallId: string): Message {
    if (parent !== undefined) {
      const found = this.find(parent);
      if (found?.role === 'assistant') return found;
      const created: Message = { id: found ? toolCallId : parent, role: 'assistant', toolCalls: [] };
      this.list.push(created);
      return created;
    }
    const created: Message = { id: toolCallId, role: 'assistant', toolCalls: [] };
    this.list.push(created);
    return created;
  }

  private startCall(id: string, name: string, parent: string | undefined): void {
    const existing = this.findCall(id);
    if (existing) {
      existing.call.function.name = name;
      return;
    }
    const owner = this.owner(parent, id);
    owner.toolCalls = [...callsOf(owner), { id, type: 'function', function: { name, arguments: '' } }];
  }

  private result(messageId: string, toolCallId: string, content: unknown, role: string | undefined): void {
    const message: Message = { id: messageId, toolCallId, role: role || 'tool', content };
    const at = this.list.findIndex((m) => m.role === 'assistant' && callsOf(m).some((c) => c.id === toolCallId));
    if (at === -1) return void this.list.push(message);
    let after = at + 1;
    while (after < this.list.length && this.list[after]?.role === 'tool') after++;
    this.list.splice(after, 0, message);
  }

  private snapshot(messages: unknown): void {
    const snapshot = copies(messages);
    const byId = new Map(snapshot.map((m) => [m.id, m]));
    const hasActivity = snapshot.some((m) => m.role === 'activity');
    const hasReasoning = snapshot.some((m) => m.role === 'reasoning');
    const kept = (m: Message) => byId.has(m.id) || (m.role === 'activity' && !hasActivity) || (m.role === 'reasoning' && !hasReasoning);
    this.list = this.list.filter(kept).map((m) => byId.get(m.id) ?? m);
    const ids = new Set(this.list.map((m) => m.id));
    for (const m of snapshot) if (!ids.has(m.id)) this.list.push(m);
  }

  apply(e: Record<string, unknown>): void {
    const messageId = str(e.messageId);
    const toolCallId = str(e.toolCallId);
    const delta = str(e.delta);
    switch (e.type) {
      case 'TEXT_MESSAGE_START':
        if (messageId !== undefined) this.start(messageId, str(e.role) ?? 'assistant', str(e.name));
        return;
      case 'TEXT_MESSAGE_CHUNK':
        // The client turns chunks into start and content events: a new id starts a message.
        if (messageId !== undefined) this.start(messageId, str(e.role) ?? 'assistant');
      // falls through
      case 'TEXT_MESSAGE_CONTENT':
        if (messageId !== undefined && delta !== undefined) this.content(messageId, delta);
        return;
      case 'REASONING_MESSAGE_START':
        if (messageId !== undefined) this.start(messageId, 'reasoning');
        return;
      case 'REASONING_MESSAGE_CHUNK':
        if (messageId !== undefined) this.start(messageId, 'reasoning');
      // falls through
      case 'REASONING_MESSAGE_CONTENT':
        if (messageId !== undefined && delta !== undefined) this.content(messageId, delta);
        return;
      case 'TOOL_CALL_CHUNK':
        if (toolCallId !== undefined && !this.findCall(toolCallId)) this.startCall(toolCallId, str(e.toolCallName) ?? '', str(e.parentMessageId));
      // falls through: a chunk's delta is its arguments
      case 'TOOL_CALL_ARGS': {
        const found = toolCallId === undefined ? undefined : this.findCall(toolCallId);
        if (found && delta !== undefined) found.call.function.arguments += delta;
        return;
      }
      case 'TOOL_CALL_START':
        if (toolCallId !== undefined && typeof e.toolCallName === 'string') this.startCall(toolCallId, e.toolCallName, str(e.parentMessageId));
        return;
      case 'TOOL_CALL_RESULT':
        if (messageId !== undefined && toolCallId !== undefined) this.result(messageId, toolCallId, e.content, str(e.role));
        return;
      case 'MESSAGES_SNAPSHOT':
        if (Array.isArray(e.messages)) this.snapshot(e.messages);
        return;
      case 'RUN_STARTED': {
        const input = isRecord(e.input) ? e.input.messages : undefined;
        for (const m of copies(input)) if (!this.find(m.id)) this.list.push(m);
        return;
      }
      default:
    }
  }
}

/** The page's messages with the run's events applied, as the client would send them in the next run. */
export function agUiRunMessages(previous: unknown, events: readonly unknown[]): unknown[] {
  const run = new RunMessages(previous);
  for (const e of events) if (isRecord(e)) run.apply(e);
  return run.list.filter((m) => m.role !== 'activity');
}
