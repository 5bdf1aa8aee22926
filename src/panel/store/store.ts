// The panel's state: a factory of signals and computeds with small sub-stores, changed only by
// `applyEvent` (apply.ts). Mutable collections (frames, pipelines) sit behind version signals, so an
// append bumps a counter instead of copying 100,000 frames.
import type { NetworkStream } from '../network-log/network-streams';
import { computed, signal } from '@preact/signals';
import type { Connection } from '../../model/frame';
import { addSeverityCounts, type Finding, type Severity } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import type { TabStatus } from '../../bridge/hub-to-panel';
import { protocols } from '../../protocols/registry';
import type { ProtocolDefinition } from '../../protocols/types';
import { FrameLog, type FrameContext } from './frame-log';
import { releasedByPage } from '../../analysis/page-release';
import { FindingsIndex } from './findings-index';
import { parseQuery } from './query';
import { SessionSet, type PanelSession } from './session-set';
import { ConnectionNames } from './connection-names';
import type { LinkState } from './events';
import type { ImportThread } from '../import/import-messages';
import { track } from './track';
import { sortFindings } from './finding-order';
import { AcrossFindings, worse, type AcrossSettings } from './across-findings';
import { withAcross } from './across-merge';
import { pageToolsUpTo, withPageTools } from '../../analysis/page-tools';
import { DEFAULT_PANEL_BOUND, type PanelBound } from './panel-bound';
import { listFindings, type ListedFindings } from './scoped-findings';

export const EMPTY_STATUS: TabStatus = { dropped: 0, cut: 0, rejected: 0, ignored: 0, failed: 0, preserveLog: false, recording: true };

/** The tabs of the detail pane. */
export type DetailTab = 'frame' | 'rendering' | 'findings' | 'request' | 'waterfall' | 'conversation';

export interface SessionView {
  session: PanelSession;
  view: ViewModel;
  /** Every finding of the session, whatever the scrub position, in frame order. */
  findings: readonly Finding[];
  /** How many of `findings` were reported by the scrub position (all of them at the head). */
  reportedCount: number;
  /** The frame index the view is shown as of, or undefined at the head (live). */
  at: number | undefined;
}

function createSelection() {
  return {
    /** Capture index of the selected frame. */
    frame: signal<number | undefined>(undefined),
    /** The session everything is scoped to (timeline, findings, metrics), or undefined for all sessions. */
    scope: signal<string | undefined>(undefined),
    /** Session shown by the rendering when no scope is set: the selected frame's session. */
    session: signal<string | undefined>(undefined),
    /** Frames of the finding the user clicked. */
    highlighted: signal<ReadonlySet<number>>(new Set()),
    /** The finding the user is on (next/previous), as its position in the listed findings (`findings.listed.flat`). */
    finding: signal<number | undefined>(undefined),
    /** The connection whose request the Request tab shows. */
    connection: signal<string | undefined>(undefined),
  };
}

function createScrub() {
  return {
    /** Show the head of the stream; off while the user looks at an earlier frame. */
    live: signal(true),
    at: signal<number | undefined>(undefined),
  };
}

function createToolbar() {
  return {
    importError: signal<string | undefined>(undefined),
    fileName: signal<string | undefined>(undefined),
    /** Set between "back to the tab" and the snapshot that answers it. */
    returning: signal(false),
    /** Frames the tab received while a file is shown (since it was opened, or the tab's last clear). */
    tabNews: signal(0),
    /** Frames the panel could not add (a fault in the panel): counted and shown, the rest of their batch goes on. */
    failed: signal(0),
    /** Frames of the tab the panel let go of to stay within its memory bound (panel-bound.ts), oldest first. */
    letGo: signal(0),
    /**
     * The Preserve log value the user clicked, shown instead of the hub's until the hub answers that
     * request or the wait for it runs out (preserve-log-request.ts).
     */
    preserveLogRequest: signal<{ value: boolean; requestId: number } | undefined>(undefined),
    /** A file being read (import-file.ts): which import, and how many of its frames are in so far. */
    importing: signal<{ id: number; frames: number; thread: ImportThread } | undefined>(undefined),
  };
}

