import { describe, expect, it } from 'vitest';
import { inspect } from '../../api/inspect';
import { acrossSessionFindings } from '../../analysis/across-sessions';
import { callsAnswer, loopCapture, user, weather } from '../../analysis/tool-loop/test-support';
import { chunk } from '../../protocols/openai-chat/test-helpers';
import { loopPipeline } from './loop-frames';

describe('the frames the checks across requests read', () => {
  it('leaves out the text deltas past the head of a long answer, and the checks find the same', () => {
    const capture = loopCapture([{ messages: [user('hi')], answer: [...Array.from({ length: 2000 }, (_, i) => chunk({ content: `w${i} ` })), ...callsAnswer([weather('call_9', 'Hue')])] }]);
    const { sessions } = inspect(capture);
    const whole = [...acrossSessionFindings(sessions).values()].flat();
    expect(whole.map((f) => [f.rule, f.frames])).toEqual([['openai-chat/loop-stalled', [2004]]]);
    const owner = {};
    const light = sessions.map((s) => ({ ...s, pipeline: loopPipeline(owner, s.pipeline) }));
    // The head (the body and 255 chunks), the two tool-call chunks and the finish_reason chunk.
    expect(light[0]!.pipeline.frames.length).toBe(256 + 3);
    expect(light[0]!.pipeline.protocol).toBe('openai-chat');
    expect([...acrossSessionFindings(light).values()].flat()).toEqual(whole);
  });

  it('reads only the frames that arrived since the last call', () => {
    const capture = loopCapture([{ messages: [user('hi')], answer: callsAnswer([weather('call_1', 'Hue')]) }]);
    const { sessions } = inspect(capture);
    const owner = {};
    const pipeline = sessions[0]!.pipeline;
    const first = loopPipeline(owner, pipeline);
    const frames = [...first.frames];
    expect(loopPipeline(owner, pipeline)).toBe(first);
    expect(first.frames).toEqual(frames);
  });
});
