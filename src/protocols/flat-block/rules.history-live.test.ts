// History against live for flat-block: a turn streamed live, then (after a reload, preserve log on) the
// History API response of the same session. Through the single entry point of the checks across
// requests, as `check` and the panel call it.
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../../model/frame';
import { splitSessions } from '../../analysis/sessions';
import { acrossSessionFindings } from '../../analysis/across-sessions';
import { historyLiveComparisons } from '../../analysis/history-live';
import { protocols } from '../registry';
import { location } from '../../api/check';
import {
  groupEnd,
  groupStart,
  hText,
  hToolCalls,
  hToolMessage,
  hUser,
  historyFrame,
  historyResponse,
  messageStart,
  messageStop,
  stream,
  textBlock,
  toolResult,
  toolUse,
  type Entry,
  type Json,
} from './test-support';

const SESSION = 'sess-1';
const RULE = 'flat/history-differs-from-live';
const ASK = 'Rà soát thị trường';
const news = { id: 'tc-news', name: 'web_search', tool_content_message: 'Tìm tin tức' };
const flow = { id: 'tc-flow', name: 'get_foreign_flow', tool_content_message: 'Khối ngoại' };
const price = { id: 'tc-price', name: 'analyze_price', tool_content_message: 'Phân tích giá' };
const SUMMARY = 'Rà soát xong';
const ANSWER = 'VNINDEX tăng 2.69%.';

/** The live turn: user message, a group of three tools with results, the final answer. */
function liveTurn(upTo = Number.POSITIVE_INFINITY): Entry[] {
  const events: Json[] = [
    messageStart({ session_id: SESSION }),
    groupStart(0),
    ...toolUse(1, news),
    ...toolResult(2, { tool_use_id: news.id, content: '12 bài' }),
    ...toolUse(3, flow),
    ...toolResult(4, { tool_use_id: flow.id, content: '420 tỷ' }),
    ...toolUse(5, price),
    ...toolResult(6, { tool_use_id: price.id, content: '+2.69%' }),
    groupEnd(7, SUMMARY),
    ...textBlock(8, ANSWER, { isFinal: true }),
    messageStop(),
  ];
  return [{ out: { type: 'user_message', session_id: SESSION, text: ASK } }, ...events.slice(0, upTo)];
}

function historyMessages(calls: Json[], summary = SUMMARY, answer = ANSWER): Json[] {
  const group = calls.flatMap((call, i) => [
    hToolCalls([call], i === 0 ? 'group_start' : 'group_item', i === 0 ? { summary } : {}),
    hToolMessage(call.id as string, call.name as string, i === calls.length - 1 ? 'group_end' : 'group_item', i === calls.length - 1 ? { summary } : {}),
  ]);
  return [hUser(ASK), ...group, hText(answer)];
}

function capture(entries: Entry[]): Capture {
  const frames: Frame[] = stream(entries);
  return {
    connections: [
      { id: 'ws', transport: 'websocket', url: `ws://127.0.0.1/ws?session_id=${SESSION}` },
      { id: 'history', transport: 'http-json', url: `http://127.0.0.1/history?session_id=${SESSION}` },
    ],
    frames,
  };
}

function check(entries: Entry[], keepFrames = true) {
  const sessions = splitSessions(capture(entries), protocols, { keepFrames });
  const across = acrossSessionFindings(sessions);
  const findings = sessions.flatMap((s) => across.get(s) ?? []);
  return { sessions, findings };
}

describe('flat/history-differs-from-live', () => {
  it('reports a history that drops a tool from the group, at the history frame and the message after it', () => {
    const entries = [...liveTurn(), historyFrame(historyResponse(historyMessages([news, price]), { agent_status: 'completed' }))];
    const { findings, sessions } = check(entries);
    expect(sessions).toHaveLength(1);
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([[RULE, 'error']]);
    const historyIndex = stream(entries).length - 1;
    expect(findings[0]?.frames).toEqual([historyIndex]);
    // The first difference: history lacks get_foreign_flow; it points at analyze_price (messages[3]), standing in its place.
    expect(location(findings[0]!)).toBe(`${historyIndex + 1}:messages[3]`);
    expect(findings[0]?.message).toMatch(/^history lacks the tool "get_foreign_flow" \(tc-flow\) from group "Rà soát xong".*before its tool "analyze_price"/);
  });

  it('reports the same from a session that kept no frames (the command line reading in one pass)', () => {
    const entries = [...liveTurn(), historyFrame(historyResponse(historyMessages([news, price]), { agent_status: 'completed' }))];
    const kept = check(entries).findings;
    const { findings, sessions } = check(entries, false);
    expect(() => sessions[0]!.pipeline.frames).toThrow();
    expect(findings).toEqual(kept);
    expect(check([...liveTurn(), historyFrame(historyResponse(historyMessages([news, flow, price]), { agent_status: 'completed' }))], false).findings).toEqual([]);
  });

  it('is silent when history holds the same turn', () => {
    const { findings, sessions } = check([...liveTurn(), historyFrame(historyResponse(historyMessages([news, flow, price]), { agent_status: 'completed' }))]);
    expect(findings).toEqual([]);
    // The comparison was made, not skipped.
    expect(historyLiveComparisons(sessions[0]!).map((c) => c.difference)).toEqual([undefined]);
  });

  it('reports a different group summary and a different answer text', () => {
    const summary = check([...liveTurn(), historyFrame(historyResponse(historyMessages([news, flow, price], 'Đã xong'), { agent_status: 'completed' }))]).findings;
    expect(summary.map((f) => f.message)).toEqual([expect.stringContaining('different summary')]);
    const text = check([...liveTurn(), historyFrame(historyResponse(historyMessages([news, flow, price], SUMMARY, 'VNINDEX giảm.'), { agent_status: 'completed' }))]).findings;
    expect(text.map((f) => [f.rule, f.path])).toEqual([[RULE, 'messages[7]']]);
  });

  it('reports an extra tool in history once both sides finished the turn', () => {
    const extra = { id: 'tc-sector', name: 'analyze_sector' };
    const { findings } = check([...liveTurn(), historyFrame(historyResponse(historyMessages([news, flow, price, extra]), { agent_status: 'completed' }))]);
    expect(findings.map((f) => f.message)).toEqual([expect.stringContaining('history has a tool "analyze_sector"')]);
  });

  it('takes a history read while the turn still runs as a prefix, not a difference', () => {
    // Live reached the third tool's result; history (running) holds complete blocks up to the second.
    const running = historyResponse(historyMessages([news, flow]).slice(0, -1), { agent_status: 'running', last_event_id: '9' });
    (running.messages as Json[])[4] = { ...(running.messages as Json[])[4], display_type: 'group_item' };
    expect(check([...liveTurn(9), historyFrame(running)]).findings).toEqual([]);
  });

  it('still reports a tool dropped from the middle of a running turn', () => {
    const running = historyResponse([hUser(ASK), hToolCalls([news], 'group_start', { summary: 'x' }), hToolMessage(news.id, news.name, 'group_item'), hToolCalls([price], 'group_item')], { agent_status: 'running', last_event_id: '12' });
    const { findings } = check([...liveTurn(13), historyFrame(running)]);
    expect(findings.map((f) => f.path)).toEqual(['messages[3]']);
  });

  it('compares nothing when the capture holds no live stream before the history', () => {
    const { findings, sessions } = check([historyFrame(historyResponse(historyMessages([news]), { agent_status: 'completed' }))]);
    expect(findings).toEqual([]);
    expect(historyLiveComparisons(sessions[0]!)).toEqual([]);
  });
});