function createPage() {
  return {
    /** The inspected page's address and title, when the browser tells them. */
    url: signal<string | undefined>(undefined),
    title: signal<string | undefined>(undefined),
  };
}

export function createStore(options: { across?: AcrossSettings; bound?: PanelBound } = {}) {
  const log = new FrameLog();
  const sessions = new SessionSet(log);
  const findingsIndex = new FindingsIndex();
  const names = new ConnectionNames();
  const framesVersion = signal(0);
  const sessionsVersion = signal(0);
  const findingsVersion = signal(0);
  const connections = signal<ReadonlyMap<string, Connection>>(new Map());
  const selection = createSelection();
  const scrub = createScrub();
  const query = signal('');
  const parsedQuery = computed(() => parseQuery(query.value));
  const tab = signal<DetailTab>('rendering');
  const source = signal<'none' | 'hub' | 'file'>('none');
  const across = new AcrossFindings(
    () => ({ sessions: sessions.list, connections: connections.peek(), frame: (i) => log.byIndex(i), live: source.peek() === 'hub' }),
    findingsVersion,
    options.across,
  );

  const protocolOf = (connectionId: string): ProtocolDefinition | undefined => {
    const id = sessions.ofConnection(connectionId)?.pipeline.protocol;
    return id === undefined || id === 'unknown' ? undefined : protocols.find((p) => p.id === id);
  };
  const connectionName = (connectionId: string): string => names.nameOf(connections.peek().get(connectionId), connectionId);
  const frameContext: FrameContext = {
    severityOf: (i) => worse(findingsIndex.severityOf(i), across.severityOf(i)),
    protocolOf,
    connectionName,
    releasedByPage: (frame) => releasedByPage(sessions.ofConnection(frame.connectionId)?.pipeline, frame),
  };

  const scopedSession = computed<PanelSession | undefined>(() => {
    track(sessionsVersion.value);
    const id = selection.scope.value;
    return id === undefined ? undefined : sessions.get(id);
  });

  const currentSession = computed<PanelSession | undefined>(() => {
    track(sessionsVersion.value);
    const scoped = scopedSession.value;
    if (scoped) return scoped;
    const chosen = selection.session.value;
    const found = chosen === undefined ? undefined : sessions.get(chosen);
    if (found) return found;
    // Without a choice, the latest session whose protocol was recognised, else the first one.
    for (let i = sessions.list.length - 1; i >= 0; i--) {
      const s = sessions.list[i] as PanelSession;
      if (s.pipeline.protocol !== 'unknown') return s;
    }
    return sessions.list[0];
  });

  /**
   * The connection ids of the scoped session. The same Set is handed out while its connections stay
   * the same, so the timeline's filtered list keeps growing in place instead of being rebuilt per append.
   */
  let scopeMemo: { id: string; key: string; set: ReadonlySet<string> } | undefined;
  const scope = computed<ReadonlySet<string> | undefined>(() => {
    const session = scopedSession.value;
    if (!session) return undefined;
    const key = session.connectionIds.join('\u0000');
    if (!scopeMemo || scopeMemo.id !== session.id || scopeMemo.key !== key) scopeMemo = { id: session.id, key, set: new Set(session.connectionIds) };
    return scopeMemo.set;
  });

  const sessionView = computed<SessionView | undefined>(() => {
    track(sessionsVersion.value);
    track(findingsVersion.value);
    const session = currentSession.value;
    if (!session) return undefined;
    const ordered = withAcross(sortFindings(session.pipeline.findings()), across.of(session));
    const frames = session.pipeline.frames;
    const last = frames[frames.length - 1]?.index;
    const scrubbed = scrub.live.value ? undefined : scrub.at.value;
    // A scrub position outside this session (another session's frame) shows this one at its head.
    const at = scrubbed !== undefined && last !== undefined && scrubbed < last && session.connectionIds.length > 0 && ownsFrame(session, scrubbed) ? scrubbed : undefined;
    // The tool calls the page ran, as the requests after them tell (what `render` shows), up to the position shown.
    const tools = pageToolsUpTo(across.pageTools(session), at);
    if (at === undefined) return { session, view: withPageTools(session.pipeline.view(), tools), findings: ordered, reportedCount: ordered.length, at };
    const reported = ordered.filter((f) => f.at <= at).length;
    return { session, view: withPageTools(session.pipeline.viewAt(at), tools), findings: ordered, reportedCount: reported, at };
  });

  const ownsFrame = (session: PanelSession, index: number): boolean => {
    const frame = log.byIndex(index);
    return frame !== undefined && sessions.ofConnection(frame.connectionId) === session;
  };

  const visible = computed(() => {
    track(framesVersion.value);
    const list = log.filtered(parsedQuery.value, scope.value, findingsVersion.value, frameContext);
    // A fresh wrapper each time: the list itself is extended in place.
    return { list, count: list.length };
  });

  /** Frames in scope (the match count's denominator). */
  const inScope = computed(() => {
    track(framesVersion.value);
    const session = scopedSession.value;
    if (!session) return log.length;
    let n = 0;
    for (const id of session.connectionIds) n += log.countOf(id);
    return n;
  });

  const severityCounts = computed<Record<Severity, number>>(() => {
    track(findingsVersion.value);
    track(sessionsVersion.value);
    const scoped = scopedSession.value;
    // Counted list by list: a stream whose every frame has a finding has as many findings as frames,
    // and this runs on every update of a live tab.
    const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    for (const s of scoped ? [scoped] : sessions.list) {
      addSeverityCounts(counts, s.pipeline.findings());
      addSeverityCounts(counts, across.of(s));
    }
    return counts;
  });

  /** The findings the Findings tab lists, in the toolbar counts' scope (scoped-findings.ts). */
  const listed = computed<ListedFindings>(() => {
    track(findingsVersion.value);
    track(sessionsVersion.value);
    return listFindings(sessions.list, scopedSession.value, (s) => across.of(s));
  });

  /** Notifies only when the panel goes from no frames to some or back, not on every append. */
  const empty = computed(() => {
    track(framesVersion.value);
    return log.length === 0;
  });

  return {
    tabId: signal<number | undefined>(undefined),
    page: createPage(),
    /** Where the frames came from: the hub of a tab, an imported file, or nothing yet. */
    source,
    link: signal<LinkState>('offline'),
    /** How many times the link came back after dropping (the service worker was stopped). */
    reconnects: signal(0),
    status: signal<TabStatus>(EMPTY_STATUS),
    connections,
    /** The Map behind `connections`, changed in place by the store's updates (see MapView). */
    connectionTable: new Map<string, Connection>(),
    /** Names of connections as the panel shows them (`POST /api/chat`, `WS /ws (2)`). */
    connectionName,
    protocolOf,
    /** The input carries no clock (JSON Lines, a raw SSE body): times are shown as unknown. */
    untimed: signal(false),
    framesVersion,
    empty,
    sessionsVersion,
    findingsVersion,
    selection,
    scrub,
    tab,
    filters: { query, parsed: parsedQuery, visible, inScope, scope, context: frameContext },
    sessions: { set: sessions, current: currentSession, scoped: scopedSession, view: sessionView },
    findings: { index: findingsIndex, counts: severityCounts, across, listed },
    toolbar: createToolbar(),
    /**
     * Streaming responses DevTools' network log reported since the tab's capture was last cleared
     * (network-log/): those no captured connection accounts for are said in the toolbar.
     */
    networkStreams: signal<readonly NetworkStream[]>([]),
    /** Per group (session id + group id): the user's expand/collapse choice, overriding the automatic one. */
    groups: signal<ReadonlyMap<string, boolean>>(new Map()),
    log,
    names,
    /** The live panel's own memory bound (panel-bound.ts); tests set a small one. */
    bound: options.bound ?? DEFAULT_PANEL_BOUND,
  };
}

export type PanelStore = ReturnType<typeof createStore>;
