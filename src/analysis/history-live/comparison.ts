// One comparison of a history read (after a reload, or by the same page) with the live rendering of the
// same turns.
import type { ViewModel } from '../../model/view';
import type { Session } from '../sessions';
import type { Difference } from './compare';
import type { PageLoad } from './page-load';

export interface HistoryLiveComparison {
  session: Session;
  /** The rule a difference is reported under. */
  rule: string;
  /** Capture index of the frame that carried the history (History API response, MESSAGES_SNAPSHOT). */
  historyFrame: number;
  /** Capture indexes of the live frames compared with it. */
  liveFrames: readonly number[];
  /** The rendering rebuilt from the history alone, as a page that loads again shows it. */
  history: ViewModel;
  /** The rendering the page showed live before the history read. */
  live: ViewModel;
  /** The history was read after the page loaded again, or by the page that showed the live frames; absent when the capture cannot tell. */
  pageLoad?: PageLoad;
  difference?: Difference;
  /** Where in the history frame the differing item is, e.g. `messages[3]`. */
  path?: string;
}
