// The LangGraph fold on recordings of the official server and on the shapes other models stream.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Connection } from '../../model/frame';
import type { ApprovalItem, QuestionItem, TextItem, ToolItem } from '../../model/view';
import { sseFrames } from '../shared/sse-frames';
import { aiMessage, chunk, eventFrames, human, metadata, runLangGraph, values, type Ev } from './test-helpers';

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

  describe('as useStream keeps the state and the messages', () => {
    const INTERRUPT = { id: 'i1', value: 'Which city?' };
    const tools = (view: { items: readonly { kind: string }[] }) => view.items.filter((i): i is ToolItem => i.kind === 'tool');
    const tcc = (fields: object) => chunk('', { tool_call_chunks: [{ type: 'tool_call_chunk', ...fields }] });

    it('values {__interrupt__} after the full values keeps every key; a later values keeps the interrupt; the next run drops it', () => {
      const full: Ev = ['values', { messages: [human, aiMessage('It is sunny.')], step: 2 }];
      const run = eventFrames([metadata, full, ['values', { __interrupt__: [INTERRUPT] }]]);
      expect(runLangGraph(run).view.state).toEqual({ messages: [human, aiMessage('It is sunny.')], step: 2, __interrupt__: [INTERRUPT] });
      // A values without __interrupt__ replaces the rest and keeps the interrupt; another adds its new ids.
      const more = eventFrames([metadata, ['values', { __interrupt__: [INTERRUPT] }], ['values', { messages: [human], step: 3 }], ['values', { __interrupt__: [INTERRUPT, { id: 'i2', value: 'When?' }] }]]);
      expect(runLangGraph(more).view.state).toEqual({ messages: [human], step: 3, __interrupt__: [INTERRUPT, { id: 'i2', value: 'When?' }] });
      // The next run (its own connection): its first values drops the previous run's interrupt.
      const next = eventFrames([metadata, values(human)], 'c2', run.length);
      expect(runLangGraph([...run, ...next]).view.state).toEqual({ messages: [human] });
    });

    it('parallel tool calls streamed at index 0 with their own ids are two calls (core merges by id when both have one)', () => {
      const { view, findings } = runLangGraph(
        eventFrames([metadata, values(human), tcc({ index: 0, id: 'call_a', name: 'get_weather', args: '{"city":"Paris"}' }), tcc({ index: 0, id: 'call_b', name: 'get_weather', args: '{"city":"Rome"}' })]),
      );
      expect(findings).toEqual([]);
      expect(tools(view).map((t) => [t.toolId, t.input, t.inputText])).toEqual([
        ['call_a', { city: 'Paris' }, '{"city":"Paris"}'],
        ['call_b', { city: 'Rome' }, '{"city":"Rome"}'],
      ]);
    });

    it('a tool call streamed without an id is not drawn and is an error once its message settles; an id in a later chunk draws it', () => {
      const idless = [metadata, values(human), tcc({ index: 0, name: 'get_weather', args: '{"city":' }), tcc({ index: 0, args: '"Paris"}' })] as const;
      const live = runLangGraph(eventFrames(idless));
      expect(tools(live.view)).toEqual([]);
      expect(live.findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['langgraph/tool-call-without-id', 'error', [2]]]);
      // The whole copy holds it in invalid_tool_calls: the same call, reported once, as the error.
      const copy = aiMessage('', { invalid_tool_calls: [{ name: 'get_weather', args: '{"city":"Paris"}', id: null, error: 'Malformed args.' }] });
      const settled = runLangGraph(eventFrames([...idless, values(human, copy), ['end', null]]));
      expect(tools(settled.view)).toEqual([]);
      expect(settled.findings.map((f) => f.rule)).toEqual(['langgraph/tool-call-without-id']);
      // The id in a later chunk: core takes it, and so does the view; nothing to report.
      const late = runLangGraph(eventFrames([...idless, tcc({ index: 0, id: 'call_1' }), ['end', null]]));
      expect(late.findings).toEqual([]);
      expect(tools(late.view).map((t) => [t.toolId, t.name, t.input])).toEqual([['call_1', 'get_weather', { city: 'Paris' }]]);
    });

    it('events after the run\'s error event are not drawn: event-after-error; an end after it is normal', () => {
      const { view, findings } = runLangGraph(eventFrames([metadata, values(human), ['error', { error: 'ValueError', message: 'boom' }], values(human, aiMessage('It is sunny.')), ['end', null]]));
      expect(view.items.map((i) => i.kind)).toEqual(['user', 'error']);
      expect(view.state).toEqual({ messages: [human] });
      expect(view.streaming).toBe(false);
      expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
        ['langgraph/error-event', 'warning', 2],
        ['langgraph/event-after-error', 'error', 3],
      ]);
      expect(runLangGraph(eventFrames([metadata, ['error', { error: 'ValueError', message: 'boom' }], ['end', null]])).findings.map((f) => f.rule)).toEqual(['langgraph/error-event']);
    });

    it('a connection keeps its stream when another connection\'s frames come between: its error still holds', () => {
      const failed = eventFrames([metadata, ['error', { error: 'ValueError', message: 'boom' }]], 'c1');
      const other = eventFrames([metadata, values(human)], 'c2', failed.length);
      const late = eventFrames([values(human, aiMessage('It is sunny.'))], 'c1', failed.length + other.length);
      const { view, findings } = runLangGraph([...failed, ...other, ...late]);
      expect(view.items.map((i) => i.kind)).toEqual(['error', 'user']);
      expect(findings.map((f) => f.rule)).toEqual(['langgraph/error-event', 'langgraph/event-after-error']);
    });

    it('a join replaying the run from -1 starts each message it sends again over', () => {
      const first = eventFrames([metadata, values(human), chunk('It is '), chunk('sunny')], 'c1');
      const replay = eventFrames([metadata, values(human), chunk('It is '), chunk('sunny'), chunk('.')], 'c2', first.length);
      const url = 'http://127.0.0.1/threads/t/runs/r/stream';
      const connections: Connection[] = ['c1', 'c2'].map((id) => ({ id, transport: 'sse', url, method: 'GET', requestHeaders: { 'last-event-id': '-1' } }));
      const { view } = runLangGraph([...first, ...replay], connections);
      expect(view.items.filter((i): i is TextItem => i.kind === 'text').map((t) => t.text)).toEqual(['It is sunny.']);
    });

    it('a chunk after the whole copy shows the chunks joined, as useStream\'s chunk store does', () => {
      const { view } = runLangGraph(eventFrames([metadata, values(human), chunk('It is '), chunk('sunny'), values(human, aiMessage('It is sunny.')), chunk('.')]));
      expect(view.items.filter((i): i is TextItem => i.kind === 'text').map((t) => t.text)).toEqual(['It is sunny.']);
    });
  });
});
