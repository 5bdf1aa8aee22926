// @vitest-environment node
// The demo agent site's scenarios end to end: each over a real WebSocket and over SSE read with fetch,
// replies sent the way the page sends them. The independent rule probe checks that the clean variants
// break none and each buggy variant breaks exactly the rules its module declares.
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { approvalWatcher, expected, ids, playable, playSse, playWs, range, replyFor, server, strip, useDemoServer, type Ev } from '../support/demo-runs';
import { probeRules } from '../support/demo-rule-probe';

useDemoServer();

/** Buggy variants whose stream breaks the rules (not their replay or their History API). */
const streamBuggy = playable.filter((s) => !s.buggyHistory);

describe('demo scenarios over WebSocket and SSE', () => {
  it.each(playable.map((s) => [s.meta.id, s] as const))('%s: the clean run arrives complete, in order, breaking no rule', async (id, s) => {
    for (const play of [playWs, playSse]) {
      const session = randomUUID();
      const events = await play(id, false, 'approve', session);
      expect(ids(events)).toEqual(range(1, events.length));
      expect(strip(events)).toEqual(expected(s.events, session, 'approve'));
      expect(probeRules(events)).toEqual([]);
    }
  });

  it.each(streamBuggy.map((s) => [s.meta.id, s] as const))('%s: the buggy run breaks exactly its declared rules', async (id, s) => {
    const session = randomUUID();
    const events = await playWs(id, true, 'approve', session);
    expect(strip(events)).toEqual(expected(s.buggyEvents, session, 'approve'));
    expect(probeRules(events)).toEqual([...s.brokenRules].sort());
  });

  it('approval: a rejection ends the tool with an error and still closes the group', async () => {
    const events = await playSse('approval', false, 'reject');
    const result = events.find((e) => e.content_block?.type === 'tool_result' && e.content_block.tool_use_id === 'toolu_a_portfolio');
    expect(result?.content_block.status).toBe('error');
    expect(events.find((e) => e.content_block?.type === 'approval_result')?.content_block.decisions).toEqual([{ type: 'reject' }]);
    expect(probeRules(events)).toEqual([]);
  });

  it('question: decisions are refused, answers continue the run in a new group', async () => {
    const session = randomUUID();
    const events: Ev[] = [];
    const res = await fetch(`${server.url}sse?session=${session}&scenario=question`);
    const answered = new Promise<void>((resolve) => {
      const watch = approvalWatcher(async (request) => {
        const post = (frame: Ev) => fetch(`${server.url}approval`, { method: 'POST', body: JSON.stringify(frame) });
        const wrong = await post({ type: 'approval', session_id: session, approval_key: request.key, decisions: [{ type: 'approve' }] });
        expect(wrong.status).toBe(409);
        expect((await post(replyFor(request, session, 'answer'))).status).toBe(200);
        resolve();
      });
      const parser = createParser({ onEvent: (m) => (events.push(JSON.parse(m.data)), watch(events.at(-1)!)) });
      void (async () => {
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) parser.feed(Buffer.from(chunk).toString('utf8'));
      })();
    });
    await answered;
    await expect.poll(() => events.at(-1)?.type).toBe('message_stop');
    const request = events.findIndex((e) => e.content_block?.type === 'approval_request');
    expect(events.slice(request + 3).map((e) => e.type).slice(0, 1)).toEqual(['group_start']);
    const history = await (await fetch(`${server.url}history?session_id=${session}`)).json();
    const resolved = history.messages.find((m: Ev) => m.content?.[0]?.type === 'approval_request');
    expect(resolved.content[0].submittedAnswers).toEqual({
      'Thảo muốn tập trung vào mục tiêu nào?': 'Cổ tức bền vững (Recommended)',
      'Nhóm ngành quan tâm?': 'Ngân hàng, Thép (Steel)',
    });
    expect(resolved.display_type).toBe('content');
  });
});
