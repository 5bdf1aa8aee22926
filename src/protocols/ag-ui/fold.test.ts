import { describe, expect, it } from 'vitest';
import type { ApprovalItem, GroupItem, QuestionItem, ToolItem, ViewItem } from '../../model/view';
import { errors, frame, framesOf, run, runEvents } from './test-support';
import { renderText } from '../../model/render-text';

const RS = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const RF = { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' };

const kinds = (items: readonly ViewItem[]) => items.map((i) => i.kind);

describe('AG-UI fold: text and reasoning', () => {
  it('builds one text item per message, branding only the first assistant text of a run', () => {
    const { view, findings } = runEvents([
      RS,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello, ' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'world' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm2' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'More.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm2' },
      RF,
    ]);
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'text', text: 'Hello, world', brand: true, final: true, frames: [1, 2, 3, 4] },
      { kind: 'text', text: 'More.', brand: false },
    ]);
    expect(view.streaming).toBe(false);
  });

  it('shows the same for events carrying rawEvent and timestamp (hand-checked) as for the schema path (with metadata)', () => {
    const stream = (extra: Record<string, unknown>) => [
      RS,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant', ...extra },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hel', ...extra },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'lo', ...extra },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1', ...extra },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup', ...extra },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":1}', ...extra },
      { type: 'TOOL_CALL_END', toolCallId: 'c1', ...extra },
      RF,
    ];
    const base = { rawEvent: { choices: [{ delta: {} }] }, timestamp: 1764400000000 };
    const plain = runEvents(stream(base));
    const viaSchema = runEvents(stream({ ...base, metadata: { source: 'test' } }));
    expect(plain.findings).toEqual([]);
    expect(viaSchema.findings).toEqual([]);
    expect(plain.view).toEqual(viaSchema.view);
    expect(plain.view.items).toMatchObject([{ kind: 'text', text: 'Hello' }, { kind: 'tool', name: 'lookup', input: { q: 1 } }]);
  });

  it('brands the first text of every run', () => {
    const text = (id: string) => [
      { type: 'TEXT_MESSAGE_START', messageId: id },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: id },
      { type: 'TEXT_MESSAGE_END', messageId: id },
    ];
    const { view } = runEvents([RS, ...text('a'), RF, { ...RS, runId: 'r2' }, ...text('b'), { ...RF, runId: 'r2' }]);
    expect(view.items.map((i) => i.kind === 'text' && i.brand)).toEqual([true, true]);
  });

  it('keeps interleaved messages apart', () => {
    const { view } = runEvents([
      RS,
      { type: 'TEXT_MESSAGE_START', messageId: 'a' },
      { type: 'TEXT_MESSAGE_START', messageId: 'b', role: 'system' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'A1' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'b', delta: 'B1' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'A2' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a' },
      { type: 'TEXT_MESSAGE_END', messageId: 'b' },
      RF,
    ]);
    expect(view.items.map((i) => (i.kind === 'text' ? i.text : ''))).toEqual(['A1A2', 'B1']);
  });

  it('shows REASONING_* and deprecated THINKING_TEXT_MESSAGE_* as reasoning items', () => {
    const { view } = runEvents([
      RS,
      { type: 'REASONING_START', messageId: 'r' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r', delta: 'Think' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r', delta: 'ing' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r' },
      { type: 'REASONING_END', messageId: 'r' },
      { type: 'THINKING_START', title: 'Plan' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'old style' },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_END' },
      RF,
    ]);
    expect(view.items).toMatchObject([
      { kind: 'reasoning', text: 'Thinking' },
      { kind: 'reasoning', text: 'old style' },
    ]);
  });

  it('expands chunk shorthands into the same items', () => {
    const { view, findings } = runEvents([
      RS,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', delta: 'Hel' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'lo' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', toolCallName: 'get_weather', delta: '{"city":' },
      { type: 'TOOL_CALL_CHUNK', delta: '"Oslo"}' },
      RF,
    ]);
    expect(errors(findings)).toEqual([]);
    expect(view.items).toMatchObject([
      // A chunk's synthetic START and CONTENT come from one frame, which the item lists once.
      { kind: 'text', text: 'Hello', final: true, frames: [1, 2, 3] },
      { kind: 'tool', name: 'get_weather', label: 'Get weather', inputText: '{"city":"Oslo"}', input: { city: 'Oslo' }, frames: [3, 4, 5] },
    ]);
  });
});

