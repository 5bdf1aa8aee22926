// Each Gemini Interactions tool loop rule on a conversation that breaks it, and on its near-identical
// twin that does not: follow-ups that resend the history (as the AI SDK does) and follow-ups that name
// the interaction in `previous_interaction_id` and send only the results.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { requestCapture, weather, type RequestExchange } from './test-support';
import { functionCallSteps, functionResults, interactionCalls, interactionExchange, interactionsStream, interactionText, userInput } from './gemini-interactions-support';

const calls = [weather('call_1', 'Paris'), weather('call_2', 'Rome')];
const asked = [userInput('Weather in Paris and Rome?')];
const first = () => interactionExchange(asked, interactionCalls('v1_a', calls));
const resent = (...tail: unknown[]) => interactionExchange([...asked, { type: 'model_output', content: [{ type: 'text', text: 'Let me check.' }] }, ...tail], interactionText('v1_b', '21° and 24°.'));
const stored = (...input: unknown[]) => interactionExchange(input, interactionText('v1_b', '21° and 24°.'), 'v1_a');

function findings(exchanges: RequestExchange[]): string[] {
  return check(requestCapture(interactionsStream, exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('Gemini Interactions tool loop', () => {
  it('is silent on a loop the page completed, resending the history or naming the interaction', () => {
    expect(findings([first(), resent(...functionCallSteps(calls), functionResults('call_1', 'call_2'))])).toEqual([]);
    expect(findings([first(), stored(functionResults('call_1', 'call_2'))])).toEqual([]);
    // Results as steps of their own are read too.
    expect(findings([first(), stored(...functionResults('call_1', 'call_2').content)])).toEqual([]);
  });

  it('loop-stalled: status requires_action and no follow-up (warning at interaction.completed)', () => {
    // Frames: 1 request, 2 created, 3-5 text step, 6-8 and 9-11 the calls, 12 completed.
    expect(findings([first()])).toEqual(['12 gemini-interactions/loop-stalled']);
    expect(check(requestCapture(interactionsStream, [first()]))[0]?.findings[0]).toMatchObject({ severity: 'warning', message: expect.stringContaining('status "requires_action" (get_weather, get_weather)') });
    expect(findings([interactionExchange('Weather?', interactionText('v1_a', 'Sunny.'))])).toEqual([]);
  });

  it('loop-tool-calls-changed: a resent history with a call changed or left out', () => {
    const changed = [weather('call_1', 'Berlin'), calls[1]!];
    expect(findings([first(), resent(...functionCallSteps(changed), functionResults('call_1', 'call_2'))])).toEqual(['13:input[2] gemini-interactions/loop-tool-calls-changed']);
    expect(findings([first(), resent(functionResults('call_1', 'call_2'))])).toEqual(['13:input[1] gemini-interactions/loop-tool-calls-changed']);
  });

  it('loop-unknown-tool-call-id: a function_result answers no call', () => {
    expect(findings([first(), stored(functionResults('call_1', 'call_2', 'call_9'))])).toEqual(['13:input[0].content[2] gemini-interactions/loop-unknown-tool-call-id']);
  });

  it('loop-missing-tool-result: a call without its result, also a follow-up naming the interaction with the prompt again and no results', () => {
    expect(findings([first(), stored(functionResults('call_1'))])).toEqual(['13:input[0] gemini-interactions/loop-missing-tool-result']);
    expect(findings([first(), stored(...asked)])).toEqual(['13:input[0] gemini-interactions/loop-missing-tool-result', '13:input[0] gemini-interactions/loop-missing-tool-result']);
  });

  it('loop-too-deep: the 11th round trip in a row warns, the 10th does not', () => {
    function rounds(trips: number): RequestExchange[] {
      const out: RequestExchange[] = [];
      for (let n = 0; n <= trips; n++) {
        const call = weather(`call_${n}`, `City${n}`);
        const previous = n === 0 ? undefined : `v1_${n - 1}`;
        const input = n === 0 ? asked : [functionResults(`call_${n - 1}`)];
        out.push(interactionExchange(input, n < trips ? interactionCalls(`v1_${n}`, [call]) : interactionText(`v1_${n}`, 'Done.'), previous));
      }
      return out;
    }
    expect(findings(rounds(11))).toEqual([expect.stringMatching(/^\d+ gemini-interactions\/loop-too-deep$/)]);
    expect(findings(rounds(10))).toEqual([]);
  });
});
