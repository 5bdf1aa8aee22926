// The one way the panel's state changes: `applyEvent(store, event)`, inside `batch()` so a hub
// message that touches frames, sessions and findings notifies the view once.
import { MAX_NETWORK_STREAMS } from '../network-log/network-streams';
import { answerReceived, answerRefused } from '../answer/answer-state';
import { batch } from '@preact/signals';
import type { Capture, Connection, Frame } from '../../model/frame';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import type { SessionSummary } from '../../bridge/shared-schemas';
import { readInput, InputError } from '../../readers/read-input';
import { safeText } from '../../model/safe-text';
import { unpackFrames } from '../../bridge/packed-frames';
import { LivePipeline } from './live-pipeline';
import { loopPipeline } from './loop-frames';
import { selectFinding, selectFrame, selectSession, stepFinding } from './selection';
import { MapView } from './map-view';
import type { PanelEvent } from './events';
import { EMPTY_STATUS, type PanelStore } from './store';
import { endPreserveLogRequest } from './preserve-log-state';
import { applyImportMessage, startImport, type StoreSteps } from '../import/apply-import';

export function applyEvent(store: PanelStore, event: PanelEvent): void {
  batch(() => {
    switch (event.type) {
      case 'hub':
        return applyHub(store, event.message);
      case 'link':
        if (event.state === 'connecting' && store.link.value === 'disconnected') store.reconnects.value++;
        // A request sent on the port that dropped gets no answer: show the hub's word (the reconnect's snapshot).
        if (event.state === 'disconnected') store.toolbar.preserveLogRequest.value = undefined;
        store.link.value = event.state;
        return;
      case 'import':
        return importText(store, event.text, event.fileName);
      case 'importCapture':
        return loadCapture(store, event.capture, event.fileName);
      case 'importStart':
        return startImport(store, event.id, event.fileName, event.thread, IMPORT_STEPS);
      case 'importMessage':
        return applyImportMessage(store, event.id, event.message, IMPORT_STEPS);
      case 'importError':
        store.toolbar.importError.value = event.message;
        return;
      case 'selectFrame':
        return selectFrame(store, event.index);
      case 'selectSession':
        return selectSession(store, event.id);
      case 'selectFinding':
        return selectFinding(store, event.finding);
      case 'stepFinding':
        return stepFinding(store, event.step);
      case 'setQuery':
        store.filters.query.value = event.query;
        return;
      case 'setLive':
        store.scrub.live.value = event.live;
        if (!event.live && store.scrub.at.value === undefined) store.scrub.at.value = store.selection.frame.value ?? lastIndex(store);
        return;
      case 'setTab':
        store.tab.value = event.tab;
        return;
      case 'selectConnection':
        store.selection.connection.value = event.id;
        return;
      case 'page':
        store.page.url.value = event.url;
        store.page.title.value = event.title;
        return;
      case 'toggleGroup': {
        const next = new Map(store.groups.value);
        next.set(event.key, event.expanded);
        store.groups.value = next;
        return;
      }
      case 'returnToTab':
        store.toolbar.returning.value = true;
        return;
      case 'requestPreserveLog':
        store.toolbar.preserveLogRequest.value = { value: event.value, requestId: event.requestId };
        return;
      case 'preserveLogUnanswered':
        return endPreserveLogRequest(store, event.requestId);
      case 'clearLocal':
        store.networkStreams.value = [];
        return reset(store);
      case 'networkStream':
        // Paused, the tab keeps nothing by the user's choice: a stream then is not one the capture missed.
        if (!store.status.value.recording) return;
        store.networkStreams.value = [...store.networkStreams.value, event.stream].slice(-MAX_NETWORK_STREAMS);
        return;
      case 'networkNavigated':
        // Kept across the navigation with the capture itself (Preserve log), else gone with the page.
        if (!store.status.value.preserveLog) store.networkStreams.value = [];
        return;
    }
  });
}

