// "History vs live": the rendering rebuilt from a history read (after a reload, or by the same page)
// beside the rendering the page showed live, with the first difference marked on both sides and the
// finding it raised.
import { signal, type Signal } from '@preact/signals';
import { comparisonFinding, type HistoryLiveComparison } from '../../../analysis/history-live';
import { applyEvent } from '../../store/apply';
import { frameNumber } from '../../store/frame-row';
import type { PanelStore } from '../../store/store';
import { rulePageHref } from '../rule-link';
import type { GroupChoices } from '../rendering/ItemView';
import { itemAt } from './comparisons';
import { MarkedRendering } from './MarkedRendering';
import { historySource, liveSource } from './read-wording';

/** Per panel: whether the side-by-side view replaces the rendering, and which comparison it shows. */
const openState = new WeakMap<PanelStore, Signal<{ open: boolean; at?: number }>>();

export function compareState(store: PanelStore): Signal<{ open: boolean; at?: number }> {
  let state = openState.get(store);
  if (!state) openState.set(store, (state = signal({ open: false })));
  return state;
}

function groupChoices(store: PanelStore, side: string, sessionId: string): GroupChoices {
  const key = (id: string) => `${sessionId}\u0000history-live:${side}\u0000${id}`;
  return {
    get: (id) => store.groups.value.get(key(id)),
    set: (id, expanded) => applyEvent(store, { type: 'toggleGroup', key: key(id), expanded }),
  };
}

export function HistoryVsLive({ store, comparisons, sessionId }: { store: PanelStore; comparisons: readonly HistoryLiveComparison[]; sessionId: string }) {
  const state = compareState(store);
  const chosen = comparisons.find((c) => c.historyFrame === state.value.at) ?? comparisons.find((c) => c.difference) ?? comparisons[comparisons.length - 1];
  if (!chosen) return null;
  const finding = comparisonFinding(chosen);
  const difference = chosen.difference;
  const historyAt = `#${frameNumber(chosen.historyFrame)}`;
  return (
    <div class="hl-view" data-testid="history-vs-live">
      <div class="hl-head">
        <button type="button" onClick={() => (state.value = { ...state.value, open: false })}>
          ← Rendering
        </button>{' '}
        <strong>History vs live</strong>
        {comparisons.length > 1 && (
          <select
            name="history-read"
            aria-label="History read"
            value={String(chosen.historyFrame)}
            onChange={(e) => (state.value = { open: true, at: Number((e.currentTarget as HTMLSelectElement).value) })}
          >
            {comparisons.map((c) => (
              <option key={c.historyFrame} value={String(c.historyFrame)}>
                history at #{frameNumber(c.historyFrame)}
                {c.difference ? ' (differs)' : ''}
              </option>
            ))}
          </select>
        )}
      </div>
      {finding && difference ? (
        <p class="hl-finding" data-testid="history-vs-live-finding">
          <span class={`sev-${finding.severity}`}>{finding.severity}</span>{' '}
          <a class="hl-rule" href={rulePageHref(finding.rule)} target="_blank" rel="noopener" title={`What ${finding.rule} means`}>
            {finding.rule}
          </a>{' '}
          <button type="button" class="hl-location" title="Select the history frame" onClick={() => applyEvent(store, { type: 'selectFrame', index: chosen.historyFrame })}>
            {historyAt}
            {finding.path ? `:${finding.path}` : ''}
          </button>{' '}
          <span class="finding-message">{difference.message}</span>
        </p>
      ) : (
        <p class="hl-same" data-testid="history-vs-live-same">
          The rendering rebuilt from the history at {historyAt} shows the same turns as the page showed live.
        </p>
      )}
      <div class="hl-sides">
        <MarkedRendering
          title="Live"
          source={liveSource(chosen)}
          view={chosen.live}
          marked={itemAt(chosen.live.items, difference?.live)}
          markLabel={difference?.kind === 'extra' ? 'history has an item near here the page did not show' : difference?.kind === 'missing' ? 'shown live, missing from history' : 'shown live'}
          groups={groupChoices(store, 'live', sessionId)}
          testId="history-vs-live-live"
        />
        <MarkedRendering
          title="From history"
          source={historySource(chosen)}
          view={chosen.history}
          marked={itemAt(chosen.history.items, difference?.history)}
          markLabel={difference?.kind === 'extra' ? 'not shown live' : difference?.kind === 'missing' ? 'the live item is missing here' : 'differs from live'}
          groups={groupChoices(store, 'history', sessionId)}
          testId="history-vs-live-history"
        />
      </div>
    </div>
  );
}
