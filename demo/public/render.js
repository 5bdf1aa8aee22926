// Renders the block array: groups (section 5 of the protocol page), tool rows with status dots, todos,
// approvals and questions. Every string from the stream goes in through textContent.
import { approvalCard, questionCard } from './forms.js';

const MAX_RUNNING_ITEMS = 3;

export function el(tag, className, textContent) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (textContent !== undefined) node.textContent = textContent;
  return node;
}

const isQuestion = (b) => b.type === 'approval_request' && b.actionRequests.some((a) => a && a.name === 'ask_user_question');
const humanize = (name) => (name ? name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ') : 'Tool');
const toolLabel = (b) => b.label || humanize(b.name);

/** The reference grouping scan: group markers open/close, non-part text and user blocks stand alone. */
export function buildGroups(blocks, streaming) {
  const items = [];
  let group = null;
  for (const block of blocks) {
    if (block.type === 'group_start') {
      if (group) items.push(group);
      group = { type: 'group', blocks: [], summary: block.summary || '', isOpen: true };
    } else if (block.type === 'group_end') {
      if (group) {
        group.summary = block.summary || group.summary;
        group.isOpen = false;
        items.push(group);
        group = null;
      }
    } else if (block.type === 'user' || (block.type === 'text' && !block.isPart)) {
      if (group) items.push(group);
      group = null;
      items.push(block);
    } else if (group) {
      // The reference scan keeps a question that arrives inside an open group there: that is the visible bug.
      if (isQuestion(block)) group.blocks.push({ type: 'note', text: '⚠ question arrived inside an open group' });
      group.blocks.push(block);
    } else items.push(block);
  }
  if (group) {
    if (!streaming) group.isOpen = false;
    items.push(group);
  }
  return items;
}

export function todoList(todos) {
  const list = el('ul', 'todos');
  for (const todo of todos) {
    if (!todo || typeof todo !== 'object') continue;
    const status = String(todo.status);
    const item = el('li', `todo ${status}`);
    item.append(el('span', 'todo-icon', status === 'completed' ? '✓' : status === 'in_progress' ? '●' : '○'));
    item.append(el('span', 'todo-text', String(status === 'in_progress' ? todo.activeForm : todo.content)));
    list.append(item);
  }
  return list;
}

function toolRow(block) {
  const row = el('div', 'tool');
  // A todo call never gets a result: its snapshot is complete as soon as it arrives.
  const state = block.todos ? 'success' : block.result === undefined ? 'running' : block.failed ? 'error' : 'success';
  row.append(el('span', `dot ${state}`, '●'), el('span', 'tool-label', toolLabel(block)));
  if (block.parent) row.append(el('span', 'tool-sub', 'sub-agent'));
  if (block.result) row.append(el('span', 'tool-result', block.result));
  if (block.todos) row.append(todoList(block.todos));
  return row;
}

function renderBlock(block, ctx) {
  switch (block.type) {
    case 'user':
      return el('div', 'bubble user', block.text);
    case 'text':
      return el('div', block.isPart ? 'text part' : 'text final', block.text);
    case 'thinking':
      return el('div', 'thinking', block.text);
    case 'tool_use':
      return toolRow(block);
    case 'approval_request':
      return isQuestion(block) ? questionCard(block, ctx) : approvalCard(block, ctx);
    case 'error':
      return el('div', 'error', `Lỗi: ${block.text}`);
    case 'note':
      return el('div', 'note', block.text);
    case 'tool_result':
      // Merged into its tool_use; one that matches no call is shown so the bug stays visible.
      return block.merged ? null : el('div', 'error', `tool_result for unknown call ${String(block.toolUseId)}`);
    default:
      return el('pre', 'raw', block.text || '');
  }
}

function groupHeaderText(group) {
  if (!group.isOpen && group.summary) return group.summary;
  const labelled = [...group.blocks].reverse().find((b) => b.type === 'tool_use' && b.label);
  return labelled ? labelled.label : 'Đang xử lý…';
}

function renderGroup(group, key, ctx) {
  const ui = ctx.groupUi.get(key) || { expanded: group.isOpen, seenOpen: group.isOpen };
  ctx.groupUi.set(key, ui);
  if (group.isOpen) ui.seenOpen = true;
  else if (ui.seenOpen && !ui.collapseTimer && ui.expanded) {
    // Auto-collapse 300 ms after group_end, only for groups the user watched run.
    ui.collapseTimer = setTimeout(() => ((ui.expanded = false), ctx.rerender()), 300);
  }
  const box = el('div', `group ${group.isOpen ? 'running' : 'done'}`);
  const header = el('button', 'group-header');
  header.type = 'button';
  header.append(el('span', group.isOpen ? 'shimmer' : '', groupHeaderText(group)), el('span', 'arrow', ui.expanded ? '˅' : '>'));
  header.addEventListener('click', () => {
    clearTimeout(ui.collapseTimer);
    ui.expanded = !ui.expanded;
    ctx.rerender();
  });
  box.append(header);
  if (ui.expanded) {
    const visible = group.blocks.filter((b) => b.type !== 'tool_result' || !b.merged);
    const shown = group.isOpen ? visible.slice(-MAX_RUNNING_ITEMS) : visible;
    for (const block of shown) {
      const node = renderBlock(block, ctx);
      if (node) box.append(node);
    }
    if (!group.isOpen) box.append(el('div', 'done-line', '✓ Hoàn thành'));
  }
  return box;
}

export function renderTranscript(container, transcript, ctx) {
  const items = buildGroups(transcript.blocks, transcript.streaming);
  const nodes = items.map((item, i) => (item.type === 'group' ? renderGroup(item, `g${i}`, ctx) : renderBlock(item, ctx)));
  container.replaceChildren(...nodes.filter(Boolean));
}
