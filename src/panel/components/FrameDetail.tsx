// The selected frame: its metadata, the payload as a JSON tree (or text), what the pipeline made of
// it (the items it built and its findings), and "Copy as JSON".
import { useState } from 'preact/hooks';
import { decodeFrame, frameText } from '../../model/decode';
import { MAX_PRINT_DEPTH, safeJson } from '../../model/safe-text';
import type { ViewItem } from '../../model/view';
import type { PanelStore } from '../store/store';
import { formatBytes, frameNumber } from '../store/frame-row';
import { formatClock, formatDuration, sessionStart } from '../store/session-time';
import { JsonTree } from './JsonTree';
import { plural } from './plural';
import { copyText } from './copy-text';
import { track } from '../store/track';
import { RELEASED_BY_PAGE, RELEASED_BY_PAGE_TITLE, releasedByPage } from '../../analysis/page-release';

export function FrameDetail({ store }: { store: PanelStore }) {
  // Findings about this frame may come with later frames; other appends do not change the detail.
  track(store.findingsVersion.value);
  const index = store.selection.frame.value;
  const [copied, setCopied] = useState<string | undefined>(undefined);
  if (index === undefined) return <div class="frame-detail empty">Select a frame to see its payload.</div>;
  const frame = store.log.byIndex(index);
  const position = store.log.positionOf(index);
  if (!frame || position === undefined) return <div class="frame-detail empty">Frame #{frameNumber(index)} is no longer in the capture.</div>;
  const decoded = decodeFrame(frame);
  const session = store.sessions.set.ofConnection(frame.connectionId);
  const description = store.log.describe(position, store.protocolOf(frame.connectionId));
  const released = releasedByPage(session?.pipeline, frame);
  const bytes = store.log.bytesAt(position);
  const start = session && !store.untimed.value ? sessionStart(session) : undefined;
  // The checks across requests by frame, not by the session they are reported on: one that joins this
  // frame's request to a later one is marked on this frame in the timeline, so it is listed here too.
  const findings = [...(session ? session.pipeline.findings().filter((f) => f.frames.includes(index)) : []), ...store.findings.across.onFrame(index)];
  const items = session ? itemsOfFrame(session.pipeline.view().items, index) : [];
  const copy = async () => {
    const text = decoded.json !== undefined ? safeJson(decoded.json, { indent: 2, maxDepth: MAX_PRINT_DEPTH }) : JSON.stringify(frameText(frame));
    setCopied((await copyText(text)) ? 'Copied' : 'Copy failed');
  };
  return (
    <div class="frame-detail" aria-label={`Frame ${frameNumber(index)}`} data-testid="frame-detail" data-index={index}>
      <div class="detail-head">
        <span>
          #{frameNumber(frame.index)} {frame.direction === 'in' ? '↓ received' : '↑ sent'} ·{' '}
          {released ? (
            <span data-testid="released-by-page" title={RELEASED_BY_PAGE_TITLE}>
              {RELEASED_BY_PAGE}
            </span>
          ) : (
            description.event
          )}{' '}
          · {formatBytes(bytes)} ·{' '}
          {store.connectionName(frame.connectionId)}
        </span>
        {!store.untimed.value && (
          <span class="muted" title="Clock time">
            {' '}
            · {formatClock(frame.time)}
            {start !== undefined && ` (${formatDuration(frame.time - start)} after the request)`}
          </span>
        )}
        {frame.eventId !== undefined && <span> · id {frame.eventId}</span>}
        {frame.sentBy === 'inspector' && <span class="inspector-mark"> sent from the inspector, not by the page</span>}
        {frame.truncated && <span class="warning"> · cut at {frame.data.length} of {frame.truncated.originalLength} characters</span>}
        {frame.notKeptBefore !== undefined && (
          <span class="warning" data-testid="not-kept-before">
            {' '}
            · {plural(frame.notKeptBefore, 'frame')} right before it on this connection not kept (capture budget)
          </span>
        )}
        <button type="button" class="copy-json" onClick={() => void copy()}>
          Copy as JSON
        </button>
        {copied && <span class="muted"> {copied}</span>}
      </div>
      <section>
        <h4>Payload</h4>
        {decoded.json !== undefined ? <JsonTree value={decoded.json} /> : <pre class="payload-text">{frameText(frame)}</pre>}
        {decoded.jsonError && <p class="muted">{decoded.jsonError}</p>}
      </section>
      <section>
        <h4>Normalised event</h4>
        <p>
          {session ? `${session.pipeline.protocol} session ${session.key ?? session.id}` : 'no session'} · {frame.kind}
          {frame.eventName ? ` · SSE event ${frame.eventName}` : ''}
        </p>
        {items.length === 0 ? (
          <p class="muted">This frame built no visible item.</p>
        ) : (
          <ul class="frame-items">
            {items.map((item) => (
              <li key={item.id}>
                {item.kind} {describe(item)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h4>Findings</h4>
        {findings.length === 0 ? (
          <p class="muted">None.</p>
        ) : (
          <ul class="frame-findings">
            {findings.map((f, i) => (
              <li key={i} class={`sev-${f.severity}`}>
                {f.severity} {f.rule}: {f.message}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function itemsOfFrame(items: readonly ViewItem[], index: number, out: ViewItem[] = []): ViewItem[] {
  for (const item of items) {
    if (item.frames.includes(index)) out.push(item);
    if (item.kind === 'group') itemsOfFrame(item.items, index, out);
  }
  return out;
}

function describe(item: ViewItem): string {
  switch (item.kind) {
    case 'tool':
      return item.name ? `${item.label} (${item.name}, ${item.status})` : `${item.label} (${item.status})`;
    case 'group':
      return item.summary;
    case 'text':
    case 'user':
    case 'reasoning':
    case 'raw':
      return item.text.slice(0, 80);
    case 'error':
      return item.message;
    case 'approval':
    case 'question':
      return item.key;
  }
}
