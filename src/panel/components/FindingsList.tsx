// The findings in the toolbar counts' scope: one session's, or with "All sessions" every session's,
// grouped under a line naming the session. In frame order; each row says its severity with a glyph as
// well as a colour (✕ error, ⚠ warning, ℹ info). The current one is highlighted; F8 / Shift+F8 or the
// arrows step through them; a click selects its frame without moving the rendering off its latest state
// (docked narrow, the frame's JSON opens under the row, since the frame detail has no room beside it).
// Findings reported after a position the user scrubbed to are dimmed. Each links to its rule's page.
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Finding } from '../../model/finding';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { frameNumber } from '../store/frame-row';
import { SEVERITY_GLYPH, type FindingGroup } from '../store/scoped-findings';
import { summarizeSession } from '../store/session-summary';
import type { PanelSession } from '../store/session-set';
import { rulePageHref } from './rule-link';
import { plural } from './plural';
import { FrameDetail } from './FrameDetail';

/** Rows drawn at most; a stream broken on every frame would otherwise redraw thousands per append. */
export const MAX_FINDING_ROWS = 1000;

export function FindingsList({ store, inlineFrame = false }: { store: PanelStore; inlineFrame?: boolean }) {
  const listed = store.findings.listed.value;
  const current = store.sessions.view.value;
  const cursor = store.selection.finding.value;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('.finding-row.current')?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);
  const total = listed.flat.length;
  if (total === 0) return <div class="findings empty">{listed.all ? 'No findings in any session.' : 'No findings for this session.'}</div>;
  // Only a position the user scrubbed to dims findings: selecting one does not scrub.
  const at = current?.at;
  const rows: JSX.Element[] = [];
  let drawn = 0;
  for (const group of listed.groups) {
    if (drawn >= MAX_FINDING_ROWS) break;
    if (listed.all) rows.push(<GroupHeader key={`g-${group.session.id}`} store={store} group={group} />);
    for (let j = 0; j < group.findings.length && drawn < MAX_FINDING_ROWS; j++, drawn++) {
      const f = group.findings[j] as Finding;
      const i = group.offset + j;
      const later = at !== undefined && current?.session === group.session && f.at > at;
      rows.push(
        <li key={i} class={`finding-row row-sev-${f.severity}${i === cursor ? ' current' : ''}${later ? ' later' : ''}`} data-rule={f.rule} data-session={group.session.id}>
          <div class="finding-line">
            <button type="button" class={`finding sev-${f.severity}`} aria-current={i === cursor ? 'true' : undefined} onClick={() => applyEvent(store, { type: 'selectFinding', finding: f })}>
              <span class="finding-glyph" aria-hidden="true">
                {SEVERITY_GLYPH[f.severity]}
              </span>{' '}
              <span class="finding-severity">{f.severity}</span> <span class="finding-rule">{f.rule}</span> <span class="finding-message">{f.message}</span>
              <FrameRefs finding={f} />
            </button>
            <a class="rule-doc" href={rulePageHref(f.rule)} target="_blank" rel="noopener" title={`What ${f.rule} means`} aria-label={`Documentation of ${f.rule}`}>
              ?
            </a>
          </div>
          {inlineFrame && i === cursor && store.selection.frame.value !== undefined && (
            <div class="finding-frame" data-testid="finding-frame">
              <FrameDetail store={store} />
            </div>
          )}
        </li>,
      );
    }
  }
  return (
    <div class="findings-pane">
      <FindingNav store={store} />
      <ul class="findings" aria-label="Findings" data-testid="findings" data-count={total} data-scope={listed.all ? 'all' : 'session'} ref={list}>
        {rows}
        {drawn < total && <li class="muted">{total - drawn} more; filter the timeline with has:error to see their frames.</li>}
      </ul>
    </div>
  );
}

/** "All sessions": which session the findings below belong to, with a click to scope to it. */
function GroupHeader({ store, group }: { store: PanelStore; group: FindingGroup }) {
  const name = sessionName(store, group.session);
  const errors = group.findings.filter((f) => f.severity === 'error').length;
  return (
    <li class="finding-group" data-testid="finding-group" data-session={group.session.id}>
      <span class="finding-group-protocol">{group.session.pipeline.protocol}</span> <span class="finding-group-name">{name}</span>{' '}
      <span class="muted">
        · {plural(group.findings.length, 'finding')}
        {errors > 0 ? ` (${plural(errors, 'error')})` : ''}
      </span>{' '}
      <button type="button" class="finding-group-scope" title="Show only this session" onClick={() => applyEvent(store, { type: 'selectSession', id: group.session.id })}>
        only this session
      </button>
    </li>
  );
}

/** The name the session picker shows for a session. */
export function sessionName(store: PanelStore, session: PanelSession): string {
  return summarizeSession(session, store.connections.value, store.connectionName, { live: false, untimed: true }).name;
}

function FrameRefs({ finding }: { finding: Finding }) {
  if (finding.frames.length === 0) return null;
  const refs = finding.frames.slice(0, 8).map((i) => `#${frameNumber(i)}`);
  if (finding.frames.length > 8) refs.push(`… ${finding.frames.length - 8} more`);
  return <span class="finding-frames muted"> {refs.join(', ')}{finding.path ? ` at ${finding.path}` : ''}</span>;
}

/** Previous / next finding with the position among the listed findings; shown above the list and in the metrics strip. */
export function FindingNav({ store, compact = false }: { store: PanelStore; compact?: boolean }) {
  const listed = store.findings.listed.value;
  const total = listed.flat.length;
  const cursor = store.selection.finding.value;
  const finding = cursor !== undefined ? listed.flat[cursor] : undefined;
  return (
    <div class={`finding-nav${compact ? ' compact' : ''}`} data-testid="finding-nav">
      <button type="button" class="finding-prev" disabled={total === 0} title="Previous finding (Shift+F8)" aria-label="Previous finding" onClick={() => applyEvent(store, { type: 'stepFinding', step: -1 })}>
        ◀
      </button>
      <span class="finding-position" data-position={cursor === undefined ? '' : cursor + 1}>
        {total === 0 ? 'no findings' : cursor === undefined ? `${plural(total, 'finding')}${listed.all ? ' in all sessions' : ''}` : `${cursor + 1} / ${total}`}
      </span>
      <button type="button" class="finding-next" disabled={total === 0} title="Next finding (F8)" aria-label="Next finding" onClick={() => applyEvent(store, { type: 'stepFinding', step: 1 })}>
        ▶
      </button>
      {!compact && finding && (
        <span class={`finding-current sev-${finding.severity}`}>
          {SEVERITY_GLYPH[finding.severity]} {finding.rule}: <span class="finding-message">{finding.message}</span>
        </span>
      )}
    </div>
  );
}
