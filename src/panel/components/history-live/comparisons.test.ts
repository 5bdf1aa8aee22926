// The panel folds a session again for history against live only when a history read arrives.
import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../model/frame';
import { SessionPipeline } from '../../../analysis/pipeline';
import { protocols } from '../../../protocols/registry';
import { groupEnd, groupStart, hText, hToolCalls, hToolMessage, hUser, historyFrame, historyResponse, messageStart, messageStop, stream, textBlock, toolResult, toolUse } from '../../../protocols/flat-block/test-support';
import type { PanelSession } from '../../store/session-set';
import { comparisonsOf, itemAt } from './comparisons';

const a = { id: 'tc-a', name: 'web_search' };
const b = { id: 'tc-b', name: 'analyze_price' };
const frames = stream([
  { out: { type: 'user_message', session_id: 's1', text: 'hỏi' } },
  messageStart({ session_id: 's1' }),
  groupStart(0),
  ...toolUse(1, a),
  ...toolResult(2, { tool_use_id: a.id }),
  ...toolUse(3, b),
  ...toolResult(4, { tool_use_id: b.id }),
  groupEnd(5, 'xong'),
  ...textBlock(6, 'Kết quả.', { isFinal: true }),
  messageStop(),
  // History that lost tool b, then a frame after it.
  historyFrame(historyResponse([hUser('hỏi'), hToolCalls([a], 'group_start', { summary: 'xong' }), hToolMessage(a.id, a.name, 'group_end', { summary: 'xong' }), hText('Kết quả.')], { agent_status: 'completed' })),
  { out: { type: 'user_message', session_id: 's1', text: 'tiếp' } },
]);
const connections = new Map<string, Connection>([
  ['ws', { id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws' }],
  ['history', { id: 'history', transport: 'http-json', url: 'http://127.0.0.1/history?session_id=s1' }],
]);

describe('comparisonsOf', () => {
  it('compares once a history read arrives, and keeps the result while later frames arrive', () => {
    const pipeline = new SessionPipeline(protocols, { protocol: 'flat-block' });
    const session = { id: 's1', connectionIds: ['ws', 'history'], pipeline } as unknown as PanelSession;
    for (const c of connections.values()) pipeline.addConnection(c);
    const historyAt = frames.length - 2;
    for (const f of frames.slice(0, historyAt)) pipeline.append(f);
    expect(comparisonsOf(session, connections)).toEqual([]);

    pipeline.append(frames[historyAt]!);
    const found = comparisonsOf(session, connections);
    expect(found.map((c) => [c.historyFrame, c.difference?.kind])).toEqual([[historyAt, 'missing']]);
    // The marked items: tool b live, and the history group where it is missing.
    const [c] = found;
    expect(itemAt(c!.live.items, c!.difference?.live)).toMatchObject({ kind: 'tool', toolId: b.id });
    expect(itemAt(c!.history.items, c!.difference?.history)).toMatchObject({ kind: 'tool', toolId: a.id });

    pipeline.append(frames[historyAt + 1]!);
    expect(comparisonsOf(session, connections)).toBe(found);
  });
});
