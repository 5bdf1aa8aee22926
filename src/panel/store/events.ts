// Every change to the panel's state is one of these events, applied by `applyEvent`.
import type { NetworkStream } from '../network-log/network-streams';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import type { Finding } from '../../model/finding';
import type { Capture } from '../../model/frame';
import type { DetailTab } from './store';
import type { ImportThread, WorkerToPanel } from '../import/import-messages';

export type LinkState = 'offline' | 'connecting' | 'live' | 'disconnected';

export type PanelEvent =
  /** A message from the hub (snapshot, append, status, cleared, export). */
  | { readonly type: 'hub'; readonly message: HubToPanel }
  | { readonly type: 'link'; readonly state: LinkState }
  /** Text of a file the user imported: any input `readInput` accepts. */
  | { readonly type: 'import'; readonly text: string; readonly fileName?: string }
  /** A file the user imported, already read (the toolbar reads it as a stream). */
  | { readonly type: 'importCapture'; readonly capture: Capture; readonly fileName?: string }
  /** The user opened a file: the import with this id starts (import-file.ts reads it in a worker). */
  | { readonly type: 'importStart'; readonly id: number; readonly fileName?: string; readonly thread: ImportThread }
  /** What the worker of import `id` read and found so far. */
  | { readonly type: 'importMessage'; readonly id: number; readonly message: WorkerToPanel }
  | { readonly type: 'importError'; readonly message: string | undefined }
  | { readonly type: 'selectFrame'; readonly index: number | undefined }
  /** Scopes the panel to one session, or to all of them (`id` undefined). */
  | { readonly type: 'selectSession'; readonly id: string | undefined }
  | { readonly type: 'selectFinding'; readonly finding: Finding }
  /** Moves to the next (1) or previous (-1) finding of the session. */
  | { readonly type: 'stepFinding'; readonly step: 1 | -1 }
  | { readonly type: 'setQuery'; readonly query: string }
  | { readonly type: 'setLive'; readonly live: boolean }
  | { readonly type: 'setTab'; readonly tab: DetailTab }
  | { readonly type: 'selectConnection'; readonly id: string }
  | { readonly type: 'toggleGroup'; readonly key: string; readonly expanded: boolean }
  /** The inspected page's address and title (they change as the user navigates). */
  | { readonly type: 'page'; readonly url?: string | undefined; readonly title?: string | undefined }
  /** The user leaves an opened file for the tab's live capture: the next snapshot replaces the file. */
  | { readonly type: 'returnToTab' }
  /** The user set Preserve log; the hub is asked with this request id (preserve-log-request.ts). */
  | { readonly type: 'requestPreserveLog'; readonly value: boolean; readonly requestId: number }
  /** The hub did not answer that request in time: the box shows the hub's last word again. */
  | { readonly type: 'preserveLogUnanswered'; readonly requestId: number }
  /** Empties the panel's own copy (offline: there is no hub to ask). */
  | { readonly type: 'clearLocal' }
  /** DevTools' network log reported a finished streaming response (network-log/watch-network.ts). */
  | { readonly type: 'networkStream'; readonly stream: NetworkStream }
  /** The inspected page navigated (DevTools' network log says so). */
  | { readonly type: 'networkNavigated' };
