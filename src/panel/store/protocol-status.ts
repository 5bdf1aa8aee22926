// What the panel says of a session's protocol. The panel's own pipeline detects it: on the first
// decisive frame (often the first), else on the best guess after DETECT_WINDOW message frames (or at
// the end of an input it reads whole). Before that its protocol reads 'unknown', which is not yet a
// verdict on a live stream: a request still waiting for its answer has shown nothing. So a live
// session says "detecting…" while a connection is open and detection has had fewer frames than it
// weighs, and "unknown" only once it has had them, or the session ended, with no protocol.
import type { Connection } from '../../model/frame';
import { DETECT_WINDOW } from '../../protocols/detect';
import { frameSourceOf } from './live-pipeline';
import type { PanelSession } from './session-set';

export const DETECTING = 'detecting…';

/** The protocol's id, "detecting…" or "unknown". */
export function protocolText(session: PanelSession, connections: ReadonlyMap<string, Connection>, live: boolean): string {
  const protocol = session.pipeline.protocol;
  if (protocol !== 'unknown' || !live) return protocol;
  const open = session.connectionIds.some((id) => {
    const c = connections.get(id);
    return c === undefined || (c.closed === undefined && c.transport !== 'http-json');
  });
  return open && messageFrames(session, DETECT_WINDOW) < DETECT_WINDOW ? DETECTING : 'unknown';
}

/** The session's message frames (those detection weighs), counted up to `enough`. */
function messageFrames(session: PanelSession, enough: number): number {
  const source = frameSourceOf(session.pipeline);
  if (!source) return session.pipeline.frameCount;
  let n = 0;
  for (let i = 0, count = source.count(); i < count && n < enough; i++) if (source.at(i).kind === 'message') n++;
  return n;
}
