// The Rendering tab with history against live: when the session in focus read its history back (after a
// reload, or the same page reading it), a line above the rendering says whether that history shows what
// was streamed, and opens the side-by-side view; otherwise the rendering alone.
import type { PanelStore } from '../../store/store';
import { frameNumber } from '../../store/frame-row';
import { Rendering } from '../rendering/Rendering';
import { comparisonsOf } from './comparisons';
import { compareState, HistoryVsLive } from './HistoryVsLive';
import { sameAsLiveNotice } from './read-wording';

export function RenderingWithHistory({ store }: { store: PanelStore }) {
  const current = store.sessions.view.value;
  const state = compareState(store);
  const comparisons = current ? comparisonsOf(current.session, store.connections.value) : [];
  if (!current || comparisons.length === 0) return <Rendering store={store} />;
  if (state.value.open) return <HistoryVsLive store={store} comparisons={comparisons} sessionId={current.session.id} />;
  const differing = comparisons.find((c) => c.difference);
  const shown = differing ?? (comparisons[comparisons.length - 1] as (typeof comparisons)[number]);
  return (
    <div class="hl-with-rendering">
      <div class={`hl-notice${differing ? ' hl-notice-differs' : ''}`} data-testid="history-vs-live-notice">
        {differing?.difference ? (
          <span>
            <span class="sev-error">History differs from live</span> (history at #{frameNumber(differing.historyFrame)}): {differing.difference.message}
          </span>
        ) : (
          <span class="muted">{sameAsLiveNotice(shown)}</span>
        )}{' '}
        <button type="button" onClick={() => (state.value = { open: true, at: shown.historyFrame })}>
          Compare side by side
        </button>
      </div>
      <Rendering store={store} />
    </div>
  );
}
