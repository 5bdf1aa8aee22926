// How the panel speaks of a history read: after a reload only when the capture shows the page loaded
// again, as read by the same page when it shows it did not (useStream reads a LangGraph thread's state
// when a run ends), and by its frame alone when the capture cannot tell.
import type { HistoryLiveComparison } from '../../../analysis/history-live';
import { frameNumber } from '../../store/frame-row';

type Read = Pick<HistoryLiveComparison, 'historyFrame' | 'pageLoad'>;

/** The notice above the rendering when the history shows what was streamed. */
export function sameAsLiveNotice(c: Read): string {
  const at = `#${frameNumber(c.historyFrame)}`;
  if (c.pageLoad === 'reloaded') return `History read after the reload (${at}) shows what was streamed live.`;
  if (c.pageLoad === 'same') return `History read by the same page, without a reload (${at}), shows what was streamed live.`;
  return `History read at ${at} shows what was streamed live.`;
}

/** Where the live side's frames are, against the history read. */
export function liveSource(c: Read & Pick<HistoryLiveComparison, 'liveFrames'>): string {
  const first = c.liveFrames[0];
  if (first === undefined) return '';
  const last = c.liveFrames[c.liveFrames.length - 1] ?? first;
  return `frames #${frameNumber(first)}–#${frameNumber(last)}, ${c.pageLoad === 'reloaded' ? 'before the reload' : 'before the history read'}`;
}

/** Where the history side comes from. */
export function historySource(c: Read): string {
  const at = `frame #${frameNumber(c.historyFrame)}`;
  if (c.pageLoad === 'reloaded') return `${at}, after the reload`;
  if (c.pageLoad === 'same') return `${at}, read by the same page`;
  return at;
}
