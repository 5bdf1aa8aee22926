// Each Anthropic tool-loop rule on a conversation that breaks it, and on its near-identical twin that does not.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { requestCapture, weather, type RequestExchange } from './test-support';
import { anthropicExchange, anthropicStream, anthropicUser, endTurnAnswer, toolResults, toolUseAnswer, toolUseMessage } from './anthropic-support';

const calls = [weather('toolu_1', 'Paris'), weather('toolu_2', 'Rome')];
const asked = [anthropicUser('Weather in Paris and Rome?')];
const first = () => anthropicExchange(asked, toolUseAnswer(calls));
const followUp = (...tail: unknown[]) => anthropicExchange([...asked, ...tail], endTurnAnswer('21° in both.'));
const cleanFollowUp = () => followUp(toolUseMessage(calls, 'Let me check.'), toolResults('toolu_1', 'toolu_2'));

/** `location rule` of every finding `check` gives, all sessions together. */
function findings(exchanges: RequestExchange[]): string[] {
  return check(requestCapture(anthropicStream, exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('Anthropic tool loop', () => {
  it('is silent on a loop the page completed', () => {
    expect(findings([first(), cleanFollowUp()])).toEqual([]);
  });

  it('loop-stalled: stop_reason "tool_use" and no follow-up (warning at the message_delta frame)', () => {
    // Frames: 1 request, 2 message_start, 3-5 text block, 6-13 two tool_use blocks, 14 message_delta, 15 message_stop.
    expect(findings([first()])).toEqual(['14 anthropic/loop-stalled']);
    expect(check(requestCapture(anthropicStream, [first()]))[0]?.findings[0]).toMatchObject({ severity: 'warning', message: expect.stringContaining('stop_reason "tool_use" (get_weather, get_weather)') });
  });

  it('loop-stalled is silent on stop_reason "end_turn"', () => {
    expect(findings([anthropicExchange(asked, endTurnAnswer('Sunny.'))])).toEqual([]);
  });

  it('loop-tool-calls-changed: the follow-up rewrote a tool input, or left out the assistant message', () => {
    const changed = [weather('toolu_1', 'Paris'), weather('toolu_2', 'Berlin')];
    // The follow-up request is frame 16; the assistant message is messages[1].
    expect(findings([first(), followUp(toolUseMessage(changed), toolResults('toolu_1', 'toolu_2'))])).toEqual(['16:messages[1] anthropic/loop-tool-calls-changed']);
    expect(findings([first(), followUp(toolResults('toolu_1', 'toolu_2'))])).toEqual(['16:messages[1] anthropic/loop-tool-calls-changed']);
  });

  it('loop-tool-calls-changed is silent when the input keys come in another order', () => {
    const reordered = { role: 'assistant', content: calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: { ...(JSON.parse(c.arguments) as object), unit: 'C' } })) };
    const reorderedCalls = calls.map((c) => ({ ...c, arguments: `{"unit":"C",${c.arguments.slice(1)}` }));
    const asking = anthropicExchange(asked, toolUseAnswer(reorderedCalls));
    expect(findings([asking, followUp(reordered, toolResults('toolu_1', 'toolu_2'))])).toEqual([]);
  });

  it('loop-unknown-tool-call-id: a tool_result answers no tool_use of the stream', () => {
    expect(findings([first(), followUp(toolUseMessage(calls), toolResults('toolu_1', 'toolu_2', 'toolu_9'))])).toEqual(['16:messages[2].content[2] anthropic/loop-unknown-tool-call-id']);
  });

  it('loop-missing-tool-result: a tool_use without its tool_result, or with two', () => {
    expect(findings([first(), followUp(toolUseMessage(calls), toolResults('toolu_1'))])).toEqual(['16:messages[2] anthropic/loop-missing-tool-result']);
    expect(findings([first(), followUp(toolUseMessage(calls), toolResults('toolu_1', 'toolu_2', 'toolu_2'))])).toEqual(['16:messages[2].content[2] anthropic/loop-missing-tool-result']);
    // The results must come in the user message right after the tool_use blocks.
    expect(findings([first(), followUp(toolUseMessage(calls), anthropicUser('and?'), toolResults('toolu_1', 'toolu_2'))])).toEqual([
      '16:messages[2] anthropic/loop-missing-tool-result',
      '16:messages[2] anthropic/loop-missing-tool-result',
    ]);
  });

  it('loop-too-deep: the 11th round trip in a row warns, the 10th does not', () => {
    function rounds(trips: number): RequestExchange[] {
      const out: RequestExchange[] = [];
      let messages: unknown[] = [...asked];
      for (let n = 0; n <= trips; n++) {
        const call = weather(`toolu_${n}`, `City${n}`);
        out.push(anthropicExchange(messages, n < trips ? toolUseAnswer([call]) : endTurnAnswer('Done.')));
        messages = [...messages, toolUseMessage([call], 'Let me check.'), toolResults(call.id)];
      }
      return out;
    }
    expect(findings(rounds(11))).toEqual([expect.stringMatching(/^\d+ anthropic\/loop-too-deep$/)]);
    expect(findings(rounds(10))).toEqual([]);
  });
});
