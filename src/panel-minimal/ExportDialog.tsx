// Shown before an export: redaction on by default, and the list of what redaction replaces.
import { useMemo, useState } from 'preact/hooks';
import type { Capture } from '../model/frame';
import { redactionPreview } from './export';

export interface PendingExport {
  title: string;
  capture: Capture;
}

export function ExportDialog(props: { pending: PendingExport; onDownload(redact: boolean): void; onCancel(): void }) {
  const [redact, setRedact] = useState(true);
  const items = useMemo(() => redactionPreview(props.pending.capture), [props.pending]);
  return (
    <div class="export-dialog" role="dialog" aria-label="Export">
      <p>
        Export {props.pending.title}: {props.pending.capture.frames.length} frames in {props.pending.capture.connections.length}{' '}
        connections.
      </p>
      <label>
        <input type="checkbox" class="redact" checked={redact} onChange={(e) => setRedact(e.currentTarget.checked)} /> Redact secrets
      </label>
      {redact && (
        <div class="redactions">
          {items.length === 0 ? (
            <p>Nothing to redact was found.</p>
          ) : (
            <>
              <p>{items.length} replacements:</p>
              <ul>
                {items.map((i) => (
                  <li key={`${i.path} ${i.reason}`}>
                    {i.path}: {i.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {!redact && <p class="warning">The file will contain tokens, keys and headers exactly as captured.</p>}
      <button type="button" class="download" onClick={() => props.onDownload(redact)}>
        Download
      </button>
      <button type="button" class="cancel" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
