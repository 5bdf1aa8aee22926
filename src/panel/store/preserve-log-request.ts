// The Preserve log box shows the hub's setting (the service worker owns it), but the user's click at
// once: the clicked value is shown, pending, from the click until the hub's status that answers this
// request (numbered, `answers` on the status), and no longer than PRESERVE_LOG_ANSWER_MS. Then the box
// shows the hub's value again, whether the hub took the click, another panel changed it meanwhile, or
// no answer came (the port dropped: the reconnect's snapshot says what the hub holds).
import type { PanelTransport } from '../transport';
import { applyEvent } from './apply';
import type { PanelStore } from './store';

/**
 * How long the box may show a value the hub has not confirmed. The hub answers once the setting is
 * stored, in milliseconds; this bound is for an answer that never comes (a write that failed, a
 * worker stopped while the port still looked open).
 */
export const PRESERVE_LOG_ANSWER_MS = 5_000;

let lastRequestId = 0;

/** The user set Preserve log to `value`: ask the hub, and show `value` until it answers. */
export function requestPreserveLog(store: PanelStore, transport: PanelTransport, value: boolean, bound = PRESERVE_LOG_ANSWER_MS): void {
  const requestId = ++lastRequestId;
  applyEvent(store, { type: 'requestPreserveLog', value, requestId });
  transport.send({ type: 'setPreserveLog', value, requestId });
  setTimeout(() => applyEvent(store, { type: 'preserveLogUnanswered', requestId }), bound);
}
