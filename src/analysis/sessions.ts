// Splits a capture into agent sessions and runs one pipeline per session. A connection is a session
// unless an agent session key (session id in the URL or frames) ties several together — e.g. a History
// API response and the stream subscription that follows a reload — or an unkeyed history response
// is followed by a stream of the same protocol on the same page, which the client joins the same way.
// The split itself is incremental (SessionSplitter); a whole capture is fed to it in frame order.
import type { Capture, Frame } from '../model/frame';
import type { ProtocolDefinition } from '../protocols/types';
import { SessionSplitter, type Session, type SplitOptions } from './session-split';

export type { Session } from './session-split';

export function splitSessions(capture: Capture, registry: readonly ProtocolDefinition[], options: SplitOptions = {}): Session[] {
  const splitter = new SessionSplitter(registry, options);
  for (const c of capture.connections) splitter.connection(c);
  for (const f of inIndexOrder(capture.frames)) splitter.frame(f);
  return splitter.finish();
}

function inIndexOrder(frames: readonly Frame[]): readonly Frame[] {
  for (let i = 1; i < frames.length; i++) {
    if ((frames[i] as Frame).index < (frames[i - 1] as Frame).index) return [...frames].sort((a, b) => a.index - b.index);
  }
  return frames;
}
