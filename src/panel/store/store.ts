// The panel's state: a factory of signals and computeds with small sub-stores, changed only by
// `applyEvent` (apply.ts). Mutable collections (frames, pipelines) sit behind version signals, so an
// append bumps a counter instead of copying 100,000 frames.
import { computed, signal } from '@preact/signals';
import type { Connection } from '../../model/frame';
import { countBySeverity, type Finding, type Severity } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import type { TabStatus } from '../../bridge/hub-to-panel';
import { FrameLog } from './frame-log';
import { FindingsIndex } from './findings-index';
import { NO_FILTER, type TimelineFilter } from './filters';
import { SessionSet, type PanelSession } from './session-set';
import type { LinkState } from './events';
import { track } from './track';

export const EMPTY_STATUS: TabStatus = { dropped: 0, cut: 0, rejected: 0, ignored: 0, failed: 0, preserveLog: false, recording: true };

export interface SessionView {
  session: PanelSession;
  view: ViewModel;
  findings: readonly Finding[];
  /** The frame index the view is shown as of, or undefined at the head (live). */
  at: number | undefined;
}

function createSelection() {
  return {
    /** Capture index of the selected frame. */
    frame: signal<number | undefined>(undefined),
    /** Session chosen in the picker (or by selecting one of its frames). */
    session: signal<string | undefined>(undefined),
    /** Frames of the finding the user clicked. */
    highlighted: signal<ReadonlySet<number>>(new Set()),
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
    /** Frames the panel could not add (a fault in the panel): counted and shown, the rest of their batch goes on. */
    failed: signal(0),
  };
}

export function createStore() {
  const log = new FrameLog();
  const sessions = new SessionSet();
  const findingsIndex = new FindingsIndex();
  const framesVersion = signal(0);
  const sessionsVersion = signal(0);
  const findingsVersion = signal(0);
  const selection = createSelection();
  const scrub = createScrub();
  const filter = signal<TimelineFilter>(NO_FILTER);

  const currentSession = computed<PanelSession | undefined>(() => {
    track(sessionsVersion.value);
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

  const sessionView = computed<SessionView | undefined>(() => {
    track(sessionsVersion.value);
    const session = currentSession.value;
    if (!session) return undefined;
    const at = scrub.live.value ? undefined : scrub.at.value;
    if (at === undefined) return { session, view: session.pipeline.view(), findings: session.pipeline.findings(), at };
    return { session, view: session.pipeline.viewAt(at), findings: session.pipeline.findingsAt(at), at };
  });

  const visible = computed(() => {
    track(framesVersion.value);
    const list = log.filtered(filter.value, findingsVersion.value, (i) => findingsIndex.severityOf(i));
    // A fresh wrapper each time: the list itself is extended in place.
    return { list, count: list.length };
  });

  const severityCounts = computed<Record<Severity, number>>(() => {
    track(findingsVersion.value);
    track(sessionsVersion.value);
    const all = sessions.list.flatMap((s) => s.pipeline.findings());
    return countBySeverity(all);
  });

  /** Notifies only when the panel goes from no frames to some or back, not on every append. */
  const empty = computed(() => {
    track(framesVersion.value);
    return log.frames.length === 0;
  });

  const eventTypes = computed(() => {
    track(framesVersion.value);
    return [...log.types].sort();
  });

  return {
    tabId: signal<number | undefined>(undefined),
    /** Where the frames came from: the hub of a tab, an imported file, or nothing yet. */
    source: signal<'none' | 'hub' | 'file'>('none'),
    link: signal<LinkState>('offline'),
    /** How many times the link came back after dropping (the service worker was stopped). */
    reconnects: signal(0),
    status: signal<TabStatus>(EMPTY_STATUS),
    connections: signal<ReadonlyMap<string, Connection>>(new Map()),
    framesVersion,
    empty,
    sessionsVersion,
    findingsVersion,
    selection,
    scrub,
    filters: { value: filter, visible, eventTypes },
    sessions: { set: sessions, current: currentSession, view: sessionView },
    findings: { index: findingsIndex, counts: severityCounts },
    toolbar: createToolbar(),
    /** Per group (session id + group id): the user's expand/collapse choice, overriding the automatic one. */
    groups: signal<ReadonlyMap<string, boolean>>(new Map()),
    log,
  };
}

export type PanelStore = ReturnType<typeof createStore>;
