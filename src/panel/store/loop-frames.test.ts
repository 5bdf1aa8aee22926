import { describe, expect, it } from 'vitest';
import { inspect } from '../../api/inspect';
import { acrossSessionFindings } from '../../analysis/across-sessions';
import { callsAnswer, loopCapture, user, weather } from '../../analysis/tool-loop/test-support';
import { chunk } from '../../protocols/openai-chat/test-helpers';
import { loopPipeline } from './loop-frames';
import { conversations } from '../../analysis/conversations';
import { conversationTurns } from '../../analysis/conversation-turns';
import { anthropicExchange, anthropicStream, anthropicUser, toolUseAnswer } from '../../analysis/tool-loop/anthropic-support';
import { requestCapture } from '../../analysis/tool-loop/test-support';

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

  it('keeps the close of a long answer cut off mid-stream: the conversation’s turns still say where it was cut', () => {
    const capture = loopCapture([{ messages: [user('hi')], answer: Array.from({ length: 2000 }, (_, i) => chunk({ content: `w${i} ` })) }]);
    capture.frames.push({ index: capture.frames.length, connectionId: 'req-1', time: capture.frames.length, direction: 'in', kind: 'close', data: '' });
    const { sessions } = inspect(capture);
    const light = sessions.map((s) => ({ ...s, pipeline: loopPipeline({}, s.pipeline) }));
    // The head (the body and 255 chunks) and the close.
    expect(light[0]!.pipeline.frames.length).toBe(256 + 1);
    const turns = (list: typeof sessions) => conversationTurns(conversations(list)[0]!).map((t) => [t.kind, t.frame]);
    expect(turns(sessions)).toEqual([
      ['user', 0],
      ['answer', 0],
      ['cut-off', 2001],
    ]);
    expect(turns(light)).toEqual(turns(sessions));
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

  it('leaves out an Anthropic answer\'s text deltas past the head: the same stall, the same turns', () => {
    const [start, text, ...rest] = toolUseAnswer([weather('toolu_1', 'Hue')], 'w0 ');
    const deltas = Array.from({ length: 1999 }, (_, i) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: `w${i + 1} ` } }));
    // message_start, the text block's start and first delta, 1999 more deltas, then the rest of the stream.
    const answer = [start!, text!, rest[0]!, ...deltas, ...rest.slice(1)];
    const { sessions } = inspect(requestCapture(anthropicStream, [anthropicExchange([anthropicUser('hi')], answer)]));
    const whole = [...acrossSessionFindings(sessions).values()].flat();
    expect(whole.map((f) => f.rule)).toEqual(['anthropic/loop-stalled']);
    const light = sessions.map((s) => ({ ...s, pipeline: loopPipeline({}, s.pipeline) }));
    // The head (the body and 255 events); past it, the text block's stop, the tool_use block (4 events), message_delta, message_stop.
    expect(light[0]!.pipeline.frames.length).toBe(256 + 7);
    expect([...acrossSessionFindings(light).values()].flat()).toEqual(whole);
    const turns = (list: typeof sessions) => conversationTurns(conversations(list)[0]!).map((t) => [t.kind, t.frame, t.lines[0]?.slice(0, 12)]);
    expect(turns(light)).toEqual(turns(sessions));
    expect(turns(light).map(([kind]) => kind)).toEqual(['user', 'answer', 'tool-calls', 'waiting']);
  });
});

describe('AG-UI sessions for the checks across requests', () => {
  const events = (snapshot: boolean) => [
    { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    ...Array.from({ length: 2000 }, (_, i) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: `w${i} ` })),
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
    ...(snapshot ? [{ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'assistant', content: 'w0 w1' }] }] : []),
  ];
  const capture = (snapshot: boolean) => ({
    connections: [{ id: 'c1', transport: 'sse' as const, url: 'http://127.0.0.1/agent' }],
    frames: events(snapshot).map((e, index) => ({ index, connectionId: 'c1', time: 1000 + index, direction: 'in' as const, kind: 'message' as const, data: JSON.stringify(e) })),
  });

  it('leaves out the text deltas past the head while no history read came, and the checks find the same', () => {
    const { sessions } = inspect(capture(false));
    const light = sessions.map((s) => ({ ...s, pipeline: loopPipeline({}, s.pipeline) }));
    expect(light[0]!.pipeline.protocol).toBe('ag-ui');
    // The head (256 events), the message's end and the run's end.
    expect(light[0]!.pipeline.frames.length).toBe(256 + 2);
    expect([...acrossSessionFindings(light).values()].flat()).toEqual([...acrossSessionFindings(sessions).values()].flat());
  });

  it('hands the session over whole once a history read came: history against live compares the text', () => {
    const { sessions } = inspect(capture(true));
    const owner = {};
    expect(loopPipeline(owner, sessions[0]!.pipeline)).toBe(sessions[0]!.pipeline);
    expect(loopPipeline(owner, sessions[0]!.pipeline)).toBe(sessions[0]!.pipeline);
  });
});