function applyHub(store: PanelStore, message: HubToPanel): void {
  switch (message.type) {
    case 'snapshot': {
      const { type: _t, tabId, capture, sessions, ...status } = message;
      // A reconnect's snapshot must not replace a file the user is reading, unless they asked for the tab.
      if (store.source.value === 'file' && !store.toolbar.returning.value) {
        store.tabId.value = tabId;
        return;
      }
      reset(store);
      store.source.value = 'hub';
      store.link.value = 'live';
      store.tabId.value = tabId;
      store.status.value = status;
      setConnections(store, capture.connections);
      addFrames(store, capture.frames, sessions);
      store.findings.across.invalidate();
      return;
    }
    case 'packed': {
      // Unpacked here when applied directly; the hub link applies a pack in parts (hub-link.ts).
      const { packed, ...rest } = message;
      return applyHub(store, { ...rest, type: 'append', frames: unpackFrames(packed) });
    }
    case 'append': {
      // A file the user opened stays on screen; the live tab comes back with the next snapshot. Its new
      // frames are counted, so the toolbar can say the tab has more.
      if (store.source.value === 'file') {
        if (message.frames.length > 0) store.toolbar.tabNews.value += message.frames.length;
        return;
      }
      store.source.value = 'hub';
      if (message.connections.length > 0) addConnections(store, message.connections);
      const regrouped = addFrames(store, message.frames, message.sessions);
      keepWithinBound(store);
      // A request that opened or a stream that closed can join or end a tool loop; frames alone cannot,
      // nor the summary the hub sends of every session a batch added frames to (recomputing on each
      // read every request of the capture, once per animation frame of a flood).
      if (message.connections.length > 0 || regrouped || (message.removedSessions?.length ?? 0) > 0) store.findings.across.invalidate();
      if (message.waiting !== undefined && message.waiting !== store.status.value.waiting) store.status.value = { ...store.status.value, waiting: message.waiting };
      return;
    }
    case 'trim':
      if (store.source.value === 'hub' && message.tabId === store.tabId.value) trim(store, message.below);
      return;
    case 'status': {
      const { type: _t, answers, ...status } = message;
      // The tab's counters; how far this panel is behind comes with the appends.
      store.status.value = { ...status, waiting: store.status.value.waiting ?? 0 };
      // Only the status answering the click ends its wait: any other (counters, another panel's change)
      // was sent before the hub read the request.
      if (answers !== undefined) endPreserveLogRequest(store, answers);
      return;
    }
    case 'cleared':
      // The tab's capture starts again (a clear, a navigation): the network log's streams before it are gone from it too.
      store.networkStreams.value = [];
      if (store.source.value !== 'file') reset(store);
      else store.toolbar.tabNews.value = 0;
      return;
    case 'export':
      return; // answered to the export request that asked for it (hub-link.ts)
    case 'answerReceived':
      return answerReceived(store, message.answerId);
    case 'answerRefused':
      return answerRefused(store, message.answerId, message.reason);
  }
}

/** Returns whether the summaries added, regrouped or renamed a session. */
function addFrames(store: PanelStore, frames: readonly Frame[], summaries: readonly SessionSummary[]): boolean {
  const sessions = store.sessions.set;
  const connections = store.connections.value;
  // Summaries first, so frames of a connection a summary names go straight to that session.
  const regrouped = summaries.length > 0 && sessions.applySummaries(summaries, connections);
  for (const f of frames) {
    // One bad frame must not stop the frames after it: each is added on its own and a failure counted.
    guardFrame(store, () => {
      store.log.add(f);
      sessions.append(f, connections);
    });
  }
  afterFrames(store, frames.length > 0 || summaries.length > 0);
  return regrouped;
}

/**
 * Past the panel's memory bound its oldest frames go, counted and shown. Unlike the hub's trim, the
 * sessions are not folded again: what they render and found still covers every frame they received.
 */
function keepWithinBound(store: PanelStore): void {
  const below = store.log.boundBelow(store.bound.maxBytes, store.bound.keep);
  if (below === undefined) return;
  const dropped = store.log.trim(below);
  if (dropped.count === 0) return;
  store.sessions.set.letGo(dropped.connectionIds, below);
  if (store.findings.index.forgetBelow(below)) store.findingsVersion.value++;
  forgetSelectionBelow(store, below);
  afterFrames(store, true);
  store.findings.across.invalidate();
  store.toolbar.letGo.value += dropped.count;
}

/**
 * The hub's bound dropped every frame below `below`: the panel drops them too, with the sessions left
 * without frames and the markers of the dropped frames. The user's selection stays while its frame is kept.
 */
function trim(store: PanelStore, below: number): void {
  const dropped = store.log.trim(below);
  if (dropped.count === 0) return;
  const sessions = store.sessions.set;
  const current = store.sessions.current.peek();
  const affected = sessions.trim(dropped.connectionIds, store.connections.value);
  // A finding is picked by its place in the listed findings, which a refold renumbers.
  if ((current && affected.has(current)) || (store.selection.scope.value === undefined && affected.size > 0)) store.selection.finding.value = undefined;
  if (store.findings.index.forgetBelow(below)) store.findingsVersion.value++;
  forgetSelectionBelow(store, below);
  for (const pick of [store.selection.scope, store.selection.session]) {
    if (pick.value !== undefined && !sessions.get(pick.value)) pick.value = undefined;
  }
  afterFrames(store, true);
  store.findings.across.invalidate();
}

