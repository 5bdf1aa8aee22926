// A stream that ended before its protocol's end (the connection closed or failed mid-answer, or the
// input stops inside a run) is shown cut off where it ended: a chat client shows such an answer as
// failed, never as finished, and a rendering that ends on the cut text as if complete hides what the
// findings say. Read from the findings that say it, one list of rules across protocols, so every
// protocol's rendering, its `render` text and the session's state agree with its findings.
import type { Finding } from '../model/finding';
import type { ErrorItem, ToolItem, ViewItem, ViewModel } from '../model/view';
import { mapItemTools } from '../model/map-tools';

/** The rules each protocol reports when its stream ended before its end marker. */
export const CUT_OFF_RULES: ReadonlySet<string> = new Set([
  'a2a/stream-not-final',
  'agui/closed-before-run-finished',
  'agui/run-not-finished',
  'aisdk/missing-finish',
  'aisdk/v4-missing-finish',
  'anthropic/stream-incomplete',
  'cohere/missing-message-end',
  'cohere/stream-cut',
  'gemini/missing-finish-reason',
  'gemini/stream-cut',
  'gemini-interactions/missing-completed',
  'mcp/stream-cut',
  'openai-chat/stream-cut',
  'openai-responses/incomplete-stream',
]);

/**
 * A rule whose findings say so only in some cases. The AI SDK UI stream that reached its `[DONE]`
 * without a `finish` chunk ended as its server ended it: useChat shows the message as it came, so it
 * is incomplete, not cut off (the fold's message names that case).
 */
const ONLY_WHEN: Readonly<Record<string, (f: Finding) => boolean>> = {
  'aisdk/missing-finish': (f) => !f.message.includes('reached [DONE]'),
};

/**
 * The findings of `findings[from..]` that say a stream was cut off, appended to `into`; returns how far
 * it read. Findings are only ever appended, so a caller keeps `into` and reads on from there.
 */
export function collectCutOffs(findings: readonly Finding[], from: number, into: Finding[]): number {
  for (let i = from; i < findings.length; i++) {
    const f = findings[i] as Finding;
    if (isCutOff(f)) into.push(f);
  }
  return findings.length;
}

/** Whether the finding says a stream ended before its end. */
export function isCutOff(f: Finding): boolean {
  return CUT_OFF_RULES.has(f.rule) && (ONLY_WHEN[f.rule]?.(f) ?? true);
}

/**
 * The view with a cut-off item for each finding in `cuts` (of frames up to `upTo`), each after the
 * last top-level item of a frame at or before the cut: where the cut stream's turn ends, before a
 * later request's turn, and that turn's calls still pending marked cut off (nothing runs them now). A
 * cut whose frame already shows a failure (a connection error item) adds no item: that item says it.
 */
export function withCutOffs(view: ViewModel, cuts: readonly Finding[], upTo: number): ViewModel {
  let items: ViewItem[] | undefined;
  for (const cut of cuts) {
    if (cut.at > upTo) continue;
    const current = items ?? view.items;
    let after = -1;
    for (let i = 0; i < current.length; i++) {
      const first = (current[i] as ViewItem).frames[0];
      if (first !== undefined && first <= cut.at) after = i;
    }
    const turn = withCutTools(current, after, cut.at);
    // A failed connection's item already says where the turn ended; its calls are cut off all the same.
    if (!failureShown(current, cut)) items = [...turn.slice(0, after + 1), cutOffItem(cut), ...turn.slice(after + 1)];
    else if (turn !== current) items = [...turn];
  }
  return items ? { ...view, items } : view;
}

function cutOffItem(cut: Finding): ErrorItem {
  return { kind: 'error', id: `cut-off-${cut.at}-${cut.rule}`, frames: cut.frames.length > 0 ? [...cut.frames] : [cut.at], message: cut.message, cutOff: cut.rule };
}

/**
 * The items with the pending calls of the cut turn marked: those after the turn's user item (or an
 * earlier cut) up to `end`, begun at or before the cut's frame. A call of an earlier turn left pending
 * is that turn's to explain.
 */
function withCutTools(items: readonly ViewItem[], end: number, at: number): readonly ViewItem[] {
  let start = 0;
  for (let i = end; i >= 0; i--) {
    const item = items[i] as ViewItem;
    if (item.kind === 'user' || (item.kind === 'error' && item.cutOff !== undefined)) {
      start = i + 1;
      break;
    }
  }
  let out: ViewItem[] | undefined;
  for (let i = start; i <= end; i++) {
    const item = items[i] as ViewItem;
    const marked = mapItemTools(item, (tool) => (pendingCall(tool, at) ? { ...tool, cutOff: at } : tool));
    if (marked === item) continue;
    out ??= [...items];
    out[i] = marked;
  }
  return out ?? items;
}

/** A call with no result yet, begun by the cut frame (a todo call never gets one; an orphan result is no call). */
function pendingCall(tool: ToolItem, at: number): boolean {
  return tool.status === 'pending' && !tool.todos && !tool.orphanResult && (tool.frames[0] ?? at) <= at;
}

/** An error item (not the page's own stop) at the cut's frame, top level or in a group. */
function failureShown(items: readonly ViewItem[], cut: Finding): boolean {
  const at = (item: ViewItem) => item.kind === 'error' && !item.stoppedByPage && item.frames.some((n) => n === cut.at || cut.frames.includes(n));
  return items.some((item) => at(item) || (item.kind === 'group' && item.items.some(at)));
}
