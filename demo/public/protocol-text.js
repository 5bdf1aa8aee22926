// What the page shows of each protocol's events: answer text, reasoning and tool names, nothing more.
// Each function takes one parsed payload and returns pieces { kind: 'text' | 'reasoning' | 'tool' | 'note' | 'error',
// text, key? }; a tool piece's key (its call id) lets the page show each call once.

const str = (v) => (typeof v === 'string' ? v : '');
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const piece = (kind, text, key) => (text ? [{ kind, text, key }] : []);

function agUi(e) {
  if (e.type === 'TEXT_MESSAGE_CONTENT' || e.type === 'TEXT_MESSAGE_CHUNK') return piece('text', str(e.delta));
  if (e.type === 'REASONING_MESSAGE_CONTENT' || e.type === 'REASONING_MESSAGE_CHUNK') return piece('reasoning', str(e.delta));
  if (e.type === 'TOOL_CALL_START' || e.type === 'TOOL_CALL_CHUNK') return piece('tool', str(e.toolCallName), str(e.toolCallId));
  const outcome = obj(e.outcome);
  if (e.type === 'RUN_FINISHED' && outcome.type === 'interrupt') {
    const first = obj(Array.isArray(outcome.interrupts) ? outcome.interrupts[0] : undefined);
    return piece('note', `Interrupted: ${str(first.message) || 'waiting for input'}`);
  }
  if (e.type === 'RUN_ERROR') return piece('error', str(e.message));
  return [];
}

function anthropic(e) {
  const delta = obj(e.delta);
  if (e.type === 'content_block_delta' && delta.type === 'text_delta') return piece('text', str(delta.text));
  if (e.type === 'content_block_delta' && delta.type === 'thinking_delta') return piece('reasoning', str(delta.thinking));
  const block = obj(e.content_block);
  if (e.type === 'content_block_start' && (block.type === 'tool_use' || block.type === 'server_tool_use')) return piece('tool', str(block.name), str(block.id));
  if (e.type === 'error') return piece('error', str(obj(e.error).message));
  return [];
}

function openaiChat(e) {
  const out = [];
  for (const choice of Array.isArray(e.choices) ? e.choices : []) {
    const delta = obj(obj(choice).delta);
    out.push(...piece('reasoning', str(delta.reasoning_content) || str(delta.reasoning)), ...piece('text', str(delta.content)));
    for (const call of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) out.push(...piece('tool', str(obj(obj(call).function).name), str(obj(call).id)));
  }
  return out;
}

function openaiResponses(e) {
  if (e.type === 'response.output_text.delta') return piece('text', str(e.delta));
  if (e.type === 'response.reasoning_summary_text.delta' || e.type === 'response.reasoning_text.delta') return piece('reasoning', str(e.delta));
  const item = obj(e.item);
  if (e.type === 'response.output_item.added' && item.type === 'function_call') return piece('tool', str(item.name), str(item.call_id));
  if (e.type === 'error' || e.type === 'response.failed') return piece('error', str(e.message) || 'response failed');
  return [];
}

function aisdkUi(e) {
  if (e.type === 'text-delta') return piece('text', str(e.delta));
  if (e.type === 'reasoning-delta') return piece('reasoning', str(e.delta));
  if (e.type === 'tool-input-start' || e.type === 'tool-input-available') return piece('tool', str(e.toolName), str(e.toolCallId));
  if (e.type === 'error') return piece('error', str(e.errorText));
  return [];
}

/** v4 data stream: `{ code, value }` from a `<code>:<json>` line. */
function aisdkData({ code, value }) {
  if (code === '0') return piece('text', str(value));
  if (code === 'g') return piece('reasoning', str(value));
  if (code === 'b' || code === '9') return piece('tool', str(obj(value).toolName), str(obj(value).toolCallId));
  if (code === '3') return piece('error', str(value));
  return [];
}

export const extractors = {
  'ag-ui': agUi,
  anthropic,
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  'aisdk-ui': aisdkUi,
  'aisdk-data': aisdkData,
};
