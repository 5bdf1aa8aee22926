// Folds a stretch of a session's frames into a fresh view, apart from the session's own pipeline, the
// way the pipeline does (the protocol's fold with the user turns read from request bodies). Findings
// of these folds are the pipeline's business: they are dropped here.
import { decodeFrame } from '../../model/decode';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import type { ProtocolDefinition } from '../../protocols/types';
import { isolate } from '../pipeline';
import type { Session } from '../sessions';
import { withUserTurns } from '../user-turns';

const SILENT: FindingSink = { report: () => undefined };

export function foldView(definition: ProtocolDefinition, session: Session, frames: readonly (Frame | DecodedFrame)[]): ViewModel {
  const fold = withUserTurns(definition.createFold(), definition);
  const introduced = new Set<string>();
  for (const entry of frames) {
    const decoded = 'frame' in entry ? entry : decodeFrame(entry);
    const id = decoded.frame.connectionId;
    if (!introduced.has(id)) {
      introduced.add(id);
      const connection = session.connections.find((c) => c.id === id);
      if (connection) isolate(() => fold.connection?.(connection));
    }
    isolate(() => fold.apply(decoded, SILENT));
  }
  return isolate(() => fold.view()) ?? { protocol: definition.id, items: [], todos: null, streaming: false };
}

/** The session's frames when its pipeline kept them; none otherwise. */
export function keptFrames(session: Session): readonly Frame[] {
  return isolate(() => session.pipeline.frames) ?? [];
}
