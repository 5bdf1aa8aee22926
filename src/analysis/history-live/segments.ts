// The walk both protocols share: a session's frames are cut at each history frame; the frames before it
// are what the page showed live, and each side is folded alone and compared by the protocol's reader.
// Where the session kept no frames (the command line on large inputs), the live side is the pipeline's
// own view just before the history frame, recorded as the frames went by (recorder.ts).
import { decodeFrame } from '../../model/decode';
import type { DecodedFrame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import type { ProtocolId } from '../../protocols/types';
import type { Session } from '../sessions';
import type { Difference } from './compare';
import type { HistoryLiveComparison } from './comparison';
import { foldView, keptFrames } from './replay';
import { pageLoadOf } from './page-load';

/** What the frames before a history read showed, as far as the comparison needs to know. */
export interface LiveStretch {
  /** Something the page shows was streamed (else there is nothing to compare). */
  showsContent: boolean;
  /** The last turn reached its end marker (a page reloaded mid-turn shows a prefix). */
  turnEnded: boolean;
  first?: number;
  last?: number;
  /** The connection of the last live frame (none right after a history read), to tell a reload. */
  connection?: string;
}

export interface HistoryReader {
  protocol: ProtocolId;
  rule: string;
  /** The frame carries the history a reloaded page rebuilds from. */
  isHistory(frame: DecodedFrame): boolean;
  /** The live stretch goes on from one history read to the next (AG-UI's snapshot merges); else it starts at it. */
  cumulative: boolean;
  /** Streams something the page shows. */
  showsContent(frame: DecodedFrame): boolean;
  /** true: ends a turn; false: is part of one; undefined: neither. */
  endsTurn(frame: DecodedFrame): boolean | undefined;
  compare(history: ViewModel, live: ViewModel, historyFrame: DecodedFrame, stretch: LiveStretch): Difference | undefined;
  /** Where in the history frame the differing item is. */
  pathOf(difference: Difference, historyFrame: DecodedFrame): string | undefined;
}

/** Follows the live stretch frame by frame. */
export class StretchTracker {
  stretch: LiveStretch = { showsContent: false, turnEnded: false };

  constructor(private readonly reader: HistoryReader) {}

  add(d: DecodedFrame): void {
    const s = this.stretch;
    if (s.first === undefined) s.first = d.frame.index;
    s.last = d.frame.index;
    s.connection = d.frame.connectionId;
    if (this.reader.showsContent(d)) s.showsContent = true;
    const ends = this.reader.endsTurn(d);
    if (ends !== undefined) s.turnEnded = ends;
  }

  /** A history read: the next stretch starts with it (or, cumulative, goes on). */
  restart(history: DecodedFrame): void {
    if (this.reader.cumulative) return;
    this.stretch = { showsContent: false, turnEnded: false };
    this.add(history);
    delete this.stretch.connection;
  }
}

/** One comparison, the live rendering already made. */
export function compared(session: Session, reader: HistoryReader, history: DecodedFrame, live: ViewModel, stretch: LiveStretch): HistoryLiveComparison {
  const definition = session.pipeline.definition;
  const historyView = definition ? foldView(definition, session, [history]) : { protocol: reader.protocol, items: [], todos: null, streaming: false };
  const difference = reader.compare(historyView, live, history, stretch);
  const path = difference && reader.pathOf(difference, history);
  const liveFrames = stretch.first === undefined ? [] : [stretch.first, stretch.last ?? stretch.first];
  const pageLoad = pageLoadOf(stretch.connection, history.frame.connectionId);
  return {
    session,
    rule: reader.rule,
    historyFrame: history.frame.index,
    liveFrames,
    history: historyView,
    live,
    ...(difference && { difference }),
    ...(path !== undefined && { path }),
    ...(pageLoad !== undefined && { pageLoad }),
  };
}

/** Comparisons from the session's kept frames: the live stretch is folded again on its own. */
export function compareAtHistory(session: Session, reader: HistoryReader): HistoryLiveComparison[] {
  const definition = session.pipeline.definition;
  if (!definition || definition.id !== reader.protocol) return [];
  const out: HistoryLiveComparison[] = [];
  const tracker = new StretchTracker(reader);
  let segment: DecodedFrame[] = [];
  for (const frame of keptFrames(session)) {
    const decoded = decodeFrame(frame);
    if (!reader.isHistory(decoded)) {
      segment.push(decoded);
      tracker.add(decoded);
      continue;
    }
    if (tracker.stretch.showsContent) out.push(compared(session, reader, decoded, foldView(definition, session, segment), tracker.stretch));
    // The reload starts a new page: the history and what follows it are the next load's live rendering.
    if (reader.cumulative) segment.push(decoded);
    else segment = [decoded];
    tracker.restart(decoded);
  }
  return out;
}

/** The `type` of a server event, if the frame is one. */
export function eventType(d: DecodedFrame): unknown {
  const json = d.json;
  return d.frame.direction === 'in' && json && typeof json === 'object' && !Array.isArray(json) ? (json as { type?: unknown }).type : undefined;
}
