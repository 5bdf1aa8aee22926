// What the Preserve log box shows while a click waits for the hub's answer (preserve-log-request.ts
// sends the request): read by the Toolbar, ended by the store when the answer or the bound comes.
import type { PanelStore } from './store';

/** True while the box shows a click the hub has not answered (the box's `data-pending`, which tests wait on). */
export function preserveLogPending(store: PanelStore): boolean {
  return store.toolbar.preserveLogRequest.value !== undefined && store.source.value !== 'file';
}

/** What the box shows: the value clicked while the hub has not answered it, else the hub's. */
export function shownPreserveLog(store: PanelStore): boolean {
  return preserveLogPending(store) ? store.toolbar.preserveLogRequest.value!.value : store.status.value.preserveLog;
}

/**
 * The wait for request `requestId` is over (the hub answered it, whatever it holds, or the bound ran
 * out): the box shows the hub's value again. An end for an earlier request leaves a later click shown.
 */
export function endPreserveLogRequest(store: PanelStore, requestId: number): void {
  if (store.toolbar.preserveLogRequest.value?.requestId === requestId) store.toolbar.preserveLogRequest.value = undefined;
}
