// Which page, and which of its agent sessions the panel is scoped to. The picker opens a list that a
// person recognises: what the user asked (the session's name), its state, duration, time to first token
// and findings first (what a narrow panel must not cut), then protocol, the agent's own id, the
// connections by method and path, start time and frames. "All sessions" shows every frame.
// The list is virtualised and only the rows drawn are summarised, so a page with thousands of
// short-lived sockets opens it, and keeps it open while frames arrive, as fast as one.
import { sessionMetrics } from '../store/session-metrics';
import { formatUsd } from '../../analysis/usage/price';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { plural } from './plural';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { track } from '../store/track';
import { summarizeSession, type SessionSummaryRow } from '../store/session-summary';
import { formatClock, formatDuration } from '../store/session-time';
import type { PanelSession } from '../store/session-set';

const ROW = 38;
/** Up to this many sessions every row is drawn; past it only the rows in view (virtualised). */
const PLAIN_UP_TO = 200;

/**
 * `compact` (a short panel): no page heading here (the toolbar shows it) and `metrics` drawn after the
 * picker on the same row.
 */
export function SessionBar({ store, compact = false, metrics }: { store: PanelStore; compact?: boolean; metrics?: ComponentChildren }) {
  track(store.sessionsVersion.value);
  track(store.findingsVersion.value);
  const [open, setOpen] = useState(false);
  const scoped = store.sessions.scoped.value;
  const current = store.sessions.current.value;
  const list = store.sessions.set.list;
  const options = { live: store.source.value === 'hub', untimed: store.untimed.value };
  const summarize = (s: PanelSession) => summarizeSession(s, store.connections.value, store.connectionName, options, store.findings.across.of(s));
  const shown = scoped ? summarize(scoped) : undefined;
  return (
    <div class="session-bar" data-testid="session-bar">
      {!compact && <PageHeading store={store} />}
      <div class="session-select">
        <button
          type="button"
          class="session-button"
          aria-haspopup="listbox"
          aria-expanded={open}
          data-testid="session-button"
          data-scope={scoped?.id ?? ''}
          onClick={() => setOpen(!open)}
        >
          {shown ? (
            <SessionLine row={shown} />
          ) : (
            <span class="session-line">
              <span class="all-sessions">All sessions ({list.length})</span>
              {current && (
                <>
                  <span class="muted"> · shown: </span>
                  <SessionLine row={summarize(current)} inline />
                </>
              )}
            </span>
          )}
          <span class="caret" aria-hidden="true">
            ▾
          </span>
        </button>
        {open && (
          <SessionList
            store={store}
            sessions={list}
            summarize={summarize}
            selected={scoped?.id}
            onChoose={(id) => {
              setOpen(false);
              applyEvent(store, { type: 'selectSession', id });
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </div>
      {metrics}
    </div>
  );
}

/** The page (or imported file) the panel shows, its address on hover. */
export function PageHeading({ store }: { store: PanelStore }) {
  return (
    <span class="page-heading" title={store.page.url.value ?? ''} data-testid="page-heading">
      {pageHeading(store)}
    </span>
  );
}

function pageHeading(store: PanelStore): string {
  if (store.source.value === 'file') return store.toolbar.fileName.value ?? 'Imported file';
  const title = store.page.title.value;
  const url = store.page.url.value;
  if (title && url) return `${title} — ${url}`;
  return title ?? url ?? 'This page';
}

/** The whole of a session's summary as a tooltip: the name is cut in the line, the ids are only here and below. */
export function sessionTooltip(row: SessionSummaryRow): string {
  return [
    row.named ? `Asked: ${row.name}` : row.name,
    `Agent id: ${row.agentId ?? '(none in the frames)'}`,
    `Protocol: ${row.protocol}`,
    `Connections: ${row.connections.join(', ')}`,
    `Started ${formatClock(row.startedAt)} · ${plural(row.frames, 'frame')}`,
  ].join('\n');
}

/**
 * One session in one line: state, name (the prompt), then the figures a narrow panel must keep
 * (duration, TTFT, findings); the protocol and the agent's id come last, where a narrow line cuts.
 */
export function SessionLine({ row, inline = false }: { row: SessionSummaryRow; inline?: boolean }) {
  const findings = row.findings.error + row.findings.warning + row.findings.info;
  return (
    <span class={inline ? 'session-line-inline' : 'session-line'} title={sessionTooltip(row)}>
      <span class={`session-state state-${row.state.replace(' ', '-')}`}>{row.state}</span>{' '}
      <span class={`session-name${row.named ? ' session-prompt' : ''}`} data-testid="session-name">
        {row.name}
      </span>{' '}
      <span class="session-figures">
        {formatDuration(row.durationMs)} · TTFT {formatDuration(row.firstTokenMs)} ·{' '}
        <span class={row.findings.error > 0 ? 'sev-error' : row.findings.warning > 0 ? 'sev-warning' : ''}>{plural(findings, 'finding')}</span>
      </span>{' '}
      <span class="session-meta muted">
        · <span class="session-protocol">{row.protocol}</span>
        {row.named && row.agentId !== undefined && <span class="session-agent-id"> {row.agentId}</span>}
      </span>
    </span>
  );
}

function SessionList(props: {
  store: PanelStore;
  sessions: readonly PanelSession[];
  /** Called only for the rows drawn: a summary reads the session's frames and findings. */
  summarize(session: PanelSession): SessionSummaryRow;
  selected: string | undefined;
  onChoose(id: string | undefined): void;
  onClose(): void;
}) {
  const { sessions, summarize, selected, onChoose, onClose } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // Row 0 is "All sessions"; the sessions follow.
  const count = sessions.length + 1;
  const [active, setActive] = useState(() => (selected === undefined ? 0 : sessions.findIndex((s) => s.id === selected) + 1));
  const virtualizer = useRef<Virtualizer<HTMLDivElement, HTMLDivElement> | null>(null);
  const options = {
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    overscan: 6,
    // Rows show on the first paint, before the list is measured (the list is at most 420 px tall).
    initialRect: { width: 0, height: 420 },
    onChange: () => rerender(0),
  };
  if (!virtualizer.current) virtualizer.current = new Virtualizer(options);
  const v = virtualizer.current;
  v.setOptions({ ...v.options, ...options });
  useLayoutEffect(() => v._didMount(), [v]);
  useLayoutEffect(() => v._willUpdate());
  useEffect(() => {
    scrollRef.current?.focus();
    v.scrollToIndex(Math.max(0, active), { align: 'auto' });
  }, [active, v]);
  const choose = (at: number) => onChoose(at === 0 ? undefined : sessions[at - 1]?.id);
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: count - 1, PageDown: active + 8, PageUp: active - 8 };
    if (e.key in moves) {
      e.preventDefault();
      setActive(Math.max(0, Math.min(count - 1, moves[e.key] as number)));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };
  return (
    <div
      class="session-list"
      ref={scrollRef}
      role="listbox"
      aria-label="Sessions"
      data-testid="sessions"
      tabIndex={0}
      aria-activedescendant={`session-option-${active}`}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onClose();
      }}
    >
      <div style={{ height: `${count * ROW}px`, position: 'relative' }}>
        {(count <= PLAIN_UP_TO ? Array.from({ length: count }, (_, index) => ({ index, start: index * ROW })) : v.getVirtualItems()).map((item) => {
          const session = item.index === 0 ? undefined : sessions[item.index - 1];
          const row = session && summarize(session);
          const isSelected = row ? row.id === selected : selected === undefined;
          return (
            <div
              key={row?.id ?? '*all'}
              id={`session-option-${item.index}`}
              role="option"
              aria-selected={isSelected}
              class={`session-option${item.index === active ? ' active' : ''}${isSelected ? ' current' : ''}`}
              data-testid="session"
              data-session={row?.id ?? ''}
              data-protocol={row?.protocol ?? ''}
              style={{ height: `${ROW}px`, transform: `translateY(${item.start}px)` }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item.index)}
            >
              {row ? (
                <>
                  <SessionLine row={row} />
                  <span class="session-connections muted">
                    {formatClock(row.startedAt)} · {plural(row.frames, 'frame')} · {session && <UsageNote session={session} />}
                    {row.agentId !== undefined ? `${row.agentId} · ` : ''}
                    <span class="session-conn-names">{row.connections.join(' · ')}</span>
                  </span>
                </>
              ) : (
                <span class="session-line">
                  All sessions <span class="muted">({sessions.length}) · every frame of the page</span>
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** A session's tokens and cost in the picker's second line, when its stream reported usage. */
function UsageNote({ session }: { session: PanelSession }) {
  const m = sessionMetrics(session);
  if (!m.tokens) return null;
  const t = m.tokens;
  return (
    <span class="session-usage" data-testid="session-usage">
      {t.input ?? '—'} in / {t.output ?? '—'} out tokens{m.cost ? ` · ${formatUsd(m.cost.usd)}` : ''} ·{' '}
    </span>
  );
}
