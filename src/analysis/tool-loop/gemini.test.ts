// Each Gemini function-call loop rule on a conversation that breaks it, and on its near-identical twin
// that does not.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { requestCapture, weather, type RequestExchange } from './test-support';
import { callsAnswer, functionResponses, geminiExchange, geminiStream, geminiUser, modelCalls, textAnswer } from './gemini-support';

const calls = [weather('', 'Paris'), { id: '', name: 'get_time', arguments: '{"city":"Rome"}' }];
const asked = [geminiUser('Weather in Paris and the time in Rome?')];
const first = () => geminiExchange(asked, callsAnswer(calls));
const followUp = (...tail: unknown[]) => geminiExchange([...asked, ...tail], textAnswer('21° and noon.'));
const cleanFollowUp = () => followUp(modelCalls(calls), functionResponses('get_weather', 'get_time'));

function findings(exchanges: RequestExchange[]): string[] {
  return check(requestCapture(geminiStream, exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('Gemini function-call loop', () => {
  it('is silent on a loop the page completed (calls matched by name, streamed arguments included)', () => {
    expect(findings([first(), cleanFollowUp()])).toEqual([]);
  });

  it('loop-stalled: functionCall parts and no follow-up (warning at the finish frame)', () => {
    // Frames: 1 request, 2 text, 3 whole call, 4-6 streamed call, 7 finish.
    expect(findings([first()])).toEqual(['7 gemini/loop-stalled']);
    expect(check(requestCapture(geminiStream, [first()]))[0]?.findings[0]).toMatchObject({ severity: 'warning', message: expect.stringContaining('functionCall parts (get_weather, get_time)') });
  });

  it('loop-stalled is silent on a text answer', () => {
    expect(findings([geminiExchange(asked, textAnswer('Sunny.'))])).toEqual([]);
  });

  it('loop-tool-calls-changed: changed args, a dropped thought signature, or no model content', () => {
    const changed = [weather('', 'Berlin'), calls[1]!];
    expect(findings([first(), followUp(modelCalls(changed), functionResponses('get_weather', 'get_time'))])).toEqual(['8:contents[1] gemini/loop-tool-calls-changed']);
    expect(findings([first(), followUp(modelCalls(calls, 'other'), functionResponses('get_weather', 'get_time'))])).toEqual(['8:contents[1] gemini/loop-tool-calls-changed']);
    expect(findings([first(), followUp(functionResponses('get_weather', 'get_time'))])).toEqual(['8:contents[1] gemini/loop-tool-calls-changed']);
  });

  it('loop-unknown-tool-call-id: a functionResponse answers no call', () => {
    expect(findings([first(), followUp(modelCalls(calls), functionResponses('get_weather', 'get_time', 'get_news'))])).toEqual(['8:contents[2].parts[2] gemini/loop-unknown-tool-call-id']);
  });

  it('loop-missing-tool-result: a call without its functionResponse', () => {
    expect(findings([first(), followUp(modelCalls(calls), functionResponses('get_weather'))])).toEqual(['8:contents[2] gemini/loop-missing-tool-result']);
  });

  it('loop-too-deep: the 11th round trip in a row warns, the 10th does not', () => {
    function rounds(trips: number): RequestExchange[] {
      const out: RequestExchange[] = [];
      let contents: unknown[] = [...asked];
      for (let n = 0; n <= trips; n++) {
        const call = weather('', `City${n}`);
        out.push(geminiExchange(contents, n < trips ? callsAnswer([call]) : textAnswer('Done.')));
        contents = [...contents, modelCalls([call]), functionResponses('get_weather')];
      }
      return out;
    }
    expect(findings(rounds(11))).toEqual([expect.stringMatching(/^\d+ gemini\/loop-too-deep$/)]);
    expect(findings(rounds(10))).toEqual([]);
  });
});
