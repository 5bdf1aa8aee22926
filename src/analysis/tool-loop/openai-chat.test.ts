// Each tool-loop rule on a conversation that breaks it, and on its near-identical twin that does not.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { assistantCalls, callsAnswer, loopCapture, system, textAnswer, toolResult, user, weather, type Exchange } from './test-support';

const calls = [weather('call_1', 'Paris'), weather('call_2', 'Rome')];
const asked = [system, user('Weather in Paris and Rome?')];
const first: Exchange = { messages: asked, answer: callsAnswer(calls) };
const followUp = (...tail: unknown[]): Exchange => ({ messages: [...asked, ...tail], answer: textAnswer('21° in both.') });
const cleanFollowUp = followUp(assistantCalls(calls), toolResult('call_1'), toolResult('call_2'));

/** `location rule` of every finding `check` gives, all sessions together. */
function findings(exchanges: Exchange[]): string[] {
  return check(loopCapture(exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('OpenAI Chat tool loop', () => {
  it('is silent on a loop the page completed', () => {
    expect(findings([first, cleanFollowUp])).toEqual([]);
  });

  it('loop-stalled: the stream asked for tools and no follow-up came (warning at the finish_reason frame)', () => {
    // Frames: 1 request, 2 role, 3-6 the two calls, 7 finish_reason, 8 [DONE].
    expect(findings([first])).toEqual(['7 openai-chat/loop-stalled']);
    const r = check(loopCapture([first])).flatMap((x) => x.findings);
    expect(r[0]).toMatchObject({ severity: 'warning', message: expect.stringContaining('get_weather, get_weather') });
  });

  it('loop-stalled is silent when the stream finished with "stop", or a follow-up carried the results', () => {
    expect(findings([{ messages: asked, answer: textAnswer('Sunny.') }])).toEqual([]);
    expect(findings([first, cleanFollowUp]).filter((f) => f.includes('stalled'))).toEqual([]);
  });

  it('loop-stalled: a request sent again takes over the loop; only the last one unanswered stalls', () => {
    expect(findings([first, first, cleanFollowUp])).toEqual([]);
    // The second request starts at frame 9; its finish_reason is frame 15.
    expect(findings([first, first])).toEqual(['15 openai-chat/loop-stalled']);
  });

  it('loop-tool-calls-changed: the follow-up rewrote the arguments, or left out the assistant message', () => {
    const changed = [weather('call_1', 'Paris'), weather('call_2', 'Berlin')];
    // The follow-up request is frame 9; the assistant message is messages[2].
    expect(findings([first, followUp(assistantCalls(changed), toolResult('call_1'), toolResult('call_2'))])).toEqual(['9:messages[2] openai-chat/loop-tool-calls-changed']);
    expect(findings([first, followUp(toolResult('call_1'), toolResult('call_2'))])).toEqual(['9:messages[2] openai-chat/loop-tool-calls-changed']);
  });

  it('loop-tool-calls-changed is silent when only the JSON spacing of the arguments differs', () => {
    const respaced = [{ ...weather('call_1', 'Paris'), arguments: '{ "city": "Paris" }' }, weather('call_2', 'Rome')];
    expect(findings([first, followUp(assistantCalls(respaced), toolResult('call_1'), toolResult('call_2'))])).toEqual([]);
  });

  it('loop-unknown-tool-call-id: a tool message answers no call of the stream', () => {
    expect(findings([first, followUp(assistantCalls(calls), toolResult('call_1'), toolResult('call_2'), toolResult('call_9'))])).toEqual([
      '9:messages[5] openai-chat/loop-unknown-tool-call-id',
    ]);
  });

  it('loop-missing-tool-result: a call without its result, or with two', () => {
    expect(findings([first, followUp(assistantCalls(calls), toolResult('call_1'))])).toEqual(['9:messages[2] openai-chat/loop-missing-tool-result']);
    expect(findings([first, followUp(assistantCalls(calls), toolResult('call_1'), toolResult('call_2'), toolResult('call_1'))])).toEqual([
      '9:messages[5] openai-chat/loop-missing-tool-result',
    ]);
  });

  it('a wrong id is both an unknown id and a call left without its result', () => {
    expect(findings([first, followUp(assistantCalls(calls), toolResult('call_1'), toolResult('call_3'))])).toEqual([
      '9:messages[4] openai-chat/loop-unknown-tool-call-id',
      '9:messages[2] openai-chat/loop-missing-tool-result',
    ]);
  });

  describe('loop-too-deep', () => {
    /** A conversation of `trips` tool round trips, each follow-up asking for one more call, then a text answer. */
    function rounds(trips: number): Exchange[] {
      const out: Exchange[] = [];
      let messages: unknown[] = [...asked];
      for (let n = 0; n <= trips; n++) {
        const call = weather(`call_${n}`, `City${n}`);
        out.push({ messages, answer: n < trips ? callsAnswer([call]) : textAnswer('Done.') });
        messages = [...messages, assistantCalls([call]), toolResult(call.id)];
      }
      return out;
    }

    it('warns on the 11th round trip in a row', () => {
      const rules = findings(rounds(11));
      expect(rules.filter((r) => r.endsWith('loop-too-deep'))).toHaveLength(1);
      expect(rules).toEqual([expect.stringMatching(/^\d+ openai-chat\/loop-too-deep$/)]);
    });

    it('is silent at 10 round trips', () => {
      expect(findings(rounds(10))).toEqual([]);
    });
  });
});
