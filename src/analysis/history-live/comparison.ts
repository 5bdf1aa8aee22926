// One comparison of a history read after a reload with the live rendering of the same turns.
import type { ViewModel } from '../../model/view';
import type { Session } from '../sessions';
import type { Difference } from './compare';

export interface HistoryLiveComparison {
  session: Session;
  /** The rule a difference is reported under. */
  rule: string;
  /** Capture index of the frame that carried the history (History API response, MESSAGES_SNAPSHOT). */
  historyFrame: number;
  /** Capture indexes of the live frames compared with it. */
  liveFrames: readonly number[];
  /** The rendering rebuilt from the history alone, as the page shows it after the reload. */
  history: ViewModel;
  /** The rendering the page showed live before the reload. */
  live: ViewModel;
  difference?: Difference;
  /** Where in the history frame the differing item is, e.g. `messages[3]`. */
  path?: string;
}
