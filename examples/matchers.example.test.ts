// How a project tests its own agent streams with agent-stream-inspector: check and render captures
// from its test suite (vitest here; jest takes the same `expect.extend`).
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { check, readInputFile, render } from 'agent-stream-inspector';
import { agentStreamMatchers, type AgentStreamMatchers } from 'agent-stream-inspector/matchers';

expect.extend(agentStreamMatchers);
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Assertion<T = any> extends AgentStreamMatchers<T> {}
}

describe('captured agent sessions', () => {
  it('a captured turn follows the flat-block protocol', () => {
    expect('examples/flat-block-turn.jsonl').toFollowProtocol('flat-block');
  });

  it('a reload (History API + WebSocket replay) renders as the client shows it', async () => {
    const capture = await readInputFile('examples/flat-block-reload.har');
    expect(capture).toFollowProtocol();
    expect(capture).toRenderAs(render(capture));
    expect(capture).toRenderAs(`
user: thị trường hôm nay
assistant [brand, part]: Chào Thảo! Chờ mình cập nhật nhé.
group "Phân tích thị trường phiên 25/03/2026" (done)
  todos — Lập kế hoạch phân tích (write_todos)
      ✓ ~Lấy dữ liệu giá VNINDEX~
      ● **Đang tìm tin tức mới nhất**
      ○ Viết nhận định
  ● done — Phân tích giá VNINDEX (analyze_price)
  ● done — Tìm kiếm tin tức mới nhất (web_search)
  ✓ Hoàn thành
assistant [final]: VNINDEX hôm nay tăng 2.69%, thanh khoản cải thiện.
Todos:
  ✓ ~Lấy dữ liệu giá VNINDEX~
  ● **Đang tìm tin tức mới nhất**
  ○ Viết nhận định`.trimStart());
  });

  it('a stream written inline in the test', () => {
    const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`;
    const stream =
      event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, usage: { input_tokens: 5, output_tokens: 0 } } }) +
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hello' } }) +
      event('content_block_stop', { index: 0 }) +
      event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }) +
      event('message_stop', {});
    expect(stream).toFollowProtocol('anthropic');
    expect(stream).toRenderAs('assistant [brand, final]: Hello\nUsage: input_tokens=5 output_tokens=1');
  });

  it('a broken capture fails, and check says why', () => {
    expect('examples/flat-block-broken.jsonl').not.toFollowProtocol();
    const [result] = check('{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}');
    expect(result?.findings.map((f) => f.rule)).toContain('flat/block-delta-without-start');
  });
});
