import { describe, expect, it } from 'vitest';
import { MAX_DATA_DEPTH } from './safe-text';
import { renderText } from './render-text';
import type { GroupItem, ViewItem, ViewModel } from './view';
import { runChunks } from '../protocols/aisdk-ui/testing';

const hostile = JSON.parse('{"toString":0,"valueOf":0}') as string;

function nestedGroups(levels: number): ViewItem {
  let item: ViewItem = { kind: 'text', id: 't', frames: [0], text: 'innermost', part: false, final: false, brand: false };
  for (let i = 0; i < levels; i++) {
    const group: GroupItem = { kind: 'group', id: `g${i}`, frames: [0], summary: 's', done: true, open: false, items: [item] };
    item = group;
  }
  return item;
}

describe('renderText on page data of the wrong shape', () => {
  it('prints a state nested 100,000 levels deep, bounded', () => {
    const view: ViewModel = { protocol: 'ag-ui', items: [], todos: null, streaming: false, state: JSON.parse('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)) };
    const text = renderText(view);
    expect(text.startsWith('State: {"a":{"a":')).toBe(true);
    expect(text).toContain('"…"');
    expect(text.length).toBeLessThan(1000);
  });

  it('names a tool call the stream never gave a name, rather than print an empty label', () => {
    const tool = (name: string, toolId: string): ViewItem => ({ kind: 'tool', id: toolId || 't', frames: [1], toolId, name, contentMessage: '', label: name, input: {}, status: 'pending' });
    const view: ViewModel = { protocol: 'x', items: [tool('', 'call_1'), tool('', ''), tool('search', 'call_2')], todos: null, streaming: false };
    expect(renderText(view)).toBe(['● running — (tool call without a name, id call_1)', '● running — (tool call without a name)', '● running — search (search)', ''].join('\n'));
  });

  it('bounds nested groups', () => {
    const text = renderText({ protocol: 'x', items: [nestedGroups(10_000)], todos: null, streaming: false });
    expect(text).toContain(`… nested deeper than ${MAX_DATA_DEPTH} levels`);
    expect(text).not.toContain('innermost');
  });

  it('prints fields that hold objects whose toString is not a function', () => {
    const view: ViewModel = {
      protocol: 'x',
      items: [
        { kind: 'user', id: 'u', frames: [0], text: hostile },
        { kind: 'tool', id: 't', frames: [1], toolId: hostile, name: hostile, contentMessage: '', label: hostile, input: {}, status: 'pending', parentToolId: hostile },
        { kind: 'approval', id: 'a', frames: [2], key: 'k', actions: [{ name: hostile, args: {} }], allowed: { x: [hostile] }, timeoutSeconds: 1, outcome: { type: 'decided', decisions: [hostile] } },
      ],
      todos: [{ content: hostile, activeForm: hostile, status: hostile }],
      streaming: false,
      usage: { output: hostile as unknown as number },
    };
    const text = renderText(view);
    expect(text).toContain('user: [object Object]');
    expect(text).toContain('approval [object Object] [[object Object]] — decided: [object Object]');
    expect(text).toContain('? [object Object] (status "[object Object]")');
  });
});

// A pending approval or question is never hidden: the running window keeps it (the user cannot act on
// what slid up), and a done step holding one shows it.
describe('renderText keeps what waits for the user in view', () => {
  const text = (id: string): ViewItem => ({ kind: 'text', id, frames: [0], text: id, part: true, final: false, brand: false });
  const approval = (decided: boolean): ViewItem => ({
    kind: 'approval',
    id: 'a1',
    frames: [0],
    key: 'a1',
    actions: [{ name: 'delete_file', args: { path: 'a.txt' } }],
    allowed: {},
    ...(decided ? { outcome: { type: 'decided' as const, decisions: ['approve'] } } : {}),
  });
  const question: ViewItem = { kind: 'question', id: 'q1', frames: [0], key: 'q1', questions: [{ question: 'Which file?', options: [{ label: 'a.txt' }], multiSelect: false }], state: 'waiting', resolved: false };
  const running = (items: ViewItem[]): ViewModel => ({ protocol: 'flat-block', items: [{ kind: 'group', id: 'g', frames: [0], summary: 's', done: false, open: true, items }], todos: null, streaming: true });

  it('a running group keeps a waiting approval that would have slid up', () => {
    const out = renderText(running([approval(false), text('one'), text('two'), text('three'), text('four')]));
    expect(out).toContain('approval delete_file [approve/reject] — waiting');
    expect(out).toContain('… 1 earlier item(s) slid up');
    expect(out).not.toContain('assistant [part]: one');
    expect(out).toContain('assistant [part]: four');
  });

  it('a running group keeps a waiting question, and lets a decided approval slide up', () => {
    const out = renderText(running([approval(true), question, text('one'), text('two'), text('three')]));
    expect(out).toContain('question (waiting)');
    expect(out).not.toContain('approval delete_file');
    expect(out).toContain('… 1 earlier item(s) slid up');
  });

  it('an AI SDK approval request pending at the end of a step shows the call awaiting approval', () => {
    const { view } = runChunks([
      { type: 'start', messageId: 'm1' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'delete_file', input: { path: 'a.txt' } },
      { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
      { type: 'finish-step' },
      { type: 'finish' },
      '[DONE]',
    ]);
    const lines = renderText(view).split('\n');
    const step = lines.findIndex((l) => l.startsWith('group "Step 1"'));
    expect(step).toBeGreaterThanOrEqual(0);
    expect(lines.slice(step + 1)).toEqual(expect.arrayContaining(['  ● running — Delete file (delete_file)', '  approval delete_file [approve/deny] — waiting', '    delete_file: {"path":"a.txt"}']));
  });
});