describe('AG-UI fold: tools, steps, todos', () => {
  it('parses streamed arguments at TOOL_CALL_END and attaches the result', () => {
    const { view } = runEvents([
      RS,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'web_search', parentMessageId: '' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"ag-ui"}' },
    ], false);
    const tool = view.items[0] as ToolItem;
    expect(tool).toMatchObject({ kind: 'tool', toolId: 'c1', label: 'Web search', inputText: '{"q":"ag-ui"}', status: 'pending' });
    expect(tool.input).toBeUndefined();

    const done = runEvents([
      RS,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'web_search' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":"ag-ui"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'tm1', toolCallId: 'c1', content: 'found it' },
      RF,
    ]).view.items[0] as ToolItem;
    expect(done).toMatchObject({ input: { q: 'ag-ui' }, status: 'success', result: 'found it', frames: [1, 2, 3, 4] });
  });

  it('nests items in step groups, open only while the run streams', () => {
    const events = [
      RS,
      { type: 'STEP_STARTED', stepName: 'plan' },
      { type: 'STEP_STARTED', stepName: 'search' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'STEP_FINISHED', stepName: 'search' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
    ];
    const live = runEvents(events, false).view;
    const plan = live.items[0] as GroupItem;
    expect(plan).toMatchObject({ kind: 'group', summary: 'plan', done: false, open: true });
    expect(kinds(plan.items)).toEqual(['group', 'text']);
    expect(plan.items[0]).toMatchObject({ summary: 'search', done: true, open: false, items: [{ kind: 'tool', input: {} }] });

    const finished = runEvents([...events, { type: 'STEP_FINISHED', stepName: 'plan' }, RF]).view;
    expect(finished.items[0]).toMatchObject({ done: true, open: false });
    const unfinished = runEvents(events, true).view;
    expect(unfinished.items[0]).toMatchObject({ done: false, open: false });
  });

  it('gathers a subagent run in its own group, its tools tagged with the call that started it', () => {
    const { view, findings } = runEvents([
      RS,
      { type: 'TOOL_CALL_START', toolCallId: 'task', toolCallName: 'delegate' },
      { type: 'TOOL_CALL_END', toolCallId: 'task' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'sub1', name: 'researcher', parentToolCallId: 'task' },
      { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'search', subagentRunId: 'sub1' },
      { type: 'TOOL_CALL_END', toolCallId: 'c2', subagentRunId: 'sub1' },
      { type: 'TEXT_MESSAGE_START', messageId: 'top' },
      { type: 'TEXT_MESSAGE_END', messageId: 'top' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub1' },
      RF,
    ]);
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'tool', toolId: 'task' },
      { kind: 'group', summary: 'researcher', done: true, items: [{ kind: 'tool', toolId: 'c2', parentToolId: 'task' }] },
      { kind: 'text' },
    ]);
  });

  describe('a nested sub-agent names a parent announced in this run (spec/1.1 nesting, as @ag-ui/client checks)', () => {
    const started = (id: string, parent?: string) => ({ type: 'SUBAGENT_STARTED', subagentRunId: id, name: id, ...(parent !== undefined && { parentSubagentRunId: parent }) });
    const finished = (id: string) => ({ type: 'SUBAGENT_FINISHED', subagentRunId: id });
    const rule = (events: object[]) => runEvents(events).findings.filter((f) => f.rule === 'agui/subagent-parent-not-announced');

    it('accepts a parent that is active, or announced and finished earlier in the run', () => {
      expect(runEvents([RS, started('lead'), started('child', 'lead'), finished('child'), finished('lead'), RF]).findings).toEqual([]);
      expect(runEvents([RS, started('lead'), finished('lead'), started('child', 'lead'), finished('child'), RF]).findings).toEqual([]);
    });

    it('rejects a parent never announced, one announced only in an earlier run, and the child itself', () => {
      expect(rule([RS, started('child', 'ghost'), finished('child'), RF]).map((f) => f.frames)).toEqual([[1]]);
      const secondRun = { ...RS, runId: 'r2' };
      expect(rule([RS, started('lead'), finished('lead'), RF, secondRun, started('child', 'lead'), finished('child'), { ...RF, runId: 'r2' }]).map((f) => f.frames)).toEqual([[5]]);
      expect(rule([RS, started('child', 'child'), finished('child'), RF])).toHaveLength(1);
    });

    it('still opens the child, so its own SUBAGENT_FINISHED is not blamed too', () => {
      const { findings } = runEvents([RS, started('child', 'ghost'), finished('child'), RF]);
      expect(findings.map((f) => f.rule)).toEqual(['agui/subagent-parent-not-announced']);
      expect(findings[0]?.severity).toBe('error');
    });
  });

  it('takes the todo list of a todo tool for the side panel', () => {
    const todos = [
      { content: 'Read the spec', status: 'completed' },
      { content: 'Write tests', activeForm: 'Writing tests', status: 'in_progress' },
    ];
    const { view } = runEvents([
      RS,
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'TodoWrite' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: JSON.stringify({ todos }) },
      { type: 'TOOL_CALL_END', toolCallId: 'c' },
      RF,
    ]);
    const expected = [
      { content: 'Read the spec', activeForm: 'Read the spec', status: 'completed' },
      { content: 'Write tests', activeForm: 'Writing tests', status: 'in_progress' },
    ];
    expect((view.items[0] as ToolItem).todos).toEqual(expected);
    expect(view.todos).toEqual(expected);
  });
});

