// Valid single-session JSON Lines inputs of a given number of events for the whole-process CLI bench:
// each protocol's opening events, one answer streamed in `events` small text deltas, its closing events.
import fs from 'node:fs';

/** A line that is not JSON (`[DONE]`) is written as it is. */
type Events = { head: object[]; delta: (i: number) => object; tail: (object | string)[] };

const text = (i: number) => `word ${i} of a long answer, `;

export const CLI_SESSIONS: Record<'ag-ui' | 'openai-chat' | 'anthropic' | 'aisdk-ui' | 'gemini' | 'gemini-interactions' | 'cohere' | 'mcp' | 'a2a', Events> = {
  'ag-ui': {
    head: [{ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' }, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }],
    delta: (i) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: text(i) }),
    tail: [{ type: 'TEXT_MESSAGE_END', messageId: 'm1' }, { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }],
  },
  'openai-chat': {
    head: [{ id: 'c1', object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-x', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }],
    delta: (i) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-x', choices: [{ index: 0, delta: { content: text(i) }, finish_reason: null }] }),
    tail: [{ id: 'c1', object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-x', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }],
  },
  anthropic: {
    head: [
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ],
    delta: (i) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: text(i) } }),
    tail: [
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 100 } },
      { type: 'message_stop' },
    ],
  },
  'aisdk-ui': {
    head: [{ type: 'start', messageId: 'm1' }, { type: 'start-step' }, { type: 'text-start', id: 't1' }],
    delta: (i) => ({ type: 'text-delta', id: 't1', delta: text(i) }),
    tail: [{ type: 'text-end', id: 't1' }, { type: 'finish-step' }, { type: 'finish' }, '[DONE]'],
  },
  gemini: {
    head: [],
    delta: (i) => ({ candidates: [{ content: { role: 'model', parts: [{ text: text(i) }] }, index: 0 }], modelVersion: 'gemini-2.5-flash', responseId: 'r1' }),
    tail: [
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'The end.' }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 100, totalTokenCount: 110 },
        modelVersion: 'gemini-2.5-flash',
        responseId: 'r1',
      },
    ],
  },
  'gemini-interactions': {
    head: [
      { interaction: { id: 'v1_a', status: 'in_progress', object: 'interaction', model: 'gemini-2.5-flash' }, event_type: 'interaction.created' },
      { index: 0, step: { type: 'model_output' }, event_type: 'step.start' },
    ],
    delta: (i) => ({ index: 0, delta: { text: text(i), type: 'text' }, event_type: 'step.delta' }),
    tail: [
      { index: 0, event_type: 'step.stop' },
      { interaction: { id: 'v1_a', status: 'completed', object: 'interaction', model: 'gemini-2.5-flash' }, event_type: 'interaction.completed' },
    ],
  },
  cohere: {
    head: [
      { id: 'm1', type: 'message-start', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } },
      { type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } },
    ],
    delta: (i) => ({ type: 'content-delta', index: 0, delta: { message: { content: { text: text(i) } } } }),
    tail: [{ type: 'content-end', index: 0 }, { type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { tokens: { input_tokens: 10, output_tokens: 100 } } } }],
  },
  // MCP streams no text: its long stream is a tool call's progress, then the result.
  mcp: {
    head: [{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'index_files', arguments: { path: '/' }, _meta: { progressToken: 1 } } }],
    delta: (i) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: i + 1, message: text(i) } }),
    tail: [{ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'Indexed.' }] } }],
  },
  // A2A (v1.0, the SDK's default wire format) streams its answer as chunks of one artifact.
  a2a: {
    head: [{ jsonrpc: '2.0', id: 1, result: { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } } } }],
    delta: (i) => ({ jsonrpc: '2.0', id: 1, result: { artifactUpdate: { taskId: 't1', contextId: 'c1', artifact: { artifactId: 'a1', parts: [{ text: text(i) }] }, append: i > 0 } } }),
    tail: [{ jsonrpc: '2.0', id: 1, result: { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } } } }],
  },
};

/** Writes `events` events of `protocol` as JSON Lines to `file`, in pieces of about 1 MB. */
export function writeCliSession(file: string, protocol: keyof typeof CLI_SESSIONS, events: number): void {
  const s = CLI_SESSIONS[protocol];
  const fd = fs.openSync(file, 'w');
  try {
    let batch = s.head.map((e) => `${JSON.stringify(e)}\n`).join('');
    for (let i = 0; i < events - s.head.length - s.tail.length; i++) {
      batch += `${JSON.stringify(s.delta(i))}\n`;
      if (batch.length > 1 << 20) {
        fs.writeSync(fd, batch);
        batch = '';
      }
    }
    fs.writeSync(fd, batch + s.tail.map((e) => `${typeof e === 'string' ? e : JSON.stringify(e)}\n`).join(''));
  } finally {
    fs.closeSync(fd);
  }
}
