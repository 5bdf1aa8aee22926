// Record/pause, clear, preserve log, live/scrub, export, import, and the counters: findings by
// severity, frames dropped or cut by the capture's bounds (only when non-zero); a notice line when
// the capture could not run fully on the page.
import type { ComponentChildren } from 'preact';
import type { PanelStore } from '../store/store';
import { plural } from './plural';
import { applyEvent } from '../store/apply';
import type { PanelTransport } from '../transport';
import type { LinkState } from '../store/events';
import { track } from '../store/track';
import { requestPreserveLog } from '../store/preserve-log-request';
import { preserveLogPending, shownPreserveLog } from '../store/preserve-log-state';
import { useEffect } from 'preact/hooks';
import { importFile, prepareImportWorker } from '../import/import-file';
import { TabNews } from './TabNews';
import { NetworkStreamsNotice } from '../network-log/NetworkStreamsNotice';
import { compareWithFile } from '../compare/compare-state';
import { AnswerSwitch } from '../answer/AnswerSwitch';
import '../answer/answer.css';

const LINK_TEXT: Record<LinkState, string> = { offline: 'offline', connecting: 'connecting…', live: 'live', disconnected: 'reconnecting…' };

export interface ToolbarProps {
  store: PanelStore;
  transport: PanelTransport | undefined;
  onExport(): void;
  /** The page heading, drawn in the toolbar's row when the panel is short (docked at the bottom). */
  heading?: ComponentChildren;
}

