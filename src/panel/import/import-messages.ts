// What the import worker tells the panel while it reads a file, and what the panel answers. The
// worker reads, splits into sessions and folds; the panel only adds frames to its log and shows what
// the worker found. Everything here is structured-cloneable plain data.
import type { Connection, Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import type { InputFormat } from '../../readers/read-input';

/** One session as the worker knows it so far, named by its place in the order of first frames. */
export interface SessionUpdate {
  ordinal: number;
  /** The agent session key, or the connection id when there is none. */
  id: string;
  agentKey?: string | undefined;
  connectionIds: string[];
  protocol: string;
  /** Findings reported since the previous update, or all of them when `replace` is set (a protocol switch started over). */
  findings: Finding[];
  replace: boolean;
  /** The view model now; left out between the (throttled) moments it is sent. */
  view?: ViewModel;
}

/** A session's waterfall track and time figures, computed once the input is complete. */
export interface SessionTiming {
  ordinal: number;
  /** A SessionTrack's and a SessionMetricsTracker's own fields (see imported-session.ts). */
  track: Record<string, unknown>;
  metrics: Record<string, unknown>;
}

export type WorkerToPanel =
  | { type: 'frames'; batch: number; connections: Connection[]; frames: Frame[]; sessions: SessionUpdate[] }
  /**
   * The frames sent so far are not the capture's (they needed sorting, or their made-up times were
   * corrected once a recorded time arrived): the panel drops them and the capture's frames follow.
   */
  | { type: 'restart' }
  | { type: 'done'; format: InputFormat; timing?: 'none'; dropped?: number; sessions: SessionUpdate[]; timings: SessionTiming[] }
  | { type: 'error'; message: string };

/** Where an import runs: the import worker, or the panel's own thread where no worker could start. */
export type ImportThread = 'worker' | 'panel';

export type PanelToWorker =
  | { type: 'start'; file: Blob }
  /** The panel applied (and drew) the batch with this number: the worker may send more. */
  | { type: 'ack'; batch: number };
