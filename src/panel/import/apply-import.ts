// Applies what the import worker sends to the panel's store: frames go to the log as they arrive,
// sessions are the worker's (ImportedPipeline), each session's findings grow as the worker finds them,
// and the waterfall track and time figures arrive with the end of the input.
import type { Connection, Frame } from '../../model/frame';
import { SessionMetricsTracker } from '../../analysis/metrics';
import { SessionTrack } from '../store/session-track';
import type { PanelSession } from '../store/session-set';
import type { PanelStore } from '../store/store';
import type { ImportThread, SessionTiming, SessionUpdate, WorkerToPanel } from './import-messages';
import { ImportedPipeline } from './imported-pipeline';

/** What apply.ts lends: the store changes every source of frames shares. */
export interface StoreSteps {
  startFile(store: PanelStore, fileName: string | undefined): void;
  addConnections(store: PanelStore, connections: readonly Connection[]): void;
  addFrame(store: PanelStore, frame: Frame): void;
  afterFrames(store: PanelStore, changed: boolean): void;
}

/** Sessions of the import in progress, by the worker's ordinal. */
const sessionsOf = new WeakMap<PanelStore, PanelSession[]>();

export function startImport(store: PanelStore, id: number, fileName: string | undefined, thread: ImportThread, steps: StoreSteps): void {
  steps.startFile(store, fileName);
  sessionsOf.set(store, []);
  store.toolbar.importing.value = { id, frames: 0, thread };
}

export function applyImportMessage(store: PanelStore, id: number, message: WorkerToPanel, steps: StoreSteps): void {
  const importing = store.toolbar.importing.peek();
  // An import the user left (another file, the live tab, clear) says nothing more.
  if (importing?.id !== id) return;
  const { thread } = importing;
  const fileName = store.toolbar.fileName.peek();
  switch (message.type) {
    case 'frames': {
      if (message.connections.length > 0) steps.addConnections(store, message.connections);
      for (const f of message.frames) steps.addFrame(store, f);
      let regrouped = message.connections.length > 0;
      for (const update of message.sessions) regrouped = applySession(store, update) || regrouped;
      store.toolbar.importing.value = { id, frames: store.log.length, thread };
      steps.afterFrames(store, true);
      // As on a live tab: the checks across requests and the conversations are read again when a request
      // joins or a session changes, not per batch of frames (their answers come with the end anyway).
      if (regrouped) store.findings.across.invalidate();
      return;
    }
    case 'restart':
      startImport(store, id, fileName, thread, steps);
      steps.afterFrames(store, true);
      store.findings.across.invalidate();
      return;
    case 'done': {
      store.status.value = { ...store.status.peek(), dropped: message.dropped ?? 0 };
      store.untimed.value = message.timing === 'none';
      store.sessions.set.timing = message.timing === 'none' ? 'none' : 'real';
      for (const update of message.sessions) applySession(store, update);
      for (const timing of message.timings) applyTiming(store, timing);
      store.toolbar.importing.value = undefined;
      sessionsOf.delete(store);
      steps.afterFrames(store, true);
      // The whole file is in: the conversations, the tool loop and history against live over all of it.
      store.findings.across.invalidate();
      return;
    }
    case 'error':
      store.toolbar.importing.value = undefined;
      store.toolbar.importError.value = fileName ? `${fileName}: ${message.message}` : message.message;
      return;
  }
}

/** Returns whether the session is new or changed its connections or protocol (what the checks across requests read). */
function applySession(store: PanelStore, update: SessionUpdate): boolean {
  const known = sessionsOf.get(store);
  if (!known) return false;
  const set = store.sessions.set;
  let session = known[update.ordinal];
  let changed = false;
  if (!session) {
    const ids = (): readonly string[] => (session as PanelSession).connectionIds;
    const pipeline = new ImportedPipeline(
      () => store.log.sessionFrames(ids()),
      () => ids().flatMap((c) => store.connections.peek().get(c) ?? []),
    );
    session = set.adopt({ id: update.id, key: update.agentKey, connectionIds: [], pipeline, track: new SessionTrack(), trackProtocol: update.protocol, metrics: new SessionMetricsTracker({ timing: set.timing }), seenFindings: 0, seenFindingsOf: undefined });
    known[update.ordinal] = session;
    changed = true;
  }
  if (update.agentKey !== undefined) session.key = update.agentKey;
  if (update.connectionIds.length !== session.connectionIds.length) {
    set.assign(session, update.connectionIds);
    changed = true;
  }
  const pipeline = session.pipeline as ImportedPipeline;
  if (pipeline.protocolId !== update.protocol) changed = true;
  pipeline.protocolId = update.protocol as ImportedPipeline['protocolId'];
  if (update.replace) pipeline.found = update.findings;
  else for (const f of update.findings) pipeline.found.push(f);
  if (update.view) pipeline.latest = update.view;
  set.touch(session);
  return changed;
}

/** The worker's track and metrics tracker, given back their classes (structured cloning kept only their fields). */
function applyTiming(store: PanelStore, timing: SessionTiming): void {
  const session = sessionsOf.get(store)?.[timing.ordinal];
  if (!session) return;
  session.track = Object.setPrototypeOf(timing.track, SessionTrack.prototype) as SessionTrack;
  session.metrics = SessionMetricsTracker.revive(timing.metrics);
  session.trackProtocol = session.pipeline.protocol;
}