export function Toolbar({ store, transport, onExport, heading }: ToolbarProps) {
  track(store.framesVersion.value);
  const status = store.status.value;
  const letGo = store.toolbar.letGo.value;
  const failed = (status.failed ?? 0) + store.toolbar.failed.value;
  const frames = store.log.length;
  const link = store.link.value;
  const counts = store.findings.counts.value;
  const live = store.scrub.live.value;
  const hub = transport !== undefined && store.source.value !== 'file';
  const clear = () => (hub ? transport.send({ type: 'clear' }) : applyEvent(store, { type: 'clearLocal' }));
  const openFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Read in a worker as a stream: rows show as the file is read, a file of hundreds of megabytes never becomes one string.
    if (file) importFile(store, file);
    input.value = '';
  };
  const importing = store.toolbar.importing.value;
  // A panel page with no tab only opens files: its import worker can start now.
  useEffect(() => {
    if (!transport) prepareImportWorker();
  }, [transport]);
  const error = store.toolbar.importError.value;
  const tabId = store.tabId.value;
  // A file is shown in a panel of a tab: one click subscribes to the tab again.
  const backToTab =
    store.source.value === 'file' && transport && tabId !== undefined
      ? () => {
          applyEvent(store, { type: 'returnToTab' });
          transport.send({ type: 'subscribe', tabId });
        }
      : undefined;
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
          name="preserve-log"
          disabled={!hub}
          checked={shownPreserveLog(store)}
          data-pending={preserveLogPending(store) ? 'true' : undefined}
          onChange={(e) => {
            if (transport) requestPreserveLog(store, transport, e.currentTarget.checked);
          }}
        />{' '}
        Preserve log
      </label>
      <AnswerSwitch store={store} transport={transport} hub={hub} />
      <button type="button" class="live" aria-pressed={live} onClick={() => applyEvent(store, { type: 'setLive', live: !live })}>
        {live ? 'Live' : 'Go live'}
      </button>
      <span class="separator" />
      <button type="button" class="export" onClick={onExport} disabled={frames === 0}>
        Export…
      </button>
      <label class="import" onPointerEnter={prepareImportWorker} onFocusIn={prepareImportWorker}>
        Import… <input type="file" class="import-file" name="import-file" aria-label="Import a capture" onChange={(e) => openFile(e.currentTarget)} />
      </label>
      <label class="import compare" title="Compare with file…: this capture beside a capture file (export, HAR, JSON Lines), turn by turn as `diff` compares them">
        Compare…{' '}
        <input
          type="file"
          class="compare-file"
          name="compare-file"
          aria-label="Compare with file…"
          onChange={(e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            if (file) void compareWithFile(store, file);
            input.value = '';
          }}
        />
      </label>
      {backToTab && (
        <button type="button" class="back-live" onClick={backToTab}>
          Back to the tab
        </button>
      )}
      {heading}
      <span class="counts">
        <span class="frame-count" data-testid="frame-count" data-count={frames}>
          {plural(frames, 'frame')}
        </span>{' '}
        {/* A count is coloured only when there is something to count: "0 errors" in red reads as an alarm (`.zero`). */}
        <span class={`count sev-error${counts.error === 0 ? ' zero' : ''}`} title="errors" data-testid="count-error">
          {plural(counts.error, 'error')}
        </span>{' '}
        <span class={`count sev-warning${counts.warning === 0 ? ' zero' : ''}`} title="warnings">
          {plural(counts.warning, 'warning')}
        </span>{' '}
        <span class={`count sev-info${counts.info === 0 ? ' zero' : ''}`} title="info">
          {counts.info} info
        </span>
      </span>
      {status.dropped > 0 && (
        <span class="dropped warning" data-testid="dropped" data-count={status.dropped} title="Frames the capture's bounds dropped, oldest first (the background's buffer, the page's queue)">
          {plural(status.dropped, 'frame')} dropped
        </span>
      )}
      {letGo > 0 && (
        <span
          class="let-go warning"
          data-testid="let-go"
          data-count={letGo}
          title="The panel keeps the newest frames within its memory bound and let these older ones go; the background still holds them unless its own bound dropped them too (Export saves what it holds)"
        >
          {plural(letGo, 'older frame')} not kept in the panel
        </span>
      )}
      {(status.waiting ?? 0) > 0 && (
        <span class="waiting" data-testid="waiting" data-count={status.waiting} title="Frames the background holds that the panel has not shown yet: they follow as it catches up">
          {plural(status.waiting!, 'frame')} to come
        </span>
      )}
      {status.cut > 0 && <span class="cut warning">{plural(status.cut, 'frame')} cut</span>}
      {(status.notKept ?? 0) > 0 && (
        <span
          class="not-kept warning"
          data-testid="not-kept"
          data-count={status.notKept}
          title="Frames past the capture budget that came right after another cut one on their connection: counted, not kept (the first of each run shows with its head)"
        >
          {plural(status.notKept!, 'frame')} not kept
        </span>
      )}
      {status.rejected > 0 && (
        <span class="rejected warning" data-testid="rejected" title="Messages from the page that failed validation">
          {status.rejected} rejected
        </span>
      )}
      {failed > 0 && (
        <span class="failed warning" data-testid="failed" title="Frames the inspector failed on (a fault in the inspector); the frames after them were still taken">
          {failed} failed
        </span>
      )}
      {(status.hookErrors ?? 0) > 0 && (
        <span class="hook-errors warning" data-testid="hook-errors" title="Failures of the capture's own code on the page (caught; the page never saw them)">
          {plural(status.hookErrors!, 'capture error')}
        </span>
      )}
      {backToTab && link === 'live' ? (
        <TabNews store={store} onReturn={backToTab} />
      ) : transport && (
        <span class={`link link-${link}`} data-testid="link" data-state={link} data-reconnects={store.reconnects.value} title="Connection to the background">
          {LINK_TEXT[link]}
        </span>
      )}
      {importing && (
        <span class="import-progress" role="status" data-testid="import-progress" data-frames={importing.frames} data-thread={importing.thread}>
          Reading {store.toolbar.fileName.value ?? 'file'}… {importing.frames.toLocaleString('en-US')} frames
        </span>
      )}
      {error && (
        <span class="import-error" role="alert">
          {error}
        </span>
      )}
      {(status.degraded?.length ?? 0) > 0 && (
        // The page (or another extension) replaced builtins before the capture started: say what is missing.
        <div class="capture-notice warning" role="status" data-testid="capture-notice">
          {status.degraded!.map((line) => (
            <div key={line}>Not captured on this page: {line}.</div>
          ))}
        </div>
      )}
      <NetworkStreamsNotice store={store} />
    </div>
  );
}
