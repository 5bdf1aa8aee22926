// Turns stream events and History API messages into one flat block array, the way a flat-block chat
// client does (flat-block-protocol.md sections 5 and 6). Tolerates broken streams: a buggy backend is
// part of the demo, so nothing here throws on odd input.

export function createTranscript() {
  return { blocks: [], open: new Map(), todos: null, streaming: false, lastEventId: 0, events: 0 };
}

const isTodo = (name) => typeof name === 'string' && name.toLowerCase().includes('todo');
const text = (v) => (typeof v === 'string' ? v : '');

function findTool(t, id) {
  return t.blocks.find((b) => b.type === 'tool_use' && b.id === id);
}

function findApproval(t, key) {
  return t.blocks.find((b) => b.type === 'approval_request' && b.key === key);
}

function addTool(t, cb) {
  const block = { type: 'tool_use', id: cb.id, name: text(cb.name), label: text(cb.tool_content_message), input: cb.input, parent: cb.parent_tool_use_id };
  const todos = cb.input && cb.input.todos;
  if (isTodo(block.name) && Array.isArray(todos)) {
    block.todos = todos;
    if (!block.parent) t.todos = todos; // a sub-agent's list never replaces the top-level one
  }
  t.blocks.push(block);
  return block;
}

function mergeResult(t, toolUseId, status, content) {
  const tool = findTool(t, toolUseId);
  const block = { type: 'tool_result', toolUseId, status, merged: Boolean(tool) };
  if (tool) Object.assign(tool, { result: text(content), failed: status !== 'success' });
  t.blocks.push(block);
  return block;
}

function startBlock(t, cb) {
  switch (cb.type) {
    case 'text':
      return pushed(t, { type: 'text', text: text(cb.text), isPart: cb.is_part === true, isFinal: cb.is_final === true });
    case 'thinking':
      return pushed(t, { type: 'thinking', text: text(cb.thinking) });
    case 'tool_use':
      return addTool(t, cb);
    case 'tool_result':
      return mergeResult(t, cb.tool_use_id, cb.status, cb.content);
    case 'approval_request':
      return pushed(t, { type: 'approval_request', key: text(cb.approval_key), actionRequests: [], reviewConfigs: [], outcome: null });
    case 'approval_result':
    case 'approval_timeout': {
      const approval = findApproval(t, cb.approval_key);
      const decision = Array.isArray(cb.decisions) && cb.decisions[0] ? cb.decisions[0].type || cb.decisions[0] : 'answered';
      if (approval) approval.outcome = cb.type === 'approval_timeout' ? 'timeout' : text(decision) || 'answered';
      return { type: cb.type };
    }
    default:
      return pushed(t, { type: 'raw', text: JSON.stringify(cb) });
  }
}

function pushed(t, block) {
  t.blocks.push(block);
  return block;
}

function applyDelta(block, delta) {
  if (!block || !delta) return;
  if (block.type === 'text') block.text += text(delta.text);
  else if (block.type === 'thinking') block.text += text(delta.thinking);
  else if (block.type === 'approval_request') {
    block.actionRequests = Array.isArray(delta.action_requests) ? delta.action_requests : [];
    block.reviewConfigs = Array.isArray(delta.review_configs) ? delta.review_configs : [];
    block.timeoutSeconds = delta.timeout_seconds;
  }
}

/** Applies one stream event. Returns false for events it cannot place (shown as raw lines). */
export function applyEvent(t, event) {
  t.events += 1;
  if (typeof event.event_id === 'number') t.lastEventId = event.event_id;
  switch (event.type) {
    case 'message_start':
      t.streaming = true;
      return true;
    case 'message_stop':
      t.streaming = false;
      return true;
    case 'group_start':
      t.blocks.push({ type: 'group_start' });
      return true;
    case 'group_end':
      t.blocks.push({ type: 'group_end', summary: text(event.summary) });
      return true;
    case 'content_block_start':
      t.open.set(event.index, startBlock(t, event.content_block || {}));
      return true;
    case 'content_block_delta':
      applyDelta(t.open.get(event.index), event.delta);
      return t.open.has(event.index);
    case 'content_block_stop':
      return t.open.delete(event.index);
    case 'error':
      t.blocks.push({ type: 'error', text: text(event.error && event.error.message) || JSON.stringify(event.error) });
      return true;
    default:
      t.blocks.push({ type: 'raw', text: JSON.stringify(event) });
      return false;
  }
}

function applyHistoryPart(t, part) {
  if (!part || typeof part !== 'object') return;
  if (part.type === 'text') t.blocks.push({ type: 'text', text: text(part.text), isPart: part.is_part === true, isFinal: part.is_final === true });
  else if (part.type === 'thinking') t.blocks.push({ type: 'thinking', text: text(part.thinking) });
  else if (part.type === 'tool_use') addTool(t, part);
  else if (part.type === 'approval_request' && part.isResolved) {
    const answers = part.submittedAnswers || {};
    t.blocks.push({ type: 'approval_request', key: '', actionRequests: part.actionRequests || [], reviewConfigs: [], outcome: 'answered', answers });
  }
}

/** Loads a History API response: display_type markers become group_start/group_end blocks. */
export function applyHistory(t, history) {
  for (const msg of Array.isArray(history.messages) ? history.messages : []) {
    if (msg.role === 'user') {
      const first = Array.isArray(msg.content) ? msg.content[0] : undefined;
      t.blocks.push({ type: 'user', text: text(first && first.text) });
      continue;
    }
    if (msg.display_type === 'group_start') t.blocks.push({ type: 'group_start', summary: text(msg.summary) });
    if (msg.role === 'tool') {
      // A tool message's content is the result text: it merges into its call and never stands alone.
      mergeResult(t, msg.tool_call_id, msg.status, Array.isArray(msg.content) ? text(msg.content[0] && msg.content[0].text) : '');
    } else {
      for (const part of Array.isArray(msg.content) ? msg.content : []) applyHistoryPart(t, part);
      for (const call of Array.isArray(msg.tool_calls) ? msg.tool_calls : []) addTool(t, call);
    }
    if ((msg.display_type === 'group_start' && msg.group_closed) || msg.display_type === 'group_end') {
      t.blocks.push({ type: 'group_end', summary: text(msg.summary) });
    }
  }
  // Tool calls in history carry no todos panel state of their own: the workspace snapshot is authoritative.
  t.todos = history.workspace && Array.isArray(history.workspace.todos) ? history.workspace.todos : t.todos;
  t.lastEventId = typeof history.last_event_id === 'number' ? history.last_event_id : 0;
  t.streaming = history.agent_status === 'running';
}