/** The user's selection and scrub position stay while their frame is kept. */
function forgetSelectionBelow(store: PanelStore, below: number): void {
  const frame = store.selection.frame.value;
  if (frame !== undefined && frame < below) {
    store.selection.frame.value = undefined;
    store.selection.highlighted.value = new Set();
    store.selection.finding.value = undefined;
  }
  const scrubAt = store.scrub.at.value;
  if (scrubAt !== undefined && scrubAt < below) {
    store.scrub.at.value = undefined;
    store.scrub.live.value = true;
  }
}

function afterFrames(store: PanelStore, changed: boolean): void {
  const sessions = store.sessions.set;
  const touched = sessions.takeTouched();
  if (store.findings.index.update(touched, sessions.list, sessions.rebuilt)) store.findingsVersion.value++;
  // The frames the checks across requests read, kept up to date as frames arrive (a few per frame),
  // so that the checks a stream's close runs do not read a whole flood's frames at once.
  if (store.source.peek() === 'hub') for (const s of touched) if (s.pipeline instanceof LivePipeline) loopPipeline(s, s.pipeline);
  sessions.rebuilt = false;
  if (!changed) return;
  store.framesVersion.value++;
  store.sessionsVersion.value++;
}

function importText(store: PanelStore, text: string, fileName: string | undefined): void {
  let capture;
  try {
    capture = readInput(text).capture;
  } catch (err) {
    const reason = err instanceof InputError ? err.message : `could not read the file: ${err instanceof Error ? err.message : safeText(err)}`;
    store.toolbar.importError.value = fileName ? `${fileName}: ${reason}` : reason;
    return;
  }
  loadCapture(store, capture, fileName);
}

function loadCapture(store: PanelStore, capture: Capture, fileName: string | undefined): void {
  startFile(store, fileName);
  store.status.value = { ...EMPTY_STATUS, dropped: capture.dropped ?? 0, recording: false };
  store.untimed.value = capture.timing === 'none';
  setConnections(store, capture.connections);
  const frames = [...capture.frames].sort((a, b) => a.index - b.index);
  for (const f of frames) guardFrame(store, () => store.log.add(f));
  store.sessions.set.loadCapture({ ...capture, frames });
  afterFrames(store, true);
  store.findings.across.invalidate();
}

function startFile(store: PanelStore, fileName: string | undefined): void {
  reset(store);
  store.source.value = 'file';
  store.toolbar.fileName.value = fileName;
  store.status.value = { ...EMPTY_STATUS, recording: false };
}

/** The steps an import in progress (import/apply-import.ts) shares with the other sources of frames. */
const IMPORT_STEPS: StoreSteps = {
  startFile,
  addConnections,
  addFrame: (store, frame) => guardFrame(store, () => store.log.add(frame)),
  afterFrames,
};

function addConnections(store: PanelStore, connections: readonly Connection[]): void {
  for (const c of connections) store.connectionTable.set(c.id, c);
  store.names.register(connections);
  store.connections.value = new MapView(store.connectionTable);
}

function setConnections(store: PanelStore, connections: readonly Connection[]): void {
  store.connectionTable = new Map(connections.map((c) => [c.id, c]));
  store.names.register(connections);
  store.connections.value = new MapView(store.connectionTable);
}

function guardFrame(store: PanelStore, add: () => void): void {
  try {
    add();
  } catch (err) {
    store.toolbar.failed.value++;
    console.warn('agent-stream-inspector: the panel could not add a frame', err);
  }
}

function lastIndex(store: PanelStore): number | undefined {
  return store.log.lastIndex();
}

function reset(store: PanelStore): void {
  store.log.reset();
  store.sessions.set.clear();
  store.findings.index.clear();
  store.findings.across.invalidate();
  store.sessions.set.rebuilt = false;
  setConnections(store, []);
  store.selection.frame.value = undefined;
  store.selection.session.value = undefined;
  store.selection.scope.value = undefined;
  store.selection.finding.value = undefined;
  store.selection.connection.value = undefined;
  store.selection.highlighted.value = new Set();
  store.names.clear();
  store.untimed.value = false;
  store.scrub.live.value = true;
  store.scrub.at.value = undefined;
  store.groups.value = new Map();
  store.toolbar.importError.value = undefined;
  store.toolbar.fileName.value = undefined;
  store.toolbar.returning.value = false;
  store.toolbar.tabNews.value = 0;
  store.toolbar.failed.value = 0;
  store.toolbar.letGo.value = 0;
  store.toolbar.importing.value = undefined;
  store.status.value = { ...EMPTY_STATUS, recording: store.status.value.recording, preserveLog: store.status.value.preserveLog };
  store.framesVersion.value++;
  store.sessionsVersion.value++;
  store.findingsVersion.value++;
}
