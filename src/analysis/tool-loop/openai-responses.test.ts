// Each OpenAI Responses tool-loop rule on a conversation that breaks it, and on its near-identical twin
// that does not: follow-ups that name the stored response, and follow-ups that resend the conversation.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { requestCapture, weather, type RequestExchange } from './test-support';
import { callsResponse, functionCallItem, functionOutput, inputUser, responsesExchange, responsesStream, textResponse } from './responses-support';

const calls = [weather('call_1', 'Paris'), weather('call_2', 'Rome')];
const asked = [inputUser('Weather in Paris and Rome?')];
const first = responsesExchange(asked, callsResponse('resp_1', calls));
/** A follow-up that names the first response and sends only these items. */
const stored = (...items: unknown[]) => responsesExchange(items, textResponse('resp_2', '21° in both.'), 'resp_1');
/** A follow-up that resends the conversation, then these items. */
const resent = (...items: unknown[]) => responsesExchange([...asked, ...items], textResponse('resp_2', '21° in both.'));

function findings(exchanges: RequestExchange[]): string[] {
  return check(requestCapture(responsesStream, exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('OpenAI Responses tool loop', () => {
  it('is silent on a loop the page completed, with previous_response_id or by resending the conversation', () => {
    expect(findings([first, stored(functionOutput('call_1'), functionOutput('call_2'))])).toEqual([]);
    expect(findings([first, resent(functionCallItem(calls[0]!), functionCallItem(calls[1]!), functionOutput('call_1'), functionOutput('call_2'))])).toEqual([]);
  });

  it('loop-stalled: the response asked for function calls and no follow-up came (warning at response.completed)', () => {
    // Frames: 1 request, 2 created, 3-12 the two calls, 13 completed.
    expect(findings([first])).toEqual(['13 openai-responses/loop-stalled']);
    expect(findings([responsesExchange(asked, textResponse('resp_1', 'Sunny.'))])).toEqual([]);
  });

  it('loop-stalled: a follow-up naming another response does not continue this one', () => {
    expect(findings([first, stored(functionOutput('call_1'), functionOutput('call_2'))].map((e, i) => (i === 1 ? { ...e, body: { ...(e.body as object), previous_response_id: 'resp_0' } } : e)))).toContain('13 openai-responses/loop-stalled');
  });

  it('loop-tool-calls-changed: a resent conversation rewrote a call, or left the calls out', () => {
    const berlin = functionCallItem(weather('call_2', 'Berlin'));
    // The follow-up is frame 14; its new items start at input[1].
    expect(findings([first, resent(functionCallItem(calls[0]!), berlin, functionOutput('call_1'), functionOutput('call_2'))])).toEqual(['14:input[1] openai-responses/loop-tool-calls-changed']);
    expect(findings([first, resent(functionOutput('call_1'), functionOutput('call_2'))])).toEqual([
      '14:input[1] openai-responses/loop-tool-calls-changed',
    ]);
  });

  it('loop-unknown-tool-call-id: an output answers no call of the response', () => {
    expect(findings([first, stored(functionOutput('call_1'), functionOutput('call_2'), functionOutput('call_9'))])).toEqual(['14:input[2] openai-responses/loop-unknown-tool-call-id']);
  });

  it('loop-missing-tool-result: a call without its output, or with two', () => {
    expect(findings([first, stored(functionOutput('call_1'))])).toEqual(['14:input[0] openai-responses/loop-missing-tool-result']);
    expect(findings([first, stored(functionOutput('call_1'), functionOutput('call_2'), functionOutput('call_1'))])).toEqual(['14:input[2] openai-responses/loop-missing-tool-result']);
  });

  it('loop-too-deep: the 11th round trip in a row warns, the 10th does not', () => {
    function rounds(trips: number): RequestExchange[] {
      const out: RequestExchange[] = [];
      for (let n = 0; n <= trips; n++) {
        const call = weather(`call_${n}`, `City${n}`);
        const answer = n < trips ? callsResponse(`resp_${n}`, [call]) : textResponse(`resp_${n}`, 'Done.');
        out.push(n === 0 ? responsesExchange(asked, answer) : responsesExchange([functionOutput(`call_${n - 1}`)], answer, `resp_${n - 1}`));
      }
      return out;
    }
    expect(findings(rounds(11))).toEqual([expect.stringMatching(/^\d+ openai-responses\/loop-too-deep$/)]);
    expect(findings(rounds(10))).toEqual([]);
  });
});