describe('AG-UI fold: state, snapshots, activity, usage, errors', () => {
  it('applies STATE_SNAPSHOT then JSON Patch deltas, keeping the old state when a patch fails', () => {
    const { view } = runEvents([
      RS,
      { type: 'STATE_SNAPSHOT', snapshot: { count: 0, items: [] } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 1 }, { op: 'add', path: '/items/-', value: 'x' }] },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/count', value: 5 }, { op: 'remove', path: '/missing' }] },
      RF,
    ]);
    expect(view.state).toEqual({ count: 1, items: ['x'] });
  });

  it('merges MESSAGES_SNAPSHOT: replaces by id, removes what it lacks, appends the rest', () => {
    const { view } = runEvents([
      RS,
      { type: 'TEXT_MESSAGE_START', messageId: 'old' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'old', delta: 'dropped' },
      { type: 'TEXT_MESSAGE_END', messageId: 'old' },
      { type: 'TEXT_MESSAGE_START', messageId: 'keep' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'keep', delta: 'draft' },
      { type: 'TEXT_MESSAGE_END', messageId: 'keep' },
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          { id: 'u', role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image', source: { type: 'url', value: 'https://example.com/a.png' } }] },
          { id: 'keep', role: 'assistant', content: 'final', toolCalls: [{ id: 'c', type: 'function', function: { name: 'lookup', arguments: '{"k":1}' } }] },
          { id: 'tm', role: 'tool', toolCallId: 'c', content: 'v', error: 'timeout' },
        ],
      },
      RF,
    ]);
    expect(view.items).toMatchObject([
      { kind: 'text', text: 'final' },
      { kind: 'tool', toolId: 'c', input: { k: 1 }, status: 'error', result: 'v' },
      { kind: 'user', text: 'Look [image]' },
    ]);
  });

  it('shows activities as cards whose content follows ACTIVITY_DELTA patches', () => {
    const { view } = runEvents([
      RS,
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a', activityType: 'task.run', content: { title: 'Indexing', progress: 0 } },
      { type: 'ACTIVITY_DELTA', messageId: 'a', activityType: 'task.run', patch: [{ op: 'replace', path: '/progress', value: 1 }] },
      RF,
    ]);
    expect(view.items).toMatchObject([{ kind: 'tool', name: 'task.run', label: 'Indexing', input: { title: 'Indexing', progress: 1 } }]);
  });

  it('sums token usage and shows RUN_ERROR as an error item', () => {
    const { view } = runEvents([
      RS,
      { ...RF, usage: [{ inputTokens: 10, outputTokens: 2 }, { inputTokens: 1 }] },
      { ...RS, runId: 'r2' },
      { type: 'RUN_ERROR', message: 'quota', code: 'rate_limit', usage: [{ outputTokens: 3 }] },
    ]);
    expect(view.usage).toEqual({ inputTokens: 11, outputTokens: 5 });
    expect(view.items).toMatchObject([{ kind: 'error', message: 'quota (rate_limit)', frames: [3] }]);
  });

  it('never drops a frame it cannot read: raw items keep them', () => {
    const { view } = run([frame(0, JSON.stringify(RS)), frame(1, 'garbage'), frame(2, '{"type":"NOPE"}'), frame(3, JSON.stringify(RF))]);
    expect(view.items).toMatchObject([{ kind: 'raw', text: 'garbage', frames: [1] }, { kind: 'raw', text: '{"type":"NOPE"}', frames: [2] }]);
  });

  it('stops streaming on RUN_FINISHED and on a close frame, and starts again on RUN_STARTED', () => {
    expect(runEvents([RS], false).view.streaming).toBe(true);
    expect(runEvents([RS, RF], false).view.streaming).toBe(false);
    expect(runEvents([RS, RF, { ...RS, runId: 'r2' }], false).view.streaming).toBe(true);
    expect(run([frame(0, JSON.stringify(RS)), frame(1, '', { kind: 'close' })], false).view.streaming).toBe(false);
  });
});

