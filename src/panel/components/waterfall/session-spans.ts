// The session's tool calls and approvals as spans; a call whose result came in the page's next request
// ends where that request starts (read from the conversations joined across requests).
import type { PanelStore } from '../../store/store';
import type { PanelSession } from '../../store/session-set';
import { answersFrom, waterfallSpans } from '../../store/waterfall-spans';
import { sessionState } from '../../store/session-summary';
import { sessionMetrics } from '../../store/session-metrics';
import type { ConversationRequest } from '../../../analysis/conversations';
import type { Session } from '../../../analysis/sessions';
import { sentMessage } from '../../../analysis/conversation-turns-protocols';

/** The session's spans; a call whose result came in the page's next request ends at that request. */
export function sessionSpans(store: PanelStore, session: PanelSession) {
  const { list, ownerOf } = store.findings.across.conversations();
  const answers = answersFrom<Session, ConversationRequest>(list, (s) => ownerOf(s) === session, (index) => store.log.byIndex(index)?.time, carriedResults);
  const finished = sessionState(session, store.connections.value, store.source.value === 'hub') !== 'running';
  return waterfallSpans(sessionMetrics(session), { timeOf: (index) => session.metrics.timeOf(index), answers, finished });
}

/** The tool call ids a request's new messages carry results for. */
function carriedResults(request: ConversationRequest): Set<string> {
  const ids = new Set<string>();
  for (let i = request.newFrom; i < request.messages.length; i++) {
    for (const result of sentMessage(request.protocol, request.messages[i])?.results ?? []) ids.add(result.id);
  }
  return ids;
}
