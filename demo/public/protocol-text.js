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

/** Gemini streamGenerateContent: candidate 0's parts (`thought: true` text is reasoning). */
function gemini(e) {
  const candidate = obj(Array.isArray(e.candidates) ? e.candidates[0] : undefined);
  const out = [];
  for (const part of Array.isArray(obj(candidate.content).parts) ? obj(candidate.content).parts : []) {
    const p = obj(part);
    out.push(...piece(p.thought === true ? 'reasoning' : 'text', str(p.text)));
    // A streamed call names itself once (its later chunks have no name), so no key is needed without an id.
    const name = str(obj(p.functionCall).name);
    if (name) out.push(...piece('tool', name, str(obj(p.functionCall).id) || undefined));
  }
  if (e.error) out.push(...piece('error', str(obj(e.error).message) || 'error'));
  return out;
}

/** Gemini Interactions: step deltas (text in a `thought` step is reasoning) and function_call steps. */
const interactionStepTypes = new Map();
function geminiInteractions(e) {
  if (e.event_type === 'interaction.created') interactionStepTypes.clear();
  const step = obj(e.step);
  if (e.event_type === 'step.start') interactionStepTypes.set(e.index, str(step.type));
  const delta = obj(e.delta);
  if (e.event_type === 'step.delta' && (delta.type === 'text' || delta.type === 'thought_summary')) {
    const reasoning = delta.type === 'thought_summary' || interactionStepTypes.get(e.index) === 'thought';
    return piece(reasoning ? 'reasoning' : 'text', str(delta.text) || str(obj(delta.content).text));
  }
  if (e.event_type === 'step.start' && step.type === 'function_call') return piece('tool', str(step.name), str(step.id));
  if (e.event_type === 'error') return piece('error', str(obj(e.error).message) || 'error');
  return [];
}

/** Cohere v2 chat: content deltas (text or thinking) and tool-call starts. */
function cohere(e) {
  const message = obj(obj(e.delta).message);
  const content = obj(message.content);
  if (e.type === 'content-delta') return [...piece('reasoning', str(content.thinking)), ...piece('text', str(content.text))];
  if (e.type === 'tool-plan-delta') return piece('reasoning', str(message.tool_plan));
  const call = obj(message.tool_calls);
  if (e.type === 'tool-call-start') return piece('tool', str(obj(call.function).name), str(call.id));
  if (e.type === 'message-end' && obj(e.delta).finish_reason === 'ERROR') return piece('error', str(obj(obj(e.delta).error).message) || 'error');
  return [];
}

export const extractors = {
  'ag-ui': agUi,
  anthropic,
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  'aisdk-ui': aisdkUi,
  'aisdk-data': aisdkData,
  gemini,
  'gemini-interactions': geminiInteractions,
  cohere,
};
