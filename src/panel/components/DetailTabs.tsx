// The detail pane's tabs: the selected frame (docked narrow, where it has no room under the
// timeline), the rendering, the findings, the request and response of a connection, the waterfall.
import type { PanelStore, DetailTab } from '../store/store';
import { applyEvent } from '../store/apply';
import { RenderingWithHistory } from './history-live/RenderingWithHistory';
import { FindingsList } from './FindingsList';
import { FrameDetail } from './FrameDetail';
import { RequestView } from './RequestView';
import { Waterfall } from './waterfall/Waterfall';
import { ConversationTurns, hasConversations } from './ConversationTurns';
import { ErrorBanner } from './ErrorBanner';

export function DetailTabs({ store, withFrameTab }: { store: PanelStore; withFrameTab: boolean }) {
  const chosen = store.tab.value;
  const tab: DetailTab = chosen === 'frame' && !withFrameTab ? 'rendering' : chosen;
  // As many findings as the toolbar counts: the scoped session's, or every session's (scoped-findings.ts).
  const findings = store.findings.listed.value.flat.length;
  const tabs: Array<[DetailTab, string]> = [
    ...(withFrameTab ? ([['frame', 'Frame']] as Array<[DetailTab, string]>) : []),
    ['rendering', 'Rendering'],
    ['findings', findings > 0 ? `Findings (${findings})` : 'Findings'],
    ['request', 'Request'],
    ['waterfall', 'Waterfall'],
    ...(hasConversations(store) ? ([['conversation', 'Conversation']] as Array<[DetailTab, string]>) : []),
  ];
  const onKeyDown = (e: KeyboardEvent) => {
    const at = tabs.findIndex(([id]) => id === tab);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = tabs[(at + step + tabs.length) % tabs.length] as [DetailTab, string];
    applyEvent(store, { type: 'setTab', tab: next[0] });
    (e.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-tab="${next[0]}"]`)?.focus();
  };
  return (
    <section class="detail-pane" aria-label="Session detail">
      {/* Errors up front: the first error and the checks still waiting, above whatever tab is open. */}
      <ErrorBanner store={store} narrow={withFrameTab} />
      <div class="tab-strip" role="tablist" aria-label="Detail" onKeyDown={onKeyDown}>
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            data-tab={id}
            aria-selected={id === tab}
            aria-controls="detail-tabpanel"
            tabIndex={id === tab ? 0 : -1}
            class={`tab${id === tab ? ' current' : ''}`}
            onClick={() => applyEvent(store, { type: 'setTab', tab: id })}
          >
            {label}
          </button>
        ))}
      </div>
      <div class="tab-body" role="tabpanel" id="detail-tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'frame' && <FrameDetail store={store} />}
        {tab === 'rendering' && <RenderingWithHistory store={store} />}
        {tab === 'findings' && <FindingsList store={store} inlineFrame={withFrameTab} />}
        {tab === 'request' && <RequestView store={store} />}
        {tab === 'waterfall' && <Waterfall store={store} />}
        {tab === 'conversation' && <ConversationTurns store={store} />}
      </div>
    </section>
  );
}
