// The one way the panel's state changes: `applyEvent(store, event)`, inside `batch()` so a hub
// message that touches frames, sessions and findings notifies the view once.
import { batch } from '@preact/signals';
import type { Capture, Connection, Frame } from '../../model/frame';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import type { SessionSummary } from '../../bridge/shared-schemas';
import { readInput, InputError } from '../../readers/read-input';
import { NO_FILTER } from './filters';
import type { PanelEvent } from './events';
import { EMPTY_STATUS, type PanelStore } from './store';

export function applyEvent(store: PanelStore, event: PanelEvent): void {
  batch(() => {
    switch (event.type) {
      case 'hub':
        return applyHub(store, event.message);
      case 'link':
        if (event.state === 'connecting' && store.link.value === 'disconnected') store.reconnects.value++;
        store.link.value = event.state;
        return;
      case 'import':
        return importText(store, event.text, event.fileName);
      case 'importCapture':
        return loadCapture(store, event.capture, event.fileName);
      case 'importError':
        store.toolbar.importError.value = event.message;
        return;
      case 'selectFrame':
        return selectFrame(store, event.index);
      case 'selectSession':
        store.selection.session.value = event.id;
        return;
      case 'selectFinding': {
        const first = event.finding.frames[0];
        store.selection.highlighted.value = new Set(event.finding.frames);
        if (first === undefined) return;
        // A finding's frame hidden by a filter would select nothing visible: show everything again.
        const at = store.log.positionOf(first);
        if (at !== undefined && !store.filters.visible.peek().list.includes(at)) store.filters.value.value = NO_FILTER;
        selectFrame(store, first);
        // Scrub to where the finding was reported, so the list the user clicked in still shows it.
        store.scrub.at.value = Math.max(first, event.finding.at);
        return;
      }
      case 'setFilter':
        store.filters.value.value = { ...store.filters.value.value, ...event.filter };
        return;
      case 'setLive':
        store.scrub.live.value = event.live;
        if (!event.live && store.scrub.at.value === undefined) store.scrub.at.value = store.selection.frame.value ?? lastIndex(store);
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
      case 'clearLocal':
        return reset(store);
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
      store.connections.value = new Map(capture.connections.map((c) => [c.id, c]));
      addFrames(store, capture.frames, sessions);
      return;
    }
    case 'append':
      // A file the user opened stays on screen; the live tab comes back with the next snapshot.
      if (store.source.value === 'file') return;
      store.source.value = 'hub';
      if (message.connections.length > 0) {
        const next = new Map(store.connections.value);
        for (const c of message.connections) next.set(c.id, c);
        store.connections.value = next;
      }
      addFrames(store, message.frames, message.sessions);
      return;
    case 'status': {
      const { type: _t, ...status } = message;
      store.status.value = status;
      return;
    }
    case 'cleared':
      if (store.source.value !== 'file') reset(store);
      return;
    case 'export':
      return; // answered to the export request that asked for it (hub-link.ts)
  }
}

function addFrames(store: PanelStore, frames: readonly Frame[], summaries: readonly SessionSummary[]): void {
  const sessions = store.sessions.set;
  const connections = store.connections.value;
  // Summaries first, so frames of a connection a summary names go straight to that session.
  if (summaries.length > 0) sessions.applySummaries(summaries, connections, (id) => store.log.framesOf(id));
  for (const f of frames) {
    store.log.add(f);
    sessions.append(f, connections);
  }
  afterFrames(store, frames.length > 0 || summaries.length > 0);
}

function afterFrames(store: PanelStore, changed: boolean): void {
  const sessions = store.sessions.set;
  if (store.findings.index.update(sessions.list, sessions.rebuilt)) store.findingsVersion.value++;
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
    const reason = err instanceof InputError ? err.message : `could not read the file: ${err instanceof Error ? err.message : String(err)}`;
    store.toolbar.importError.value = fileName ? `${fileName}: ${reason}` : reason;
    return;
  }
  loadCapture(store, capture, fileName);
}

function loadCapture(store: PanelStore, capture: Capture, fileName: string | undefined): void {
  reset(store);
  store.source.value = 'file';
  store.toolbar.fileName.value = fileName;
  store.status.value = { ...EMPTY_STATUS, dropped: capture.dropped ?? 0, recording: false };
  store.connections.value = new Map(capture.connections.map((c: Connection) => [c.id, c]));
  const frames = [...capture.frames].sort((a, b) => a.index - b.index);
  for (const f of frames) store.log.add(f);
  store.sessions.set.loadCapture({ ...capture, frames });
  afterFrames(store, true);
}

function selectFrame(store: PanelStore, index: number | undefined): void {
  store.selection.frame.value = index;
  if (index === undefined) return;
  const frame = store.log.byIndex(index);
  const session = frame ? store.sessions.set.ofConnection(frame.connectionId) : undefined;
  if (session) store.selection.session.value = session.id;
  // Looking at a frame shows the rendering and findings as of that frame.
  store.scrub.live.value = false;
  store.scrub.at.value = index;
}

function lastIndex(store: PanelStore): number | undefined {
  return store.log.frames[store.log.frames.length - 1]?.index;
}

function reset(store: PanelStore): void {
  store.log.reset();
  store.sessions.set.clear();
  store.findings.index.clear();
  store.sessions.set.rebuilt = false;
  store.connections.value = new Map();
  store.selection.frame.value = undefined;
  store.selection.session.value = undefined;
  store.selection.highlighted.value = new Set();
  store.scrub.live.value = true;
  store.scrub.at.value = undefined;
  store.groups.value = new Map();
  store.toolbar.importError.value = undefined;
  store.toolbar.fileName.value = undefined;
  store.toolbar.returning.value = false;
  store.status.value = { ...EMPTY_STATUS, recording: store.status.value.recording, preserveLog: store.status.value.preserveLog };
  store.framesVersion.value++;
  store.sessionsVersion.value++;
  store.findingsVersion.value++;
}
