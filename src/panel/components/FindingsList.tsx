// The session's findings, all of them whatever the scrub position (those reported after it are
// dimmed), in frame order. The current one is highlighted; F8 / Shift+F8 or the arrows step through
// them; a click selects its frames. Each links to its rule's documentation.
import { useEffect, useRef } from 'preact/hooks';
import type { Finding } from '../../model/finding';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { frameNumber } from '../store/frame-row';
import { rulePageHref } from './rule-link';

/** Rows drawn at most; a stream broken on every frame would otherwise redraw thousands per append. */
export const MAX_FINDING_ROWS = 1000;

export function FindingsList({ store }: { store: PanelStore }) {
  const current = store.sessions.view.value;
  const cursor = store.selection.finding.value;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('.finding-row.current')?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);
  const findings = current?.findings ?? [];
  if (findings.length === 0) return <div class="findings empty">No findings{current ? ' for this session' : ''}.</div>;
  const shown = findings.length > MAX_FINDING_ROWS ? findings.slice(0, MAX_FINDING_ROWS) : findings;
  const at = current?.at;
  return (
    <div class="findings-pane">
      <FindingNav store={store} />
      <ul class="findings" aria-label="Findings" data-testid="findings" ref={list}>
        {shown.map((f, i) => (
          <li key={i} class={`finding-row${i === cursor ? ' current' : ''}${at !== undefined && f.at > at ? ' later' : ''}`} data-rule={f.rule}>
            <button type="button" class={`finding sev-${f.severity}`} aria-current={i === cursor ? 'true' : undefined} onClick={() => applyEvent(store, { type: 'selectFinding', finding: f })}>
              <span class="finding-severity">{f.severity}</span> <span class="finding-rule">{f.rule}</span> <span class="finding-message">{f.message}</span>
              <FrameRefs finding={f} />
            </button>
            <a class="rule-doc" href={rulePageHref(f.rule)} target="_blank" rel="noopener" title={`What ${f.rule} means`} aria-label={`Documentation of ${f.rule}`}>
              ?
            </a>
          </li>
        ))}
        {shown.length < findings.length && <li class="muted">{findings.length - shown.length} more; filter the timeline with has:error to see their frames.</li>}
      </ul>
    </div>
  );
}

function FrameRefs({ finding }: { finding: Finding }) {
  if (finding.frames.length === 0) return null;
  const refs = finding.frames.slice(0, 8).map((i) => `#${frameNumber(i)}`);
  if (finding.frames.length > 8) refs.push(`… ${finding.frames.length - 8} more`);
  return <span class="finding-frames muted"> {refs.join(', ')}{finding.path ? ` at ${finding.path}` : ''}</span>;
}

/** Previous / next finding with the position among the session's findings; shown above the list and in the metrics strip. */
export function FindingNav({ store, compact = false }: { store: PanelStore; compact?: boolean }) {
  const current = store.sessions.view.value;
  const total = current?.findings.length ?? 0;
  const cursor = store.selection.finding.value;
  const finding = cursor !== undefined ? current?.findings[cursor] : undefined;
  return (
    <div class={`finding-nav${compact ? ' compact' : ''}`} data-testid="finding-nav">
      <button type="button" class="finding-prev" disabled={total === 0} title="Previous finding (Shift+F8)" aria-label="Previous finding" onClick={() => applyEvent(store, { type: 'stepFinding', step: -1 })}>
        ◀
      </button>
      <span class="finding-position" data-position={cursor === undefined ? '' : cursor + 1}>
        {total === 0 ? 'no findings' : cursor === undefined ? `${total} finding${total === 1 ? '' : 's'}` : `${cursor + 1} / ${total}`}
      </span>
      <button type="button" class="finding-next" disabled={total === 0} title="Next finding (F8)" aria-label="Next finding" onClick={() => applyEvent(store, { type: 'stepFinding', step: 1 })}>
        ▶
      </button>
      {!compact && finding && (
        <span class={`finding-current sev-${finding.severity}`}>
          {finding.rule}: <span class="finding-message">{finding.message}</span>
        </span>
      )}
    </div>
  );
}
