// The toolbar's line for streams the page received that the capture did not see (network-streams.ts):
// what they were, and a button that opens them, bodies read from DevTools' network log, as an import.
import { useMemo } from 'preact/hooks';
import type { PanelStore } from '../store/store';
import { importFile } from '../import/import-file';
import { applyEvent } from '../store/apply';
import { harOf, uncapturedStreams, type NetworkStream } from './network-streams';
import { plural } from '../components/plural';

/** Requests named in the line; the rest are counted. */
const NAMED = 3;

function nameOf({ entry }: NetworkStream): string {
  const { method, url } = entry.request;
  try {
    const u = new URL(url);
    return `${method} ${u.pathname}${u.search}`;
  } catch {
    return `${method} ${url}`;
  }
}

export function NetworkStreamsNotice({ store }: { store: PanelStore }) {
  const streams = store.networkStreams.value;
  const connections = store.connections.value;
  // The toolbar draws on every append: the comparison runs again only when either side changed.
  const missed = useMemo(() => (streams.length === 0 ? [] : uncapturedStreams(streams, connections.values())), [streams, connections]);
  // Only against the tab's own capture: an imported file's connections say nothing of the tab.
  if (store.source.value !== 'hub' || missed.length === 0) return null;
  const named = missed.slice(-NAMED).map(nameOf);
  const open = async () => {
    const { har, unread } = await harOf(missed);
    importFile(store, new File([har], 'network-log.har', { type: 'application/json' }));
    if (unread > 0) {
      const what = unread === 1 ? 'its response: DevTools no longer holds it' : 'their responses: DevTools no longer holds them';
      const message = `${plural(unread, 'stream')} opened without ${what} (a worker's requests go with the worker when the page ends it)`;
      applyEvent(store, { type: 'importError', message });
    }
  };
  return (
    <div class="capture-notice network-streams warning" role="status" data-testid="network-streams" data-count={missed.length}>
      Not captured: {plural(missed.length, 'stream')} made where the capture cannot reach (in a worker, most likely), seen in DevTools' network log:{' '}
      <span class="network-streams-names" title={missed.map(nameOf).join('\n')}>
        {named.join(', ')}
        {missed.length > NAMED && `, and ${missed.length - NAMED} more`}
      </span>{' '}
      <button type="button" class="network-streams-open" onClick={() => void open()} title="Open them as an import, their bodies read from DevTools' network log">
        Open
      </button>
    </div>
  );
}
