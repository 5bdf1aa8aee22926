// The walk both protocols share: a session's frames are cut at each history frame; the stretch before
// it (since the previous page load) is what the page showed live, and each side is folded alone and
// compared by the protocol's own reader.
import { decodeFrame } from '../../model/decode';
import type { DecodedFrame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import type { ProtocolId } from '../../protocols/types';
import type { Session } from '../sessions';
import type { Difference } from './compare';
import type { HistoryLiveComparison } from './comparison';
import { foldView, keptFrames } from './replay';

export interface HistoryReader {
  protocol: ProtocolId;
  rule: string;
  /** The frame carries the history a reloaded page rebuilds from. */
  isHistory(frame: DecodedFrame): boolean;
  /** The live stretch streamed something the page showed (else there is nothing to compare). */
  showsContent(segment: readonly DecodedFrame[]): boolean;
  compare(history: ViewModel, live: ViewModel, historyFrame: DecodedFrame, segment: readonly DecodedFrame[]): Difference | undefined;
  /** Where in the history frame the differing item is. */
  pathOf(difference: Difference, historyFrame: DecodedFrame): string | undefined;
}

export function compareAtHistory(session: Session, reader: HistoryReader): HistoryLiveComparison[] {
  const definition = session.pipeline.definition;
  if (!definition || definition.id !== reader.protocol) return [];
  const out: HistoryLiveComparison[] = [];
  let segment: DecodedFrame[] = [];
  for (const frame of keptFrames(session)) {
    const decoded = decodeFrame(frame);
    if (!reader.isHistory(decoded)) {
      segment.push(decoded);
      continue;
    }
    if (reader.showsContent(segment)) {
      const live = foldView(definition, session, segment);
      const history = foldView(definition, session, [decoded]);
      const difference = reader.compare(history, live, decoded, segment);
      const path = difference && reader.pathOf(difference, decoded);
      out.push({
        session,
        rule: reader.rule,
        historyFrame: frame.index,
        liveFrames: segment.map((d) => d.frame.index),
        history,
        live,
        ...(difference && { difference }),
        ...(path !== undefined && { path }),
      });
    }
    // The reload starts a new page: the history and what follows it are the next load's live rendering.
    segment = [decoded];
  }
  return out;
}

/** The `type` of a server event, if the frame is one. */
export function eventType(d: DecodedFrame): unknown {
  const json = d.json;
  return d.frame.direction === 'in' && json && typeof json === 'object' && !Array.isArray(json) ? (json as { type?: unknown }).type : undefined;
}
