// Export: the whole capture or the selected session, in the capture format or as OpenTelemetry traces
// (OTLP/JSON, exactly what `otel` writes for the capture file). Redaction is on by default and the list
// of what it replaces is shown before the download.
import { useMemo, useState } from 'preact/hooks';
import type { Capture } from '../../model/frame';
import { planRedaction } from '../../redaction/redact';
import { toCaptureFile } from '../../capture-format/capture-format';
import type { PanelStore } from '../store/store';
import { otlpOfInputText } from '../../otel/otlp-text';
import { downloadText, exportFileName, otlpFileName } from './download';

/** The capture to export: everything the panel holds, or one session's connections and frames. */
export function exportCapture(store: PanelStore, sessionOnly: boolean, sessionId?: string): Capture {
  const session = sessionId !== undefined ? store.sessions.set.get(sessionId) : sessionOnly ? store.sessions.current.peek() : undefined;
  if (sessionId !== undefined && !session) throw new Error(`no session ${sessionId}`);
  const wanted = session ? new Set(session.connectionIds) : undefined;
  const connections = [...store.connections.peek().values()];
  return {
    connections: wanted ? connections.filter((c) => wanted.has(c.id)) : connections,
    frames: wanted ? store.log.all().filter((f) => wanted.has(f.connectionId)) : store.log.all(),
    // The payloads counted past the capture budget are frames the file lacks too.
    dropped: store.status.peek().dropped + (store.status.peek().notKept ?? 0),
  };
}

export function ExportDialog({ store, onClose, pageUrl }: { store: PanelStore; onClose(): void; pageUrl?: string }) {
  const [redact, setRedact] = useState(true);
  const [sessionOnly, setSessionOnly] = useState(false);
  const [format, setFormat] = useState<'capture' | 'otlp'>('capture');
  const capture = useMemo(() => exportCapture(store, sessionOnly), [store, sessionOnly]);
  const items = useMemo(() => (redact ? planRedaction(capture) : []), [capture, redact]);
  const download = () => {
    const file = toCaptureFile(capture, { redact, ...(pageUrl !== undefined && { pageUrl }) });
    const name = exportFileName();
    const text = `${JSON.stringify(file, null, 2)}\n`;
    // The traces of the capture file this export would have saved, its name in the ids as `otel NAME` gives them.
    if (format === 'otlp') downloadText(otlpOfInputText(text, name), otlpFileName(name));
    else downloadText(text, name);
    onClose();
  };
  return (
    <div class="export-dialog" role="dialog" aria-label="Export">
      <p>
        {capture.frames.length} frames in {capture.connections.length} connections.
      </p>
      <div class="export-format" role="radiogroup" aria-label="Format">
        <label>
          <input type="radio" name="export-format" class="format-capture" checked={format === 'capture'} onChange={() => setFormat('capture')} /> Capture file
        </label>
        <label title="Traces under the GenAI semantic conventions, as `agent-stream-inspector otel` writes them: POST to a collector's /v1/traces">
          <input type="radio" name="export-format" class="format-otlp" checked={format === 'otlp'} onChange={() => setFormat('otlp')} /> OpenTelemetry (OTLP/JSON)
        </label>
      </div>
      <label>
        <input type="checkbox" class="session-only" name="session-only" checked={sessionOnly} onChange={(e) => setSessionOnly(e.currentTarget.checked)} /> Only the
        selected session
      </label>
      <label>
        <input type="checkbox" class="redact" name="redact" checked={redact} onChange={(e) => setRedact(e.currentTarget.checked)} /> Redact secrets
      </label>
      {redact ? (
        items.length === 0 ? (
          <p class="redactions">Nothing to redact was found.</p>
        ) : (
          <div class="redactions">
            <p>{items.length} replacement(s):</p>
            <ul>
              {items.map((i) => (
                <li key={`${i.path} ${i.reason}`}>
                  {i.path}: {i.reason}
                </li>
              ))}
            </ul>
          </div>
        )
      ) : (
        <p class="warning">The file will contain tokens, keys and headers exactly as captured.</p>
      )}
      <button type="button" class="download" onClick={download}>
        Download
      </button>
      <button type="button" class="cancel" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}
