// The minimal Agents panel: status line, switches, session list, export.
import { useState } from 'preact/hooks';
import type { SessionSummary } from '../bridge/shared-schemas';
import type { PanelStore } from './store';
import type { HubLink } from './hub-link';
import { SessionList } from './SessionList';
import { ExportDialog, type PendingExport } from './ExportDialog';
import { captureFileText, downloadText, exportFileName, selectCapture } from './export';

export interface AppProps {
  store: PanelStore;
  link: HubLink;
  pageUrl?: () => Promise<string | undefined>;
}

export function App({ store, link, pageUrl }: AppProps) {
  const [pending, setPending] = useState<PendingExport | undefined>();
  const [error, setError] = useState<string | undefined>();
  const status = store.status.value;

  const startExport = async (session?: SessionSummary) => {
    try {
      const reply = await link.requestExport();
      const capture = selectCapture(reply.capture, reply.dropped, session?.connectionIds);
      setPending({ title: session ? `session ${session.id}` : 'all sessions', capture });
      setError(undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const download = async (redact: boolean) => {
    if (!pending) return;
    const url = await pageUrl?.().catch(() => undefined);
    downloadText(captureFileText(pending.capture, { redact, ...(url !== undefined && { pageUrl: url }) }), exportFileName());
    setPending(undefined);
  };

  return (
    <div class="app">
      <div class="toolbar">
        <span class="link" data-state={store.link.value} data-reconnects={store.reconnects.value}>
          {store.link.value}
        </span>
        <label>
          <input type="checkbox" class="recording" checked={status.recording} onChange={(e) => link.send({ type: 'setRecording', value: e.currentTarget.checked })} />{' '}
          Record
        </label>
        <label>
          <input type="checkbox" class="preserve-log" checked={status.preserveLog} onChange={(e) => link.send({ type: 'setPreserveLog', value: e.currentTarget.checked })} />{' '}
          Preserve log
        </label>
        <button type="button" class="clear" onClick={() => link.send({ type: 'clear' })}>
          Clear
        </button>
        <button type="button" class="export" onClick={() => void startExport()}>
          Export
        </button>
        <span class="counters">
          {store.frames.length} frames · {status.dropped} dropped · {status.cut} cut · {status.rejected} rejected
          {status.ignored > 0 && ` · ${status.ignored} not recorded`}
        </span>
      </div>
      {error && <p class="error">{error}</p>}
      {pending && <ExportDialog pending={pending} onDownload={(r) => void download(r)} onCancel={() => setPending(undefined)} />}
      <SessionList store={store} onExport={(s) => void startExport(s)} />
    </div>
  );
}
