// The selected session's findings (as of the scrub position). Clicking one selects its first frame
// in the timeline and highlights all of its frames.
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';

/** Rows drawn at most; a stream broken on every frame would otherwise redraw thousands per append. */
export const MAX_FINDING_ROWS = 1000;

export function FindingsList({ store }: { store: PanelStore }) {
  const current = store.sessions.view.value;
  const findings = current?.findings ?? [];
  if (findings.length === 0) return <div class="findings empty">No findings{current ? ` for this session` : ''}.</div>;
  const shown = findings.length > MAX_FINDING_ROWS ? findings.slice(0, MAX_FINDING_ROWS) : findings;
  return (
    <ul class="findings" aria-label="Findings" data-testid="findings">
      {shown.map((f, i) => (
        <li key={i}>
          <button type="button" class={`finding sev-${f.severity}`} onClick={() => applyEvent(store, { type: 'selectFinding', finding: f })}>
            <span class="finding-severity">{f.severity}</span> <span class="finding-rule">{f.rule}</span>{' '}
            <span class="finding-message">{f.message}</span>
            {f.frames.length > 0 && <span class="finding-frames muted"> #{f.frames.join(', #')}</span>}
          </button>
        </li>
      ))}
      {shown.length < findings.length && (
        <li class="muted">
          {findings.length - shown.length} more; filter the timeline by severity to see their frames.
        </li>
      )}
    </ul>
  );
}
