// The conversation the current session's request belongs to, as turns across its requests: the user's
// message, the tool calls the stream asked for, the results the next request carried, the answer.
// Each turn names its request and frame; a click selects that frame (and its session when another one
// is in scope). Findings across requests are shown at the turn whose frame they point at. The first
// turn a request's stream gave (its answer or its tool calls) says the tokens that stream reported and
// their cost at the price table's price, "not reported" where the protocol does not say. Text only.
import { conversationTurns, turnLabel, type ConversationTurn } from '../../analysis/conversation-turns';
import type { Conversation } from '../../analysis/conversations';
import type { Finding } from '../../model/finding';
import type { PanelStore } from '../store/store';
import type { PanelSession } from '../store/session-set';
import { applyEvent } from '../store/apply';
import { frameNumber } from '../store/frame-row';
import { track } from '../store/track';
import { isStall } from '../store/across-findings';
import { sessionMetrics } from '../store/session-metrics';
import { pricerVersion } from '../store/pricer';
import { tokensText } from '../../analysis/usage/tokens-text';
import { costText } from '../../analysis/usage/cost-text';

/** The tab is offered once the capture holds a conversation that spans requests. */
export function hasConversations(store: PanelStore): boolean {
  track(store.findingsVersion.value);
  return store.findings.across.conversations().list.length > 0;
}

export function ConversationTurns({ store }: { store: PanelStore }) {
  track(store.findingsVersion.value);
  const current = store.sessions.current.value;
  const { list, ownerOf } = store.findings.across.conversations();
  const mine = list.filter((c) => c.requests.some((r) => ownerOf(r.session) === current));
  const shown = mine.length > 0 ? mine : list;
  if (shown.length === 0) {
    return <div class="conversation empty muted">No conversation across requests in this capture: OpenAI Chat, Anthropic, OpenAI Responses, AI SDK UI and AG-UI requests that continue an earlier request are joined here.</div>;
  }
  return (
    <div class="conversation-pane" data-testid="conversation">
      {mine.length === 0 && <p class="muted">This session's requests are in no conversation; all conversations of the capture:</p>}
      {shown.map((c) => (
        <ConversationBlock key={c.id} store={store} conversation={c} ownerOf={ownerOf} current={current} />
      ))}
    </div>
  );
}

function ConversationBlock({ store, conversation, ownerOf, current }: { store: PanelStore; conversation: Conversation; ownerOf: (s: ConversationTurn['session']) => PanelSession | undefined; current: PanelSession | undefined }) {
  const turns = conversationTurns(conversation);
  const selected = store.selection.frame.value;
  const n = conversation.requests.length;
  track(pricerVersion.value);
  // The figures go on the first turn of each request that its stream gave.
  const figuresAt = new Set<number>();
  const seen = new Set<number>();
  turns.forEach((t, i) => {
    if (!STREAM_TURNS.has(t.kind) || seen.has(t.request)) return;
    seen.add(t.request);
    figuresAt.add(i);
  });
  const requestsOf = (owner: PanelSession) => conversation.requests.filter((r) => ownerOf(r.session) === owner).length;
  // A live loop whose follow-up may still come: its stall check waits (the banner counts it down), so
  // the turn says it waits; once the check reports, it says stalled, as `check` does.
  const held = new Set(store.findings.across.waiting().flatMap((h) => h.finding.frames));
  return (
    <section class="conversation" aria-label={`Conversation of ${n} request${n === 1 ? '' : 's'}`} data-conversation={conversation.id}>
      <h4 class="conversation-head">
        Conversation · {n} request{n === 1 ? '' : 's'} <span class="muted">({conversation.protocol})</span>
      </h4>
      <ol class="turns">
        {turns.map((t, i) => {
          const owner = ownerOf(t.session);
          const findings = owner ? store.findings.across.of(owner).filter((f) => (t.kind === 'waiting' ? isStall(f) && f.frames.includes(t.frame) : !isStall(f) && f.frames[0] === t.frame)) : [];
          const name = store.connectionName(t.connectionId);
          const stillWaiting = t.kind === 'waiting' && held.has(t.frame);
          return (
            <li key={i} class={`turn turn-${t.kind}${owner === current ? ' in-session' : ''}${selected === t.frame ? ' selected' : ''}`} data-kind={t.kind} data-request={t.request + 1} data-held={stillWaiting ? '' : undefined}>
              <button type="button" class="turn-button" title={`Show frame #${frameNumber(t.frame)} of ${name}`} onClick={() => select(store, owner, t.frame)}>
                <span class="turn-label">{stillWaiting ? 'waiting' : turnLabel(t.kind)}</span>
                <span class="turn-where muted">
                  request {t.request + 1} · #{frameNumber(t.frame)} · {name}
                </span>
                {(stillWaiting ? ['no request has carried the tool results yet'] : t.lines).map((line, j) => (
                  <span key={j} class="turn-line">
                    {line}
                  </span>
                ))}
                {figuresAt.has(i) && owner && <TurnTokens session={owner} requests={requestsOf(owner)} />}
              </button>
              {findings.map((f, j) => (
                <TurnFinding key={j} store={store} finding={f} owner={owner} />
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The turns a request's stream gave, as opposed to what the page sent. */
const STREAM_TURNS = new Set<ConversationTurn['kind']>(['answer', 'tool-calls', 'waiting', 'cut-off']);

/**
 * A request's tokens and cost: its session's, which is that request alone unless the session holds
 * several requests of the conversation (then they are said to be the session's).
 */
function TurnTokens({ session, requests }: { session: PanelSession; requests: number }) {
  const m = sessionMetrics(session);
  const whose = requests > 1 ? ` (this session's ${requests} requests)` : '';
  const text = m.tokens ? `tokens${whose}: ${tokensText(m.tokens)} · cost: ${costText(m)}` : `tokens${whose}: not reported by the stream`;
  return (
    <span
      class="turn-tokens muted"
      data-testid="turn-tokens"
      data-session={session.id}
      data-input={m.tokens?.input ?? ''}
      data-output={m.tokens?.output ?? ''}
      data-reasoning={m.tokens?.reasoning ?? ''}
      data-cached={m.tokens?.cachedInput ?? ''}
      data-cost={m.cost ? String(m.cost.usd) : ''}
    >
      {text}
    </span>
  );
}

function TurnFinding({ store, finding, owner }: { store: PanelStore; finding: Finding; owner: PanelSession | undefined }) {
  const onClick = () => {
    // The finding is listed with the session it is reported on: show that one.
    if (owner) applyEvent(store, { type: 'selectSession', id: owner.id });
    applyEvent(store, { type: 'selectFinding', finding });
  };
  return (
    <button type="button" class={`turn-finding finding sev-${finding.severity}`} data-rule={finding.rule} onClick={onClick}>
      <span class="finding-severity">{finding.severity}</span> <span class="finding-rule">{finding.rule}</span>
      {finding.path ? <span class="muted"> at {finding.path}</span> : null}
    </button>
  );
}

function select(store: PanelStore, owner: PanelSession | undefined, frame: number): void {
  const scope = store.selection.scope.value;
  if (owner && scope !== undefined && scope !== owner.id) applyEvent(store, { type: 'selectSession', id: owner.id });
  applyEvent(store, { type: 'selectFrame', index: frame });
}
