import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, events, labels } from '../shared/test-inputs';
import { describeFlatBlockFrame } from './describe';

const dir = path.resolve(__dirname, 'testdata');

describe('flat-block frame descriptions', () => {
  it('name each event with its block type', () => {
    const list = describeFile(dir, 'valid-turn.jsonl', describeFlatBlockFrame);
    expect(events(list)).toEqual([
      'message_start',
      'content_block_start: text',
      'content_block_delta: text',
      'content_block_stop',
      'group_start',
      'content_block_start: tool_use write_todos',
      'content_block_stop',
      'content_block_start: tool_use web_search',
      'content_block_stop',
      'content_block_start: tool_result',
      'content_block_stop',
      'group_end',
      'content_block_start: text',
      'content_block_delta: text',
      'content_block_delta: text',
      'content_block_stop',
      'message_stop',
    ]);
    expect(list[2]).toMatchObject({ event: 'content_block_delta: text', category: 'text', preview: 'Để mình kiểm tra...' });
    expect(list[7]).toMatchObject({ event: 'content_block_start: tool_use web_search', category: 'tool-call', preview: 'Tìm kiếm tin tức thị trường' });
    expect(list[9]).toMatchObject({ event: 'content_block_start: tool_result', category: 'tool-result', preview: '10 kết quả' });
    expect(list[11]).toMatchObject({ event: 'group_end', category: 'lifecycle', preview: 'Tìm kiếm thông tin' });
  });

  it('name an approval request and the page reply', () => {
    const list = describeFile(dir, 'valid-question-turn.json', describeFlatBlockFrame);
    expect(list[8]).toMatchObject({ event: 'content_block_start: approval_request', category: 'approval', preview: 'sess-1_1' });
    expect(list[9]).toMatchObject({ event: 'content_block_delta: approval', category: 'approval', preview: 'ask_user_question' });
    expect(list[11]).toMatchObject({ event: 'send: approval', category: 'request' });
  });

  it('give the timeline a short label for every kind of event, the full name staying the event', () => {
    const list = describeFile(dir, 'valid-turn.jsonl', describeFlatBlockFrame);
    expect([...new Set(labels(list))]).toEqual(["message_start", "block_start: text", "Δ text", "block_stop", "group_start", "block_start: tool_use write_todos", "block_start: tool_use web_search", "block_start: tool_result", "group_end", "message_stop"]);
    for (const d of list) if (d.label !== undefined) expect(d.label.length).toBeLessThan(d.event.length + 1);
  });
});
