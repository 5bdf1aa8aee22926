// `render`: the reference rendering of an input's sessions as indented text, or the view model.
import type { Session } from '../analysis/sessions';
import { conversations } from '../analysis/conversations';
import { renderConversations } from '../analysis/conversation-turns';
import { pageToolStates, withPageTools } from '../analysis/page-tools';
import { renderText } from '../model/render-text';
import type { ViewModel } from '../model/view';
import { inspect, type CaptureSource, type InspectOptions } from './inspect';

export interface RenderOptions extends InspectOptions {
  /** The session to render; all sessions (text) or the first (view) when absent. */
  session?: string;
  /** Show every item of running groups, not only the newest three the UI shows. */
  expand?: boolean;
}

/**
 * The text a correct client shows. Several sessions are each headed by
 * `== session KEY (protocol, N frames) ==`. Throws InputError for unreadable text, and
 * RangeError when the input has no such session (or none at all).
 */
export function render(source: CaptureSource, options?: RenderOptions & { format?: 'text' }): string;
/** The view model of one session (the first, or `options.session`). */
export function render(source: CaptureSource, options: RenderOptions & { format: 'view' }): ViewModel;
export function render(source: CaptureSource, options: RenderOptions & { format?: 'text' | 'view' } = {}): string | ViewModel {
  const { sessions } = inspect(source, options);
  const chosen = options.session === undefined ? sessions : sessions.filter((s) => s.key === options.session);
  if (chosen.length === 0) {
    const known = sessions.map((s) => s.key).join(', ') || 'none';
    throw new RangeError(options.session === undefined ? 'no agent stream in this input' : `no session "${options.session}"; sessions: ${known}`);
  }
  if (options.format === 'view') return joinedView(sessions, chosen[0] as Session);
  return renderSessions(chosen, options, sessions);
}

/** A session with no message, tool call or note: what a correct client shows of it is nothing. */
export const NOTHING_TO_SHOW = 'nothing to show: no message, tool call or note';

/**
 * The text of these sessions, each headed by its key, protocol and frame count when there are several,
 * then each conversation of several requests as turns across them (`== conversation … ==`). A tool call
 * the page had to run reads as the requests after it tell (analysis/page-tools.ts): done when the
 * follow-up carried its result, waiting for the page when no request followed. `all` are the input's
 * sessions, for the requests that follow the shown ones (by default the shown ones).
 */
export function renderSessions(sessions: readonly Session[], options: { expand?: boolean } = {}, all: readonly Session[] = sessions): string {
  const several = sessions.length > 1;
  const joined = conversations(all);
  const tools = pageToolStates(joined);
  const shown = new Set(sessions);
  const turns = renderConversations(joined.filter((c) => c.requests.some((r) => shown.has(r.session))));
  return sessions
    .map((s) => {
      const text = renderText(withPageTools(s.pipeline.view(), tools.get(s)), { expandRunning: options.expand === true });
      if (!several) return text;
      // Under its header, an empty rendering says so rather than run into the next header.
      return `== session ${s.key} (${s.pipeline.protocol}, ${s.pipeline.frameCount} frames) ==\n${text === '' ? `(${NOTHING_TO_SHOW})\n` : text}`;
    })
    .join('') + turns;
}

/** One session's view model with its page-run tool calls read across the input's requests (`all`). */
export function joinedView(all: readonly Session[], session: Session): ViewModel {
  return withPageTools(session.pipeline.view(), pageToolStates(conversations(all)).get(session));
}
