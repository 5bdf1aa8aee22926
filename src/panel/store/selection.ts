// Where the user is looking: the session shown, the frame and finding selected, the scrub position.
// Selecting a frame or a finding moves the others so they agree (applyEvent calls these).
import type { Finding } from '../../model/finding';
import { findingFrame } from './finding-order';
import type { PanelStore } from './store';

export function selectSession(store: PanelStore, id: string | undefined): void {
  store.selection.scope.value = id;
  store.selection.finding.value = undefined;
  store.selection.highlighted.value = new Set();
  const session = id === undefined ? undefined : store.sessions.set.get(id);
  if (session) store.selection.session.value = session.id;
  // The selected frame and scrub position only stay when they belong to the chosen session.
  const frame = store.selection.frame.value;
  const owner = frame === undefined ? undefined : ownerOf(store, frame);
  if (session && owner !== session) {
    store.selection.frame.value = undefined;
    store.scrub.live.value = true;
    store.scrub.at.value = undefined;
  }
  if (session && !session.connectionIds.includes(store.selection.connection.value ?? '')) store.selection.connection.value = undefined;
}

export function selectFinding(store: PanelStore, finding: Finding): void {
  const findings = store.findings.listed.peek().flat;
  const at = findings.indexOf(finding);
  store.selection.finding.value = at >= 0 ? at : undefined;
  store.selection.highlighted.value = new Set(finding.frames);
  const first = frameInCurrentSession(store, finding) ?? findingFrame(finding);
  // A finding's frame hidden by the filter would select nothing visible: show everything again.
  const position = store.log.positionOf(first);
  if (position !== undefined && !store.filters.visible.peek().list.includes(position)) store.filters.query.value = '';
  if (position === undefined) return;
  // Looking at a finding is not scrubbing: the rendering stays where it was (the latest state unless the
  // user scrubbed), so a finished session never reads "as of frame #N … streaming…" after a click.
  const live = store.scrub.live.value;
  const scrubAt = store.scrub.at.value;
  selectFrame(store, first);
  store.scrub.live.value = live;
  store.scrub.at.value = live ? undefined : scrubAt;
}

/** A finding across requests points into several sessions: its first frame in the session shown, so the selection stays there. */
function frameInCurrentSession(store: PanelStore, finding: Finding): number | undefined {
  const current = store.sessions.current.peek();
  let first: number | undefined;
  for (const index of finding.frames) if (ownerOf(store, index) === current && (first === undefined || index < first)) first = index;
  return first;
}

export function stepFinding(store: PanelStore, step: 1 | -1): void {
  const findings = store.findings.listed.peek().flat;
  if (findings.length === 0) return;
  const current = store.selection.finding.value;
  let next: number;
  if (current === undefined) {
    // From the selected frame onwards (or backwards), like "next problem" in an editor.
    const from = store.selection.frame.value ?? (step === 1 ? -1 : Infinity);
    const after = findings.findIndex((f) => (step === 1 ? findingFrame(f) > from : false));
    if (step === 1) next = after >= 0 ? after : 0;
    else {
      let before = -1;
      for (let i = findings.length - 1; i >= 0; i--) if (findingFrame(findings[i] as Finding) < from) { before = i; break; }
      next = before >= 0 ? before : findings.length - 1;
    }
  } else next = (current + step + findings.length) % findings.length;
  selectFinding(store, findings[next] as Finding);
}

function ownerOf(store: PanelStore, index: number) {
  const frame = store.log.byIndex(index);
  return frame ? store.sessions.set.ofConnection(frame.connectionId) : undefined;
}

export function selectFrame(store: PanelStore, index: number | undefined): void {
  store.selection.frame.value = index;
  if (index === undefined) return;
  const frame = store.log.byIndex(index);
  const session = frame ? store.sessions.set.ofConnection(frame.connectionId) : undefined;
  if (session) store.selection.session.value = session.id;
  if (frame) store.selection.connection.value = frame.connectionId;
  // Looking at a frame shows the rendering and findings as of that frame.
  store.scrub.live.value = false;
  store.scrub.at.value = index;
}
