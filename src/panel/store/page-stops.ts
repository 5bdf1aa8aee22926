// The page's own end of a connection (its AbortController, a cancelled body, a closed EventSource) is a
// stop only while the connection's turn was open: after the turn's end marker, or for an earlier
// turn's connection a later one replaced, the page merely let go of it, and the rendering places no
// stop (protocols/shared/page-abort.ts). The timeline's label comes from the frame alone, so it asks the
// fold's view which it was: a stop item on the frame, or none.
import type { Frame } from '../../model/frame';
import type { ViewItem, ViewModel } from '../../model/view';
import { MAX_DATA_DEPTH } from '../../model/safe-text';
import { abortedByPage } from '../../protocols/shared/page-abort';
import type { PanelSession } from './session-set';

/** The timeline's word for the page ending a connection after its turn: nothing was stopped. */
export const RELEASED_BY_PAGE = 'released by the page';
export const RELEASED_BY_PAGE_TITLE = 'The page ended this connection after its turn had ended (to free it): nothing was stopped, so the rendering shows no stop.';

const cache = new WeakMap<PanelSession, { frames: number; view: ViewModel; stops: ReadonlySet<number> }>();

/**
 * Whether `frame` is the page ending a connection after its turn: the session's protocol is known and
 * its fold placed no stop for the frame. False for every other frame, and while no protocol folds the
 * session (the raw fold places no stops at all).
 */
export function releasedByPage(session: PanelSession | undefined, frame: Frame): boolean {
  if (!session || !abortedByPage(frame) || session.pipeline.definition === undefined) return false;
  return !stopFrames(session).has(frame.index);
}

/** Capture indexes of the frames the session's stop items were placed for; read again only when its frames or view changed. */
function stopFrames(session: PanelSession): ReadonlySet<number> {
  const frames = session.pipeline.frameCount;
  const view = session.pipeline.view();
  const hit = cache.get(session);
  if (hit && hit.view === view && hit.frames === frames) return hit.stops;
  const stops = new Set<number>();
  collect(view.items, stops, 0);
  cache.set(session, { frames, view, stops });
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
