// The LangGraph fold on recordings of the official server and on the shapes other models stream.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApprovalItem, QuestionItem, ToolItem } from '../../model/view';
import { sseFrames } from '../shared/sse-frames';
import { aiMessage, chunk, eventFrames, human, metadata, runLangGraph, values } from './test-helpers';

const fixture = (name: string) => sseFrames(readFileSync(`src/protocols/langgraph/testdata/${name}`, 'utf8'));
const kinds = (items: readonly { kind: string }[]) => items.map((i) => i.kind);

describe('langgraph fold', () => {
  it('a run that stops at an approval: the user turn, the streamed text, the pending call, the approval', () => {
    const { view, findings } = runLangGraph(fixture('valid-interrupt.sse'));
    expect(findings).toEqual([]);
    expect(kinds(view.items)).toEqual(['user', 'text', 'tool', 'approval']);
    expect(view.items[1]).toMatchObject({ text: 'Let me check the weather.', brand: true, final: true });
    expect(view.items[2]).toMatchObject({ name: 'get_weather', toolId: 'call_weather_1', input: { city: 'Paris' }, status: 'pending' });
    const approval = view.items[3] as ApprovalItem;
    expect(approval.actions).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    expect(approval.allowed).toEqual({ get_weather: ['approve', 'reject'] });
    expect(view.state).toHaveProperty('__interrupt__');
  });

  it('the resumed run: the tool result and the streamed answer', () => {
    const { view, findings } = runLangGraph(fixture('valid-resume-answer.sse'));
    expect(findings).toEqual([]);
    const tool = view.items.find((i): i is ToolItem => i.kind === 'tool');
    expect(tool).toMatchObject({ status: 'success', result: 'Sunny, 21 °C in Paris' });
    expect(view.items.at(-1)).toMatchObject({ kind: 'text', text: 'It is sunny and 21 °C in Paris.' });
  });

  it('messages/partial, tasks and checkpoints: the answer from the partials, the result without its call shown alone', () => {
    const { view, findings } = runLangGraph(fixture('valid-partial-tasks-checkpoints.sse'));
    expect(findings).toEqual([]);
    expect(view.items.find((i) => i.kind === 'text')).toMatchObject({ text: 'It is sunny and 21 °C in Paris.' });
    expect(view.items.find((i): i is ToolItem => i.kind === 'tool')).toMatchObject({ orphanResult: true, result: 'Sunny, 21 °C in Paris' });
  });

  it('streamed tool-call chunks join their arguments by index; reasoning blocks are reasoning', () => {
    const { view } = runLangGraph(
      eventFrames([
        metadata,
        values(human),
        chunk('', { content: [{ type: 'thinking', thinking: 'The user wants ' }] }),
        chunk('', { content: [{ type: 'thinking', thinking: 'the weather.' }] }),
        chunk('', { tool_call_chunks: [{ index: 0, id: 'call_1', name: 'get_weather', args: '{"city": ' }] }),
        chunk('', { tool_call_chunks: [{ index: 0, args: '"Paris"}' }] }),
      ]),
    );
    expect(kinds(view.items)).toEqual(['user', 'reasoning', 'tool']);
    expect(view.items[1]).toMatchObject({ text: 'The user wants the weather.' });
    expect(view.items[2]).toMatchObject({ toolId: 'call_1', name: 'get_weather', input: { city: 'Paris' }, inputText: '{"city": "Paris"}' });
  });

  it('a question interrupt, answered by the next run\'s command.resume', () => {
    const frames = eventFrames([metadata, values(human), ['values', { __interrupt__: [{ id: 'i1', value: 'Which city?' }] }]]);
    const resume = eventFrames([metadata], 'c2', frames.length);
    const connections = [
      { id: 'c1', transport: 'sse' as const, method: 'POST', requestBody: JSON.stringify({ input: { messages: [human] } }) },
      { id: 'c2', transport: 'sse' as const, method: 'POST', requestBody: JSON.stringify({ command: { resume: 'Paris' } }) },
    ];
    const asked = runLangGraph(frames, connections.slice(0, 1)).view.items.find((i): i is QuestionItem => i.kind === 'question');
    expect(asked).toMatchObject({ key: 'i1', state: 'waiting', questions: [{ question: 'Which city?', options: [] }] });
    const answered = runLangGraph([...frames, ...resume], connections).view.items.find((i): i is QuestionItem => i.kind === 'question');
    expect(answered).toMatchObject({ state: 'answered', answers: { 'Which city?': 'Paris' } });
  });

  it('subgraph events (`values|ns`) are checked but not drawn; the root graph\'s messages are', () => {
    const { view, findings } = runLangGraph(eventFrames([metadata, ['values|tools:abc', { messages: [aiMessage('inner', { id: 'x' })] }], values(human, aiMessage('outer'))]));
    expect(findings).toEqual([]);
    expect(view.items.map((i) => ('text' in i ? i.text : i.kind))).toEqual(['Weather in Paris?', 'outer']);
  });

  it('an error event is a failed turn; end stops the streaming', () => {
    const { view } = runLangGraph(eventFrames([metadata, ['error', { error: 'ValueError', message: 'boom' }], ['end', { run_id: 'r', status: 'error' }]]));
    expect(view.items).toMatchObject([{ kind: 'error', message: 'ValueError: boom' }]);
    expect(view.streaming).toBe(false);
  });
});