describe('AG-UI fold: interrupts and the run request', () => {
  const approval = {
    ...RF,
    outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'tool_call', toolCallId: 'c1', message: 'Approve delete?' }] },
  };
  const toolCall = [
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'delete_file' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"filename":"a.txt"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  ];
  const request = (resume: unknown) =>
    frame(5, JSON.stringify({ threadId: 't1', runId: 'r2', messages: [{ id: 'u2', role: 'user', content: 'go on' }], tools: [], context: [], resume }), { direction: 'out' });

  it('turns a tool_call interrupt into an approval card for that call', () => {
    const { view } = runEvents([RS, ...toolCall, approval]);
    const card = view.items[1] as ApprovalItem;
    expect(card).toMatchObject({ kind: 'approval', key: 'i1', actions: [{ name: 'delete_file', args: { filename: 'a.txt' } }], allowed: { delete_file: ['approve', 'reject'] } });
    expect(card.outcome).toBeUndefined();
  });

  it('records the decision sent in the next request and shows its user message', () => {
    const frames = [...framesOf([RS, ...toolCall, approval]), request([{ interruptId: 'i1', status: 'resolved', payload: { approved: false } }])];
    const { view, findings } = run(frames);
    expect(findings).toEqual([]);
    expect(view.items[1]).toMatchObject({ kind: 'approval', outcome: { type: 'decided', decisions: ['reject'] } });
    expect(view.items[2]).toMatchObject({ kind: 'user', text: 'go on', frames: [5] });
  });

  it('turns other interrupts into questions, with choices from the response schema', () => {
    const ask = {
      ...RF,
      outcome: {
        type: 'interrupt',
        interrupts: [{ id: 'q1', reason: 'input_required', message: 'Which plan?', responseSchema: { type: 'object', properties: { plan: { enum: ['free', 'pro'] } } } }],
      },
    };
    const frames = [...framesOf([RS, ask]), frame(2, JSON.stringify({ threadId: 't1', runId: 'r2', messages: [], tools: [], resume: [{ interruptId: 'q1', status: 'resolved', payload: { response: 'pro' } }] }), { direction: 'out' })];
    const waiting = run(frames.slice(0, 2)).view.items[0] as QuestionItem;
    expect(waiting).toMatchObject({ kind: 'question', state: 'waiting', questions: [{ question: 'Which plan?', header: 'input_required', options: [{ label: 'free' }, { label: 'pro' }] }] });
    expect(run(frames).view.items[0]).toMatchObject({ state: 'answered', answers: { 'Which plan?': 'pro' } });
  });
});

describe('a second result for a call', () => {
  it('shows as another result for that call, in the view and in render', () => {
    const { view, findings } = runEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search_docs' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: '3 documents' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r2', toolCallId: 'c1', content: '3 documents (cached)' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    expect(findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['agui/tool-result-repeated', 'warning', [4]]]);
    expect(renderText(view).split('\n').filter((l) => l.includes('●'))).toEqual(['● done — Search docs (search_docs)', '● done — another result for Search docs']);
  });
});
