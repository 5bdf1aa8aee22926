// Each Cohere v2 tool loop rule on a conversation that breaks it, and on its near-identical twin that
// does not.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { requestCapture, weather, type RequestExchange } from './test-support';
import { cohereAssistant, cohereCallsAnswer, cohereExchange, cohereStream, cohereTextAnswer, cohereToolResult, cohereUser } from './cohere-support';

const calls = [weather('weather_1', 'Paris'), { id: 'time_2', name: 'get_time', arguments: '{"city":"Rome"}' }];
const asked = [{ role: 'system', content: 'You are a weather assistant.' }, cohereUser('Weather in Paris and the time in Rome?')];
const first = () => cohereExchange(asked, cohereCallsAnswer(calls));
const followUp = (...tail: unknown[]) => cohereExchange([...asked, ...tail], cohereTextAnswer('21° and noon.'));
const cleanFollowUp = () => followUp(cohereAssistant(calls), cohereToolResult('weather_1'), cohereToolResult('time_2', '{"time":"12:00"}'));

function findings(exchanges: RequestExchange[]): string[] {
  return check(requestCapture(cohereStream, exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('Cohere tool loop', () => {
  it('is silent on a loop the page completed (results as document blocks or as a string)', () => {
    expect(findings([first(), cleanFollowUp()])).toEqual([]);
  });

  it('loop-stalled: finish_reason TOOL_CALL and no follow-up (warning at message-end)', () => {
    // Frames: 1 request, 2 message-start, 3 tool plan, 4-7 first call, 8-11 second call, 12 message-end (a follow-up starts at 13).
    expect(findings([first()])).toEqual(['12 cohere/loop-stalled']);
    expect(check(requestCapture(cohereStream, [first()]))[0]?.findings[0]).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('finish_reason "TOOL_CALL" (get_weather, get_time)'),
    });
  });

  it('loop-stalled is silent on a text answer', () => {
    expect(findings([cohereExchange(asked, cohereTextAnswer('Sunny.'))])).toEqual([]);
  });

  it('loop-tool-calls-changed: changed arguments, or no assistant message before the results', () => {
    const changed = [weather('weather_1', 'Berlin'), calls[1]!];
    expect(findings([first(), followUp(cohereAssistant(changed), cohereToolResult('weather_1'), cohereToolResult('time_2'))])).toEqual(['13:messages[2] cohere/loop-tool-calls-changed']);
    expect(findings([first(), followUp(cohereToolResult('weather_1'), cohereToolResult('time_2'))])).toEqual(['13:messages[2] cohere/loop-tool-calls-changed']);
  });

  it('loop-unknown-tool-call-id: a tool message answers no call', () => {
    expect(findings([first(), followUp(cohereAssistant(calls), cohereToolResult('weather_1'), cohereToolResult('time_2'), cohereToolResult('news_3'))])).toEqual([
      '13:messages[5] cohere/loop-unknown-tool-call-id',
    ]);
  });

  it('loop-missing-tool-result: a call without its tool message', () => {
    expect(findings([first(), followUp(cohereAssistant(calls), cohereToolResult('weather_1'))])).toEqual(['13:messages[2] cohere/loop-missing-tool-result']);
  });

  it('loop-too-deep: the 11th round trip in a row warns, the 10th does not', () => {
    function rounds(trips: number): RequestExchange[] {
      const out: RequestExchange[] = [];
      let messages: unknown[] = [...asked];
      for (let n = 0; n <= trips; n++) {
        const call = weather(`weather_${n}`, `City${n}`);
        out.push(cohereExchange(messages, n < trips ? cohereCallsAnswer([call]) : cohereTextAnswer('Done.')));
        messages = [...messages, cohereAssistant([call]), cohereToolResult(call.id)];
      }
      return out;
    }
    expect(findings(rounds(11))).toEqual([expect.stringMatching(/^\d+ cohere\/loop-too-deep$/)]);
    expect(findings(rounds(10))).toEqual([]);
  });
});

describe('Cohere tool calls the page is asked to run', () => {
  it('leave out a call that never reached tool-call-end (the AI SDK never emits it): its follow-up needs no result for it', () => {
    const unended = cohereCallsAnswer(calls).filter((e) => !((e as { type?: string; index?: number }).type === 'tool-call-end' && (e as { index?: number }).index === 1));
    const capture = requestCapture(cohereStream, [cohereExchange(asked, unended), followUp(cohereAssistant([calls[0]!]), cohereToolResult('weather_1'))]);
    expect(check(capture).flatMap((r) => r.findings.map((f) => f.rule))).toEqual(['cohere/tool-call-not-ended']);
  });
});
