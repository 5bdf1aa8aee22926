// While an imported file is shown, the tab goes on capturing out of sight: this says so in the counts
// line ("12 new frames on the tab" rather than "live") and returns to the tab in one click.
import type { PanelStore } from '../store/store';
import { plural } from './plural';

export function TabNews({ store, onReturn }: { store: PanelStore; onReturn(): void }) {
  const news = store.toolbar.tabNews.value;
  return (
    <button type="button" class={`tab-news${news > 0 ? ' has-news' : ''}`} data-testid="tab-news" data-count={news} title="Show the tab's capture again" onClick={onReturn}>
      {news === 0 ? 'No new frames on the tab' : `${plural(news, 'new frame')} on the tab`}
    </button>
  );
}
