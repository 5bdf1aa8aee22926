// The raw frame timeline: one row per frame, windowed (fixed-row-window.ts: rows of one height, found
// by division) so only the rows in view (plus a few) exist in the DOM and an append costs the same
// whatever the capture's size. Columns: the frame number used
// everywhere (findings, the CLI), time since the session's request (clock time on hover), an optional
// gap column, direction, connection (when several are in view), what the frame is for its protocol (its
// short label, the full event name on hover; a sub-agent's frames tagged with its name), a preview of its data, its size in bytes and a finding
// marker. Columns are resized by their header's edge and shown or hidden from the header's menu
// (timeline-columns.ts remembers both). Keyboard: up/down, page up/down, home/end move the selection.
// A row's elements stay in their slot of the window and only their text changes as the window moves
// (keyed by slot, not by frame): following a flood replaces every row many times a second, and new
// elements each time were most of what the panel's page allocated.
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import { FixedRowWindow, type FixedRowOptions } from './fixed-row-window';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { formatBytes, frameNumber } from '../store/frame-row';
import { track } from '../store/track';
import { formatClock, formatDuration, sessionStart } from '../store/session-time';
import type { PanelSession } from '../store/session-set';
import { NO_SEPARATORS, planSeparators, rowAt, rowCount, rowOf, type SeparatorPlan } from '../store/timeline-separators';
import { sessionName } from './FindingsList';
import type { FrameDescription } from '../../protocols/types';
import { ColumnHeader } from './TimelineHeader';
import { sessionSubagents } from '../store/session-subagents';
import { RELEASED_BY_PAGE, RELEASED_BY_PAGE_TITLE, releasedByPage } from '../../analysis/page-release';
import type { SubagentLane } from '../store/subagent-lanes';
import { eventWidthCh, gridTemplate, readPrefs, shownColumns, writePrefs, type ColumnId, type ColumnPrefs } from './timeline-columns';
import { plural } from './plural';

export const ROW_HEIGHT = 20;
const OVERSCAN = 8;

/**
 * Whether a store's timeline was showing its newest rows when it was last taken down: the panel draws a
 * new timeline when its layout changes (docked narrow or wide), and that one goes on following.
 */
const followedWhenUnmounted = new WeakMap<PanelStore, boolean>();

