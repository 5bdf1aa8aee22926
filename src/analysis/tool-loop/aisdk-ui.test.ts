// Each AI SDK UI tool-loop rule (client-side tools) on a chat that breaks it, and on its near-identical
// twin that does not.
import { describe, expect, it } from 'vitest';
import { check } from '../../api/check';
import { requestCapture, weather, type RequestExchange } from './test-support';
import { toolPart, uiAssistant, uiCallsAnswer, uiExchange, uiStream, uiTextAnswer, uiUser } from './aisdk-ui-support';

const calls = [weather('call_1', 'Paris'), weather('call_2', 'Rome')];
const asked = [uiUser('u1', 'Weather in Paris and Rome?')];
const first = uiExchange(asked, uiCallsAnswer('a1', calls));
/** The follow-up useChat sends once the tools ran: the assistant message, continued in place by the next stream. */
const followUp = (...parts: unknown[]) => uiExchange([...asked, uiAssistant('a1', ...parts)], uiTextAnswer('a1', '21° in both.'));
const cleanFollowUp = followUp(toolPart(calls[0]!), toolPart(calls[1]!));

function findings(exchanges: RequestExchange[]): string[] {
  return check(requestCapture(uiStream, exchanges)).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('AI SDK UI tool loop', () => {
  it('is silent on a loop the page completed (an output-error result counts)', () => {
    expect(findings([first, cleanFollowUp])).toEqual([]);
    expect(findings([first, followUp(toolPart(calls[0]!), toolPart(calls[1]!, 'output-error'))])).toEqual([]);
  });

  it('loop-stalled: client-side calls and no follow-up (warning at the finish chunk)', () => {
    // Frames: 1 request, 2 start, 3 start-step, 4-9 the two calls, 10 finish-step, 11 finish, 12 [DONE].
    expect(findings([first])).toEqual(['11 aisdk/loop-stalled']);
  });

  it('loop-stalled is silent when the server ran the tool in the same stream, or another chat has its own follow-up', () => {
    const served = uiCallsAnswer('a1', [calls[0]!]).flatMap((c) => (typeof c === 'object' && (c as { type?: string }).type === 'finish-step' ? [{ type: 'tool-output-available', toolCallId: 'call_1', output: { temp: 21 } }, c] : [c]));
    expect(findings([uiExchange(asked, served)])).toEqual([]);
    // The same messages in another chat do not continue this one.
    expect(findings([first, { ...cleanFollowUp, body: { ...(cleanFollowUp.body as object), id: 'chat_2' } }])).toEqual(['11 aisdk/loop-stalled']);
  });

  it('loop-tool-calls-changed: the tool part changed its input, or is gone', () => {
    // The follow-up is frame 13; the assistant message is messages[1], its parts after the step-start.
    expect(findings([first, followUp(toolPart(calls[0]!), toolPart(weather('call_2', 'Berlin')))])).toEqual(['13:messages[1].parts[2] aisdk/loop-tool-calls-changed']);
    expect(findings([first, followUp(toolPart(calls[0]!))])).toEqual(['13:messages[1] aisdk/loop-tool-calls-changed', '13:messages[1] aisdk/loop-missing-tool-result']);
  });

  it('loop-unknown-tool-call-id: a tool part with output for a call the chat never had', () => {
    expect(findings([first, followUp(toolPart(calls[0]!), toolPart(calls[1]!), toolPart(weather('call_9', 'Oslo')))])).toEqual(['13:messages[1].parts[3] aisdk/loop-unknown-tool-call-id']);
  });

  it('loop-missing-tool-result: a tool part still input-available, or twice with output', () => {
    expect(findings([first, followUp(toolPart(calls[0]!), toolPart(calls[1]!, 'input-available'))])).toEqual(['13:messages[1].parts[2] aisdk/loop-missing-tool-result']);
    expect(findings([first, followUp(toolPart(calls[0]!), toolPart(calls[1]!), toolPart(calls[1]!))])).toEqual(['13:messages[1].parts[3] aisdk/loop-missing-tool-result']);
  });

  it('a second round trip continues the same assistant message; its earlier tool part is not unknown', () => {
    const next = weather('call_3', 'Oslo');
    const second = uiExchange([...asked, uiAssistant('a1', toolPart(calls[0]!), toolPart(calls[1]!))], uiCallsAnswer('a1', [next]));
    const third = uiExchange([...asked, uiAssistant('a1', toolPart(calls[0]!), toolPart(calls[1]!), toolPart(next))], uiTextAnswer('a1', 'Done.'));
    expect(findings([first, second, third])).toEqual([]);
    expect(findings([first, second])).toEqual(['20 aisdk/loop-stalled']);
  });

  it('loop-too-deep: the 11th round trip in a row warns, the 10th does not', () => {
    function rounds(trips: number): RequestExchange[] {
      const out: RequestExchange[] = [];
      const parts: unknown[] = [];
      for (let n = 0; n <= trips; n++) {
        const call = weather(`call_${n}`, `City${n}`);
        const messages = n === 0 ? asked : [...asked, uiAssistant('a1', ...parts)];
        out.push(uiExchange(messages, n < trips ? uiCallsAnswer('a1', [call]) : uiTextAnswer('a1', 'Done.')));
        parts.push(toolPart(call));
      }
      return out;
    }
    expect(findings(rounds(11))).toEqual([expect.stringMatching(/^\d+ aisdk\/loop-too-deep$/)]);
    expect(findings(rounds(10))).toEqual([]);
  });
});
