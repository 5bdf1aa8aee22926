// The page's own end of a connection (its AbortController, a cancelled body, a closed EventSource) is a
// stop only while the connection's turn was open: after the turn's end marker, or for an earlier
// turn's connection a later one replaced, the page merely let go of it, and the rendering places no
// stop (protocols/shared/page-abort.ts). A frame's description comes from the frame alone, so what
// names frames (the panel's timeline, the OpenTelemetry export) asks the fold's view which it was: a
// stop item on the frame, or none.
import type { Frame } from '../model/frame';
import type { ViewItem, ViewModel } from '../model/view';
import { MAX_DATA_DEPTH } from '../model/safe-text';
import { abortedByPage } from '../protocols/shared/page-abort';
import type { SessionPipeline } from './pipeline';

/** The event name of the page ending a connection after its turn: nothing was stopped. */
export const RELEASED_BY_PAGE = 'released by the page';
export const RELEASED_BY_PAGE_TITLE = 'The page ended this connection after its turn had ended (to free it): nothing was stopped, so the rendering shows no stop.';

const cache = new WeakMap<SessionPipeline, { frames: number; view: ViewModel; stops: ReadonlySet<number> }>();

/**
 * Whether `frame` is the page ending a connection after its turn: the session's protocol is known and
 * its fold placed no stop for the frame. False for every other frame, and while no protocol folds the
 * session (the raw fold places no stops at all).
 */
export function releasedByPage(pipeline: SessionPipeline | undefined, frame: Frame): boolean {
  if (!pipeline || !abortedByPage(frame) || pipeline.definition === undefined) return false;
  return !stopFrames(pipeline).has(frame.index);
}

/** Capture indexes of the frames the session's stop items were placed for; read again only when its frames or view changed. */
function stopFrames(pipeline: SessionPipeline): ReadonlySet<number> {
  const frames = pipeline.frameCount;
  const view = pipeline.view();
  const hit = cache.get(pipeline);
  if (hit && hit.view === view && hit.frames === frames) return hit.stops;
  const stops = new Set<number>();
  collect(view.items, stops, 0);
  cache.set(pipeline, { frames, view, stops });
  return stops;
}

function collect(items: readonly ViewItem[], stops: Set<number>, level: number): void {
  // Groups nest only as deep as the stream nests steps and sub-agents; the bound keeps a hostile one finite.
  if (level > MAX_DATA_DEPTH) return;
  for (const item of items) {
    if (item.kind === 'group') collect(item.items, stops, level + 1);
    else if (item.kind === 'error' && item.stoppedByPage) for (const f of item.frames) stops.add(f);
  }
}
