import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../readers/read-input';
import { run, runEvents } from '../../protocols/ag-ui/test-support';
import { subagentLanes, NO_SUBAGENTS } from './subagent-lanes';

const fixture = (name: string) => run(readInput(readFileSync(path.resolve(__dirname, '../../protocols/ag-ui/testdata', name), 'utf8')).capture.frames);

describe('sub-agent lanes', () => {
  it('gives each sub-agent of the demo fixture its frames: its lifecycle, messages and tool calls, not the run’s', () => {
    const { view } = fixture('valid-subagents.jsonl');
    const subs = subagentLanes(view);
    expect(subs.lanes.map((l) => [l.name, l.status, l.depth])).toEqual([
      ['researcher', 'finished', 0],
      ['writer', 'finished', 0],
    ]);
    // Frames (0-based lines of the file): researcher from SUBAGENT_STARTED (4) to SUBAGENT_FINISHED (12),
    // the writer 14–18; the research call that started it (1–3) and its result (13) are the run's.
    expect(subs.lanes[0]!.frames).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(subs.lanes[1]!.frames).toEqual([14, 15, 16, 17, 18]);
    expect([...subs.lanes[0]!.toolIds]).toEqual(['sub-call-1']);
    expect(subs.lanes[1]!.toolIds.size).toBe(0);
    expect(subs.of(9)?.name).toBe('researcher');
    for (const frame of [0, 1, 3, 13, 19, 26]) expect(subs.of(frame)).toBeUndefined();
  });

  it('marks a sub-agent that ended in SUBAGENT_ERROR as failed, its error frame on its lane', () => {
    const { view } = fixture('invalid-subagents.jsonl');
    const failed = subagentLanes(view).lanes.find((l) => l.name === 'fact-checker');
    expect(failed?.status).toBe('failed');
    expect(failed?.frames).toEqual([6, 7, 8, 9, 10]);
  });

  it('puts a nested sub-agent one step deeper, with its own frames', () => {
    const { view } = runEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'outer', name: 'planner' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'inner', name: 'searcher', parentSubagentRunId: 'outer' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant', subagentRunId: 'inner' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'hi' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1', subagentRunId: 'inner' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'inner' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'outer' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    const subs = subagentLanes(view);
    expect(subs.lanes.map((l) => [l.name, l.depth, l.frames])).toEqual([
      ['planner', 0, [1, 7]],
      ['searcher', 1, [2, 3, 4, 5, 6]],
    ]);
  });

  it('has none for a run without sub-agents, and none for another protocol', () => {
    expect(subagentLanes(fixture('valid-tool-call.sse').view)).toBe(NO_SUBAGENTS);
    expect(subagentLanes({ protocol: 'flat-block', items: [], todos: null, streaming: false })).toBe(NO_SUBAGENTS);
  });
});
