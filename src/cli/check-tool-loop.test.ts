// `check` of a HAR holding the requests of an OpenAI Chat tool loop and their streams: the loop
// findings name the request (the frame number of its request body) and the message inside it.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runCli } from './test-support';

describe('check: the OpenAI Chat tool loop across requests', () => {
  it('reports the broken loop of examples/openai-tool-loop-broken.har with request and message locations', async () => {
    const r = await runCli(['check', 'examples/openai-tool-loop-broken.har']);
    expect(r.code).toBe(1);
    // Entry 2's request body is frame 9; entry 3 asks for a tool at frame 17 and nothing follows.
    expect(r.stdout.split('\n').filter((l) => l.includes('loop-'))).toEqual([
      'examples/openai-tool-loop-broken.har:9:messages[4] error openai-chat/loop-unknown-tool-call-id tool message with tool_call_id "call_3" matches no tool call of the answer (call_1, call_2) [session har-1]',
      'examples/openai-tool-loop-broken.har:9:messages[2] error openai-chat/loop-missing-tool-result tool call "call_2" (get_weather) has no tool message; exactly one result per call id is needed [session har-1]',
      'examples/openai-tool-loop-broken.har:17 warning openai-chat/loop-stalled the stream ended with finish_reason "tool_calls" (get_weather) and no later request carried the tool results: the tool loop stopped here [session har-2]',
    ]);
  });

  it('puts the findings on the session of the request they point at, in --json', async () => {
    const r = await runCli(['check', '--json', 'examples/openai-tool-loop-broken.har']);
    const results = JSON.parse(r.stdout) as { session: string; errorCount: number; warningCount: number; findings: { location: string }[] }[];
    expect(results.map((x) => [x.session, x.errorCount, x.warningCount, x.findings.map((f) => f.location)])).toEqual([
      ['har-0', 0, 0, []],
      ['har-1', 2, 0, ['9:messages[4]', '9:messages[2]']],
      ['har-2', 0, 1, ['17']],
    ]);
  });

  it('is silent on the completed loop of examples/openai-tool-loop.har', async () => {
    const r = await runCli(['check', 'examples/openai-tool-loop.har']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('check: the Anthropic tool loop across requests', () => {
  it('reports the broken loop of examples/anthropic-tool-loop-broken.har, the follow-up the API refused included', async () => {
    const r = await runCli(['check', 'examples/anthropic-tool-loop-broken.har']);
    expect(r.code).toBe(1);
    // Entry 1's request body is frame 16, refused with a 400 JSON error (frame 17); entry 2 asks for a tool at frame 27 and nothing follows.
    expect(r.stdout.split('\n').filter((l) => l.startsWith('examples/'))).toEqual([
      'examples/anthropic-tool-loop-broken.har:16:messages[2].content[1] error anthropic/loop-unknown-tool-call-id tool_result block with tool_use_id "toolu_2" matches no tool call of the answer (toolu_01, toolu_02) [session har-1]',
      'examples/anthropic-tool-loop-broken.har:16:messages[2] error anthropic/loop-missing-tool-result tool call "toolu_02" (get_weather) has no tool_result block; exactly one result per call id is needed [session har-1]',
      expect.stringMatching(/^examples\/anthropic-tool-loop-broken\.har:17 warning anthropic\/error-event .*unexpected `tool_use_id`.* \[session har-1\]$/),
      'examples/anthropic-tool-loop-broken.har:27 warning anthropic/loop-stalled the stream ended with stop_reason "tool_use" (get_weather) and no later request carried the tool results: the tool loop stopped here [session har-2]',
    ]);
  });

  it('is silent on the completed loop of examples/anthropic-tool-loop.har', async () => {
    const r = await runCli(['check', 'examples/anthropic-tool-loop.har']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
  });
});
