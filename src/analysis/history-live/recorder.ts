// For sessions that keep no frames (the command line reading a large input in one pass): the live
// rendering at each history read is the pipeline's own view just before the history frame, copied as
// the frames go by, so the comparison needs neither the frames nor a second fold of them.
import type { DecodedFrame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import { noteViewRead } from '../../model/text-digest';
import { isolate, type SessionPipeline } from '../pipeline';
import type { ProtocolId } from '../../protocols/types';
import { readerOf } from './readers';
import { StretchTracker, type LiveStretch } from './segments';

export interface RecordedRead {
  history: DecodedFrame;
  live: ViewModel;
  stretch: LiveStretch;
}

const recorded = new WeakMap<SessionPipeline, RecordedRead[]>();

/** The observer a pipeline calls with each frame before folding it; none for protocols without history. */
export function historyRecorder(protocol: ProtocolId | undefined): ((decoded: DecodedFrame, pipeline: SessionPipeline) => void) | undefined {
  const reader = readerOf(protocol);
  if (!reader) return undefined;
  const tracker = new StretchTracker(reader);
  return (decoded, pipeline) => {
    let reads = recorded.get(pipeline);
    if (!reads) recorded.set(pipeline, (reads = []));
    if (!reader.isHistory(decoded)) {
      tracker.add(decoded);
      return;
    }
    const live = tracker.stretch.showsContent ? isolate(() => structuredClone(readWhole(pipeline.view()))) : undefined;
    if (live) reads.push({ history: decoded, live, stretch: { ...tracker.stretch } });
    tracker.restart(decoded);
  };
}

/** The comparison reads the live texts whole: one cut short (`check`) means analysing again with whole texts. */
function readWhole(view: ViewModel): ViewModel {
  noteViewRead(view.items);
  return view;
}

/** The history reads recorded for a pipeline, or undefined when it was not recorded (its frames are kept). */
export function recordedReads(pipeline: SessionPipeline): readonly RecordedRead[] | undefined {
  return recorded.get(pipeline);
}
