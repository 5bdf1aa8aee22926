import { describe, expect, it } from 'vitest';
import type { QuestionItem, TextItem } from '../../model/view';
import { artifact1, cleanTurns03, msg03, msg1, runExchanges, send03, status03, status1, T, task03, task1, text1 } from './testing';

const texts = (items: readonly { kind: string }[]) => items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text);
const question = (items: readonly { kind: string }[]) => items.find((i): i is QuestionItem => i.kind === 'question');

describe('a2a fold', () => {
  it('v0.3: the question input-required asks, answered by the next message; the artifact chunks joined', () => {
    const { view, findings } = runExchanges(cleanTurns03());
    expect(findings).toEqual([]);
    expect(question(view.items)).toMatchObject({ state: 'answered', key: T, questions: [{ question: 'Which city?', header: 'input-required' }], answers: { 'Which city?': 'Oslo' } });
    expect(texts(view.items)).toEqual(['forecast: Sunny, 21 °C']);
    expect(view.items.map((i) => i.kind)).toEqual(['user', 'question', 'user', 'text']);
    expect(view.streaming).toBe(false);
  });

  it('v1.0: the same conversation in the one-of wrapper, TASK_STATE_* and ROLE_* names', () => {
    const { view, findings } = runExchanges([
      { method: 'SendStreamingMessage', params: { message: { messageId: 'u1', role: 'ROLE_USER', parts: [text1('Weather?')] } }, events: [task1(), status1('TASK_STATE_WORKING'), status1('TASK_STATE_INPUT_REQUIRED', msg1('ROLE_AGENT', 'Which city?'))] },
      {
        method: 'SendStreamingMessage',
        params: { message: { messageId: 'u2', taskId: T, role: 'ROLE_USER', parts: [text1('Oslo')] } },
        events: [task1('TASK_STATE_INPUT_REQUIRED'), artifact1('Sunny'), artifact1(', 21 °C', { append: true, lastChunk: true }), status1('TASK_STATE_COMPLETED', msg1('ROLE_AGENT', 'Done.'))],
      },
    ]);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => i.kind)).toEqual(['user', 'question', 'user', 'text', 'text']);
    expect(texts(view.items)).toEqual(['forecast: Sunny, 21 °C', 'Done.']);
    expect(question(view.items)?.state).toBe('answered');
  });

  it('a chunk without append replaces the artifact, as the SDK accumulates it; file and data parts get lines of their own', () => {
    const file = { kind: 'artifact-update', taskId: T, contextId: 'ctx-1', artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'Chart:' }, { kind: 'file', file: { name: 'chart.png', mimeType: 'image/png', bytes: 'AAAA' } }, { kind: 'data', data: { temp: 21 } }] }, lastChunk: true };
    const { view } = runExchanges([{ method: 'message/stream', params: send03('Weather?'), events: [task03(), { ...file, artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'draft' }] } }, file, status03('completed', true)] }]);
    expect(texts(view.items)).toEqual(['Chart:\n[file chart.png (image/png) 4 characters of base64]\n{"temp":21}']);
  });

  it('appended chunks of mixed parts read as the same parts in one chunk: lines across chunk boundaries, one trailing newline dropped', () => {
    const parts = [
      { kind: 'text', text: 'Rain' },
      { kind: 'data', data: { mm: 3 } },
      { kind: 'text', text: 'then sun\n' },
      { kind: 'file', file: { uri: 'https://example.com/map.png' } },
      { kind: 'text', text: '' },
      { kind: 'text', text: 'end\n' },
    ];
    const chunk = (p: unknown[], append: boolean) => ({ kind: 'artifact-update', taskId: T, contextId: 'ctx-1', artifact: { artifactId: 'a1', parts: p }, append });
    const whole = runExchanges([{ method: 'message/stream', params: send03('Weather?'), events: [task03(), chunk(parts, false), status03('completed', true)] }]);
    const streamed = runExchanges([{ method: 'message/stream', params: send03('Weather?'), events: [task03(), ...parts.map((p, n) => chunk([p], n > 0)), status03('completed', true)] }]);
    expect(texts(whole.view.items)).toEqual(['Rain\n{"mm":3}\nthen sun\n[file https://example.com/map.png]\nend']);
    expect(texts(streamed.view.items)).toEqual(texts(whole.view.items));
  });

  it('an artifact streamed a token a chunk keeps growing past a thousand chunks', () => {
    const tokens = Array.from({ length: 1500 }, (_, n) => `t${n} `);
    const chunk = (text: string, n: number) => ({ kind: 'artifact-update', taskId: T, contextId: 'ctx-1', artifact: { artifactId: 'a1', parts: [{ kind: 'text', text }] }, append: n > 0, lastChunk: n === tokens.length - 1 });
    const { view, findings } = runExchanges([{ method: 'message/stream', params: send03('Story?'), events: [task03(), ...tokens.map(chunk), status03('completed', true)] }]);
    expect(texts(view.items)).toEqual([tokens.join('')]);
    expect(findings).toEqual([]);
  });

  it('an agent message shows once, however often snapshots repeat it; a failed task shows as an error', () => {
    const said = msg03('agent', 'Looking it up');
    const { view, findings } = runExchanges([
      { method: 'message/stream', params: send03('Weather?'), events: [task03(), status03('working', false, said), { ...task03('working'), history: [msg03('user', 'Weather?', 'u-Weather?'), said] }, status03('failed', true, msg03('agent', 'No data'))] },
    ]);
    expect(texts(view.items)).toEqual(['Looking it up']);
    expect(view.items.map((i) => i.kind)).toEqual(['user', 'text', 'error']);
    expect(findings.map((f) => f.rule)).toEqual(['a2a/task-failed']);
  });

  it('a tasks/get answer shows the task history a page reads after a reload', () => {
    const { view, findings } = runExchanges([{ method: 'tasks/get', params: { id: T }, events: [{ ...task03('completed'), history: [msg03('user', 'Weather?'), msg03('agent', 'Sunny')], artifacts: [{ artifactId: 'a1', name: 'forecast', parts: [{ kind: 'text', text: 'Sunny' }] }] }] }]);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => [i.kind, (i as TextItem).text])).toEqual([
      ['user', 'Weather?'],
      ['text', 'Sunny'],
      ['text', 'forecast: Sunny'],
    ]);
  });

  it('never throws on hostile input: each bad frame is shown raw and flagged', () => {
    const { view, findings } = runExchanges([{ method: 'message/stream', params: send03('x'), events: ['null', '[1]', { jsonrpc: '2.0', id: 1, result: { kind: 'task' } }, { jsonrpc: '2.0', id: 1, result: { task: {}, message: {} } }, task03(), status03('completed', true)] }]);
    expect(findings.map((f) => f.rule)).toEqual(['a2a/invalid-response', 'a2a/invalid-response', 'a2a/invalid-result', 'a2a/invalid-result']);
    expect(view.items.filter((i) => i.kind === 'raw')).toHaveLength(4);
  });
});

describe('a2a fold rebuilt', () => {
  it('answers the question when every connection is handed over before any frame, as a rebuilt fold gets them', () => {
    const { pipeline } = runExchanges(cleanTurns03());
    // viewAt rebuilds the fold from its connections and the frames up to the index.
    const view = pipeline.viewAt(pipeline.frameCount - 1);
    expect(question(view.items)).toMatchObject({ state: 'answered', answers: { 'Which city?': 'Oslo' } });
  });
});
