// Record/pause, clear, preserve log, live/scrub, export, import, and the counters: findings by
// severity, frames dropped or cut by the capture's bounds (only when non-zero).
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import type { PanelTransport } from '../transport';

export interface ToolbarProps {
  store: PanelStore;
  transport: PanelTransport | undefined;
  onExport(): void;
}

export function Toolbar({ store, transport, onExport }: ToolbarProps) {
  const status = store.status.value;
  const counts = store.findings.counts.value;
  const live = store.scrub.live.value;
  const hub = transport !== undefined && store.source.value !== 'file';
  const clear = () => (hub ? transport.send({ type: 'clear' }) : applyEvent(store, { type: 'clearLocal' }));
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      applyEvent(store, { type: 'import', text: await file.text(), fileName: file.name });
    } catch (err) {
      applyEvent(store, { type: 'importError', message: `${file.name}: ${err instanceof Error ? err.message : String(err)}` });
    }
    input.value = '';
  };
  const error = store.toolbar.importError.value;
  const tabId = store.tabId.value;
  return (
    <div class="toolbar" role="toolbar" aria-label="Panel controls">
      <button
        type="button"
        class={`record${status.recording ? ' on' : ''}`}
        disabled={!hub}
        aria-pressed={status.recording}
        title={status.recording ? 'Pause recording' : 'Record'}
        onClick={() => transport?.send({ type: 'setRecording', value: !status.recording })}
      >
        {status.recording ? '● Recording' : '❚❚ Paused'}
      </button>
      <button type="button" class="clear" onClick={clear} title="Clear">
        Clear
      </button>
      <label title="Keep frames across page reloads">
        <input
          type="checkbox"
          class="preserve-log"
          disabled={!hub}
          checked={status.preserveLog}
          onChange={(e) => transport?.send({ type: 'setPreserveLog', value: e.currentTarget.checked })}
        />{' '}
        Preserve log
      </label>
      <button type="button" class="live" aria-pressed={live} onClick={() => applyEvent(store, { type: 'setLive', live: !live })}>
        {live ? 'Live' : 'Go live'}
      </button>
      <span class="separator" />
      <button type="button" class="export" onClick={onExport} disabled={store.log.frames.length === 0}>
        Export…
      </button>
      <label class="import">
        Import… <input type="file" class="import-file" aria-label="Import a capture" onChange={(e) => void importFile(e.currentTarget)} />
      </label>
      {store.source.value === 'file' && transport && tabId !== undefined && (
        <button type="button" class="back-live" onClick={() => {
            applyEvent(store, { type: 'returnToTab' });
            transport.send({ type: 'subscribe', tabId });
          }}>
          Back to the tab
        </button>
      )}
      <span class="counts">
        <span class="count sev-error" title="errors">
          {counts.error} errors
        </span>{' '}
        <span class="count sev-warning" title="warnings">
          {counts.warning} warnings
        </span>{' '}
        <span class="count sev-info" title="info">
          {counts.info} info
        </span>
      </span>
      {status.dropped > 0 && <span class="dropped warning">{status.dropped} frames dropped</span>}
      {status.cut > 0 && <span class="cut warning">{status.cut} frames cut</span>}
      {store.link.value === 'disconnected' && <span class="link warning">reconnecting…</span>}
      {error && (
        <span class="import-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
