// Tool calls (call → result) and approvals or questions (asked → answered) of a session as time spans
// for the waterfall, from the session's timing figures; frame times come from the tracker that made them.
// A client tool's result is not in the stream that asked for it but in the page's next request: such a
// call ends where that follow-up request starts (from the conversations joined across requests). A call
// with no result anywhere is open: "waiting" while the session may still get one, "unanswered" once it
// has finished, so a finished session never shows a call as still running; one whose stream was cut
// off ends at the cut ("cut-off").
import type { SessionMetrics } from '../../analysis/metrics-types';
import type { WaterfallSpan } from '../components/waterfall/layout';

/** Where a call the stream asked the page to run was answered: the follow-up request's first frame. */
export interface FollowUpAnswer {
  frame: number;
  time: number;
}

export interface SpanContext {
  /** Epoch ms of a frame of this session. */
  timeOf(index: number): number | undefined;
  /** Tool call id → the follow-up request that carries its result (conversations across requests). */
  answers?: ReadonlyMap<string, FollowUpAnswer>;
  /** The session is over (its connections closed, or the capture is no longer recorded): open calls stay unanswered. */
  finished: boolean;
}

export function waterfallSpans(metrics: SessionMetrics, context: SpanContext): WaterfallSpan[] {
  const { timeOf, answers, finished } = context;
  const open = finished ? 'unanswered' : 'waiting';
  const out: WaterfallSpan[] = [];
  for (const t of metrics.tools) {
    const start = timeOf(t.callFrame);
    if (start === undefined) continue;
    const label = t.name || 'tool';
    const end = t.resultFrame === undefined ? undefined : timeOf(t.resultFrame);
    if (end !== undefined) {
      out.push({ kind: 'tool', label, startFrame: t.callFrame, start, endFrame: t.resultFrame, end, outcome: 'result' });
      continue;
    }
    const answer = answers?.get(t.id);
    const cut = t.cutOffFrame === undefined ? undefined : timeOf(t.cutOffFrame);
    if (answer && answer.time >= start) out.push({ kind: 'tool', label, startFrame: t.callFrame, start, endFrame: answer.frame, end: answer.time, outcome: 'follow-up' });
    // Its stream was cut off: it ends there, with no result to come.
    else if (cut !== undefined && cut >= start) out.push({ kind: 'tool', label, startFrame: t.callFrame, start, endFrame: t.cutOffFrame, end: cut, outcome: 'cut-off' });
    else out.push({ kind: 'tool', label, startFrame: t.callFrame, start, outcome: open });
  }
  for (const w of metrics.waits) {
    const start = timeOf(w.askFrame);
    if (start === undefined) continue;
    const end = w.replyFrame === undefined ? undefined : timeOf(w.replyFrame);
    const label = w.kind === 'approval' ? 'approval' : 'question';
    if (end !== undefined) out.push({ kind: w.kind, label, startFrame: w.askFrame, start, endFrame: w.replyFrame, end, outcome: 'result' });
    else out.push({ kind: w.kind, label, startFrame: w.askFrame, start, outcome: open });
  }
  return out;
}

/** What `answersFrom` reads of a conversation request (analysis/conversations). */
export interface AnsweredRequest<S> {
  session: S;
  firstFrame: number;
  continues?: number;
  /** A long decode's next request: its stream goes on with the answer of the request at this position. */
  hopOf?: number;
  answer: { toolCalls: ReadonlyArray<{ id: string }> };
}

/**
 * The tool calls of `session`'s requests that the page answered in a follow-up request: the request
 * continuing one of them (the next request of the conversation that repeats its messages) and carrying
 * a result for the call (`carried`: the call ids its new messages answer), so the call ends where that
 * request starts. A call the follow-up carries no result for is not answered.
 */
export function answersFrom<S, R extends AnsweredRequest<S>>(
  conversations: ReadonlyArray<{ requests: readonly R[] }>,
  mine: (session: S) => boolean,
  timeOfFrame: (index: number) => number | undefined,
  carried: (request: R) => ReadonlySet<string>,
): Map<string, FollowUpAnswer> {
  const out = new Map<string, FollowUpAnswer>();
  for (const c of conversations) {
    c.requests.forEach((r, position) => {
      if (!mine(r.session) || r.answer.toolCalls.length === 0) return;
      // A long decode's calls are answered after its last request.
      let last = position;
      for (let hop = c.requests.findIndex((q) => q.hopOf === last); hop > last; hop = c.requests.findIndex((q) => q.hopOf === last)) last = hop;
      const next = c.requests.find((q) => q.continues === last);
      if (!next) return;
      const time = timeOfFrame(next.firstFrame);
      if (time === undefined) return;
      const ids = carried(next);
      for (const call of r.answer.toolCalls) if (ids.has(call.id) && !out.has(call.id)) out.set(call.id, { frame: next.firstFrame, time });
    });
  }
  return out;
}