export function Timeline({ store, narrow = false }: { store: PanelStore; narrow?: boolean }) {
  const [prefs, setPrefsState] = useState<ColumnPrefs>(readPrefs);
  const setPrefs = (next: ColumnPrefs, remember = true) => {
    setPrefsState(next);
    if (remember) writePrefs(next);
  };
  // The Event column fits the longest label drawn so far (it only grows, so scrolling never jitters).
  const longestLabel = useRef(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const visible = store.filters.visible.value;
  const selected = store.selection.frame.value;
  const highlighted = store.selection.highlighted.value;
  const untimed = store.untimed.value;
  // One connection in view: the Connection column would repeat itself on every row.
  const scope = store.filters.scope.value;
  // "All sessions": one clock from the capture's start and a separator row where each session starts.
  const all = scope === undefined;
  track(store.sessionsVersion.value);
  const separators = all ? sessionSeparators(store, store.filters.visible.value.list) : NO_SEPARATORS;
  const rows = rowCount(separators, visible.count);
  const connectionsInView = scope ? scope.size : store.connections.value.size;
  const columns = shownColumns(prefs, connectionsInView);
  // Touch the findings version so markers repaint when findings arrive for frames already shown.
  track(store.findingsVersion.value);

  const spaceRef = useRef<HTMLDivElement>(null);
  const options: FixedRowOptions = {
    count: rows,
    getScrollElement: () => scrollRef.current,
    getContentElement: () => spaceRef.current,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    onChange: () => rerender(0),
  };
  const virtualizer = useRef<FixedRowWindow | null>(null);
  if (!virtualizer.current) virtualizer.current = new FixedRowWindow(options);
  const v = virtualizer.current;
  // Like the Network panel, follow new frames while live and the last rows are in view. Decided
  // before drawing, from the position last read, so this draw already holds the last rows and the
  // scroll is written without reading the layout (which forced one layout per update).
  const lastCount = useRef(rows);
  // The last decision to follow or not, kept for the timeline drawn after a layout change. A first
  // timeline of a live tab follows: its first batch may already be taller than the view.
  const following = useRef(followedWhenUnmounted.get(store) ?? (store.source.peek() === 'hub' && store.scrub.live.peek()));
  if (rows !== lastCount.current) {
    const before = lastCount.current;
    lastCount.current = rows;
    // Also when the count drops (the panel letting its oldest frames go): the end stays in view.
    const follow = store.scrub.live.peek() && v.showsEnd(before);
    following.current = follow;
    v.setOptions(options);
    if (follow) v.pinToEnd();
  } else v.setOptions(options);
  useLayoutEffect(() => {
    const detach = v._didMount();
    if (following.current && store.scrub.live.peek()) v.pinToEnd();
    return () => {
      followedWhenUnmounted.set(store, following.current);
      detach();
    };
  }, [v, store]);
  useLayoutEffect(() => v._willUpdate());

  const list = visible.list;
  const selectedPos = selected === undefined ? -1 : sortedIndexOf(list, store.log.positionOf(selected));
  const selectedRow = selectedPos < 0 ? -1 : rowOf(separators, selectedPos);
  // Keep the selected row in view when the selection moves (keyboard, a finding clicked).
  useEffect(() => {
    if (selectedRow < 0) return;
    v.scrollToIndex(selectedRow, { align: 'auto' });
    const root = scrollRef.current;
    if (root && root.contains(document.activeElement)) root.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [selected, selectedRow, v]);

  const move = (to: number) => {
    if (list.length === 0) return;
    const clamped = Math.max(0, Math.min(list.length - 1, to));
    const position = list[clamped];
    if (position !== undefined && position < store.log.length) applyEvent(store, { type: 'selectFrame', index: store.log.indexAt(position) });
  };
  const page = Math.max(1, Math.floor((v.scrollRect?.height ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = selectedPos < 0 ? -1 : selectedPos;
    const target: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at < 0 ? 0 : at - 1,
      PageDown: at + page,
      PageUp: at - page,
      Home: 0,
      End: list.length - 1,
    };
    const to = target[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };

  const starts = new Map<PanelSession | undefined, number | undefined>();
  const captureStart = all ? captureStartOf(store) : undefined;
  const startOf = (connectionId: string): number | undefined => {
    if (all) return captureStart;
    const session = store.sessions.set.ofConnection(connectionId);
    if (!starts.has(session)) starts.set(session, session ? sessionStart(session) : store.log.length > 0 ? store.log.timeAt(0) : undefined);
    return starts.get(session);
  };
  // Each drawn row's description first: the Event column's width must fit them before they are drawn.
  const items = v.getVirtualItems();
  const described = items.map((row) => {
    const at = rowAt(separators, row.index);
    if (at.kind === 'separator') return { kind: 'separator' as const, row, session: at.session };
    const entry = at.entry;
    const position = list[entry] as number;
    const frame = store.log.frameAt(position);
    const description: FrameDescription = store.log.describe(position, store.protocolOf(frame.connectionId));
    const session = store.sessions.set.ofConnection(frame.connectionId);
    // The page's end of a connection after its turn stopped nothing: the rendering shows no stop either.
    const released = releasedByPage(session?.pipeline, frame);
    const label = released ? RELEASED_BY_PAGE : (description.label ?? description.event);
    const sub = sessionSubagents(session).of(frame.index);
    const tag = sub ? subagentTag(sub.name) : '';
    // The tag takes its characters and a space's worth of padding in the Event column.
    const width = label.length + (tag ? tag.length + 2 : 0) + (frame.notKeptBefore !== undefined ? notKeptMarkText(frame.notKeptBefore).length + 2 : 0);
    if (width > longestLabel.current) longestLabel.current = width;
    const title = released ? RELEASED_BY_PAGE_TITLE : sub ? `${description.event} · sub-agent ${sub.name}` : description.event;
    return { kind: 'frame' as const, row, entry, position, frame, description, label, title, sub, tag };
  });
  const template = gridTemplate(columns, prefs, eventWidthCh(longestLabel.current));
  const shows = (id: ColumnId) => columns.some((c) => c.id === id);
  return (
    <div class="timeline" style={{ '--timeline-columns': template }} data-columns={columns.map((c) => c.id).join(' ')}>
      <ColumnHeader columns={columns} prefs={prefs} untimed={untimed} onChange={setPrefs} />
      <div
        class="timeline-scroll"
        ref={scrollRef}
        role="listbox"
        aria-label="Frames"
        data-testid="timeline"
        data-shown={visible.count}
        data-separators={separators.before.length}
        tabIndex={selectedPos < 0 ? 0 : -1}
        onKeyDown={onKeyDown}
      >
        {list.length === 0 && <div class="empty">{store.log.length === 0 ? 'No frames yet.' : 'No frame matches the filter.'}</div>}
        <div class="timeline-space" ref={spaceRef} style={{ height: `${v.getTotalSize()}px` }}>
          {described.map((d, slot) => {
            if (d.kind === 'separator') return <SeparatorRow key={slot} store={store} session={d.session} top={d.row.start} />;
            const { row, entry, position, frame, description, label, title, sub, tag } = d;
            const previousTime = entry > 0 ? store.log.timeAt(list[entry - 1] as number) : undefined;
            const severity = store.filters.context.severityOf(frame.index);
            const isSelected = frame.index === selected;
            const start = startOf(frame.connectionId);
            const since = untimed || start === undefined ? undefined : frame.time - start;
            return (
              <div
                key={slot}
                role="option"
                id={`frame-${frame.index}`}
                aria-selected={isSelected}
                tabIndex={isSelected ? 0 : -1}
                data-index={frame.index}
                data-testid="frame-row"
                class={`row row-grid${isSelected ? ' selected' : ''}${highlighted.has(frame.index) ? ' highlighted' : ''} dir-${frame.direction}${frame.sentBy === 'inspector' ? ' sent-by-inspector' : ''}${severity === 'error' || severity === 'warning' ? ` sev-row-${severity}` : ''}`}
                style={{ height: `${ROW_HEIGHT}px`, transform: `translateY(${row.start}px)` }}
                onClick={() => {
                  applyEvent(store, { type: 'selectFrame', index: frame.index });
                  if (narrow) applyEvent(store, { type: 'setTab', tab: 'frame' });
                }}
              >
                {shows('num') && <span class="col-num">{frameNumber(frame.index)}</span>}
                {shows('time') && (
                  <span class="col-time" title={untimed ? 'no timing in this input' : formatClock(frame.time)}>
                    {since === undefined ? '—' : formatDuration(since)}
                  </span>
                )}
                {shows('delta') && <span class="col-delta">{untimed || previousTime === undefined ? '' : formatDuration(frame.time - previousTime)}</span>}
                {shows('dir') && (
                  <span class="col-dir" aria-label={frame.direction === 'in' ? 'received' : 'sent'}>
                    {frame.direction === 'in' ? '↓' : '↑'}
                  </span>
                )}
                {shows('conn') && <span class="col-conn">{store.connectionName(frame.connectionId)}</span>}
                <span class="col-type" title={title}>
                  {sub && <SubagentTag sub={sub} tag={tag} />}
                  {/* A message the user sent from the panel on the page's socket: never to be taken for the page's own. */}
                  {frame.sentBy === 'inspector' && (
                    <span class="inspector-mark" data-testid="inspector-mark" title="Sent from the inspector (answer from the panel), not by the page">
                      sent from the inspector
                    </span>
                  )}
                  {frame.notKeptBefore !== undefined && <NotKeptMark count={frame.notKeptBefore} />}
                  {label}
                </span>
                {shows('data') && <span class="col-data">{description.preview ?? ''}</span>}
                {shows('size') && <span class="col-size">{formatBytes(store.log.bytesAt(position))}</span>}
                <span class={`marker${severity ? ` sev-${severity}` : ''}`} aria-label={severity ? `${severity} finding` : undefined} title={severity ? `${severity} finding on this frame` : undefined} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * Where the capture left frames out: payloads of this row's connection, past the capture budget, that
 * came right before this frame and were counted, not kept (the toolbar has the tab's total).
 */
function NotKeptMark({ count }: { count: number }) {
  return (
    <span class="not-kept-mark" data-testid="not-kept-mark" data-count={count} title={`${plural(count, 'frame')} of this connection came right before this one, past the capture budget: counted, not kept`}>
      {notKeptMarkText(count)}
    </span>
  );
}

function notKeptMarkText(count: number): string {
  return `⋯${count} not kept`;
}

/** A sub-agent's name as its rows' tag: at most 10 characters, so the Event column stays narrow. */
const TAG_MAX = 10;
function subagentTag(name: string): string {
  const chars = [...name.replace(/\s+/g, ' ')];
  return chars.length <= TAG_MAX ? chars.join('') : `${chars.slice(0, TAG_MAX - 1).join('')}…`;
}

function SubagentTag({ sub, tag }: { sub: SubagentLane; tag: string }) {
  return (
    <span class={`subagent-tag${sub.status === 'failed' ? ' failed' : ''}`} data-subagent={sub.name}>
      {tag}
    </span>
  );
}

/** Past this many sessions no separator rows are drawn (a page of thousands of short sockets). */
const MAX_SEPARATED_SESSIONS = 1000;

/** Where each session's first frame sits, for the separator rows; none with a single session. */
function sessionSeparators(store: PanelStore, list: readonly number[]): SeparatorPlan<PanelSession> {
  const sessions = store.sessions.set.list;
  if (sessions.length < 2 || sessions.length > MAX_SEPARATED_SESSIONS) return NO_SEPARATORS;
  const starts: Array<{ session: PanelSession; position: number }> = [];
  for (const session of sessions) {
    const first = session.pipeline.frames[0];
    const position = first === undefined ? undefined : store.log.positionOf(first.index);
    if (position !== undefined) starts.push({ session, position });
  }
  return planSeparators(list, starts);
}

/** The capture's start: the earliest session request, else the first frame kept. */
function captureStartOf(store: PanelStore): number | undefined {
  let start = store.log.length > 0 ? store.log.timeAt(0) : undefined;
  const first = store.sessions.set.list[0];
  const request = first ? sessionStart(first) : undefined;
  if (request !== undefined && (start === undefined || request < start)) start = request;
  return start;
}

/** A row saying which session starts here; a click scopes the panel to it. */
function SeparatorRow({ store, session, top }: { store: PanelStore; session: PanelSession; top: number }) {
  const start = sessionStart(session);
  return (
    <div
      class="row session-separator"
      role="presentation"
      data-testid="session-separator"
      data-session={session.id}
      title="Show only this session"
      style={{ height: `${ROW_HEIGHT}px`, transform: `translateY(${top}px)` }}
      onClick={() => applyEvent(store, { type: 'selectSession', id: session.id })}
    >
      <span class="separator-protocol">{session.pipeline.protocol}</span>
      <span class="separator-name">{sessionName(store, session)}</span>
      {start !== undefined && !store.untimed.value && <span>· started {formatClock(start)}</span>}
    </div>
  );
}

/** Binary search: the filtered list holds frame positions in ascending order. */
function sortedIndexOf(list: readonly number[], value: number | undefined): number {
  if (value === undefined) return -1;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid] as number;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
