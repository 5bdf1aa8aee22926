// Generates a long, valid flat-block session as frames: turns of a share-thought text, a group of
// tools with results and todo snapshots, and a final answer streamed in many small deltas.
import type { Frame } from '../src/model/frame';

export function generateFlatSession(eventCount: number): Frame[] {
  const frames: Frame[] = [];
  const push = (event: object): void => {
    frames.push({ index: frames.length, connectionId: 'ws', time: frames.length, direction: 'in', kind: 'message', data: JSON.stringify(event) });
  };
  let turn = 0;
  while (frames.length < eventCount) {
    turn++;
    push({ type: 'message_start', message: { message_type: 'chat' } });
    push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', is_part: true } });
    push({ type: 'content_block_delta', index: 0, delta: { text: `Turn ${turn}: checking the market…` } });
    push({ type: 'content_block_stop', index: 0 });
    push({ type: 'group_start', index: 1, message_id: `m${turn}` });
    const todos = [
      { content: 'Fetch prices', activeForm: 'Fetching prices', status: 'completed' },
      { content: 'Analyse trend', activeForm: 'Analysing trend', status: 'in_progress' },
    ];
    push({ type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: `todo-${turn}`, name: 'write_todos', tool_content_message: 'Plan', input: { todos } } });
    push({ type: 'content_block_stop', index: 2 });
    for (let t = 0; t < 3; t++) {
      const id = `tool-${turn}-${t}`;
      push({ type: 'content_block_start', index: 3 + t * 2, content_block: { type: 'tool_use', id, name: 'web_search', tool_content_message: `Search ${t}`, input: { q: 'vnindex' } } });
      push({ type: 'content_block_stop', index: 3 + t * 2 });
      push({ type: 'content_block_start', index: 4 + t * 2, content_block: { type: 'tool_result', tool_use_id: id, status: 'success', content: '10 results' } });
      push({ type: 'content_block_stop', index: 4 + t * 2 });
    }
    push({ type: 'group_end', index: 9, summary: `Searched market data (turn ${turn})`, message_id: `m${turn}` });
    push({ type: 'content_block_start', index: 10, content_block: { type: 'text', text: '', is_final: true } });
    for (let d = 0; d < 40; d++) push({ type: 'content_block_delta', index: 10, delta: { text: `word${d} ` } });
    push({ type: 'content_block_stop', index: 10 });
    push({ type: 'message_stop' });
  }
  return frames;
}
