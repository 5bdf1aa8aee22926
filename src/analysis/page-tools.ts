// What became of the tool calls a stream handed to the page, read across requests with the same join
// `check` uses (conversations.ts, tool-loop/): the page ran the call and sent its result in the
// follow-up request; or the stream asked for it and no request came after (yet); or the follow-up came
// without its result (check reports `<protocol>/loop-missing-tool-result` there). A stream's own view
// cannot know any of this: its tool call stays pending, which `render` would show as running and
// `stats` as "no result". `render`, `stats` and the package API read the calls through here so they say
// what `check` says.
import type { Frame } from '../model/frame';
import type { ToolItem, ViewModel } from '../model/view';
import { mapTools } from '../model/map-tools';
import { wholeAnswerOf, type Conversation, type ConversationRequest } from './conversations';
import { sentMessage, type SentResult } from './conversation-turns-protocols';
import type { Session } from './sessions';
import { TOOL_LOOPS } from './tool-loop';

export type PageToolState =
  /** The follow-up request carried the call's result. */
  | { state: 'result'; result: SentResult; frame: number; time?: number }
  /** The stream ended asking the page to run the call, and no later request continued it. */
  | { state: 'waiting'; frame: number }
  /** The follow-up request came without a result for the call. */
  | { state: 'no-result'; frame: number };

/** Per session, its page-run tool calls by call id. `frame` is the follow-up's first frame, or (waiting) the frame that asked. */
export type PageToolStates = ReadonlyMap<Session, ReadonlyMap<string, PageToolState>>;

/** The states of the page-run calls of these conversations (`conversations(sessions)`). */
export function pageToolStates(list: readonly Conversation[]): PageToolStates {
  const out = new Map<Session, Map<string, PageToolState>>();
  const put = (request: ConversationRequest, id: string, state: PageToolState): void => {
    let byId = out.get(request.session);
    if (!byId) out.set(request.session, (byId = new Map()));
    byId.set(id, state);
  };
  for (const conversation of list) {
    const loop = TOOL_LOOPS[conversation.protocol];
    const { requests } = conversation;
    requests.forEach((request, position) => {
      // A long decode's calls are those of all its requests so far, each shown in the session of its own.
      const answer = wholeAnswerOf(request);
      const calls = answer.toolCalls;
      if (calls.length === 0) return;
      const decode = decodeOf(requests, request);
      const putAll = (id: string, state: PageToolState) => decode.forEach((r) => put(r, id, state));
      const followUp = requests.find((r) => r.continues === position && r.repeats === undefined);
      if (!followUp) {
        // A request sent again (a retry) leaves the calls to the new one, and so does a long decode's request
        // to the next one; a stream that did not end asking for tools (cut, still streaming) is left as its own view shows it.
        const handedOn = requests.some((r) => r.repeats === position || r.hopOf === position);
        if (!handedOn && loop.asksForTools(answer)) {
          for (const call of calls) putAll(call.id, { state: 'waiting', frame: answer.finishFrame ?? request.firstFrame });
        }
        return;
      }
      const results = carriedResults(followUp);
      const time = timeOf(followUp);
      for (const call of calls) {
        const result = results.get(call.id);
        if (!result) putAll(call.id, { state: 'no-result', frame: followUp.firstFrame });
        else putAll(call.id, { state: 'result', result, frame: followUp.firstFrame, ...(time !== undefined && { time }) });
      }
    });
  }
  return out;
}

/** The request and, when it goes on with a long decode's answer, the decode's earlier requests. */
function decodeOf(requests: readonly ConversationRequest[], request: ConversationRequest): ConversationRequest[] {
  const out = [request];
  for (let r = request; r.hopOf !== undefined && out.length <= requests.length; ) {
    const earlier = requests[r.hopOf];
    if (!earlier) break;
    out.push(earlier);
    r = earlier;
  }
  return out;
}

/** The results among the follow-up's new messages, by call id (the first one per id: check reports any second). */
function carriedResults(request: ConversationRequest): Map<string, SentResult> {
  const byId = new Map<string, SentResult>();
  for (let i = request.newFrom; i < request.messages.length; i++) {
    for (const result of sentMessage(request.protocol, request.messages[i])?.results ?? []) {
      if (result.id !== '' && !byId.has(result.id)) byId.set(result.id, result);
    }
  }
  return byId;
}

/** When the follow-up was sent: the time of its first frame (its request body where the capture has one). */
function timeOf(request: ConversationRequest): number | undefined {
  const first: Frame | undefined = request.session.pipeline.frames.find((f) => f.index === request.firstFrame);
  return first && Number.isFinite(first.time) ? first.time : undefined;
}

/**
 * The states known as of frame `at` (a scrubbed view): those whose frame (the follow-up's first, or the
 * frame that asked) is at or before it. All of them when `at` is undefined (the latest state).
 */
export function pageToolsUpTo(states: ReadonlyMap<string, PageToolState> | undefined, at: number | undefined): ReadonlyMap<string, PageToolState> | undefined {
  if (!states || at === undefined) return states;
  return new Map([...states].filter(([, state]) => state.frame <= at));
}

/**
 * The session's view with its page-run calls as the requests after it tell: a call whose result the
 * follow-up carried is done (or failed, when the result says so) with that result and the follow-up's
 * first frame; one still pending otherwise says why (`pageTool`). The view itself is not changed.
 */
export function withPageTools(view: ViewModel, states: ReadonlyMap<string, PageToolState> | undefined): ViewModel {
  if (!states || states.size === 0) return view;
  return { ...view, items: mapTools(view.items, (tool) => toolWithState(tool, states.get(tool.toolId))) };
}

function toolWithState(item: ToolItem, state: PageToolState | undefined): ToolItem {
  // A call the stream itself answered (or failed) keeps what the stream said.
  if (!state || item.status !== 'pending' || item.orphanResult) return item;
  if (state.state !== 'result') return { ...item, pageTool: state.state };
  return { ...item, status: state.result.error ? 'error' : 'success', result: state.result.value, frames: [...item.frames, state.frame] };
}
