// "Answer from the panel": the switch (off by default, and not remembered: each DevTools session starts
// with the panel only watching), the way to the hub, and the answers sent so far, per panel store.
// An answer is shown as sending until the page's capture brings back the frame the hook sent (marked
// `sentBy: "inspector"`), or as refused with the hub's reason. The hub says at once that it has the
// answer; one it has not acknowledged within RECEIPT_WAIT_MS was lost on the way (posted on a port that
// was closing while the extension's service worker stopped) and can be sent again.
import { signal, type Signal } from '@preact/signals';
import type { PanelStore } from '../store/store';
import type { PanelTransport } from '../transport';

export interface SentAnswer {
  readonly answerId: number;
  readonly connectionId: string;
  /** The frame count of the connection when it was sent: the marked frame comes after it. */
  readonly sentAfter: number;
  /** Set when the hub did not pass it on. */
  readonly refused?: string;
  /**
   * The hub's acknowledgement: absent while awaited, `lost` when it did not come within RECEIPT_WAIT_MS,
   * `received` once it came (even after the wait: the panel's link may have held the answer longer).
   */
  readonly receipt?: 'received' | 'lost';
}

/** How long the hub may take to acknowledge an answer: it does so on reading it, before any wait. */
export const RECEIPT_WAIT_MS = 10_000;

export interface AnswerState {
  /** The user's switch. */
  readonly enabled: Signal<boolean>;
  /** What sends to the hub; absent offline (imported files only). */
  transport: PanelTransport | undefined;
  /** Answers sent, by the pending item's key (protocol request id: approval key, interrupt id…). */
  readonly sent: Signal<ReadonlyMap<string, SentAnswer>>;
  nextId: number;
}

const states = new WeakMap<PanelStore, AnswerState>();

export function answerStateOf(store: PanelStore): AnswerState {
  let state = states.get(store);
  if (!state) {
    state = { enabled: signal(false), transport: undefined, sent: signal<ReadonlyMap<string, SentAnswer>>(new Map()), nextId: 1 };
    states.set(store, state);
  }
  return state;
}

/** Sends `data` on the page's socket `connectionId` for the pending item `itemKey`. */
export function sendAnswer(store: PanelStore, itemKey: string, connectionId: string, data: string): void {
  const state = answerStateOf(store);
  if (!state.enabled.peek() || !state.transport) return;
  const answerId = state.nextId++;
  const sent = new Map(state.sent.peek());
  sent.set(itemKey, { answerId, connectionId, sentAfter: store.log.countOf(connectionId) });
  state.sent.value = sent;
  state.transport.send({ type: 'answer', answerId, connectionId, data });
  setTimeout(() => update(store, answerId, (answer) => (answer.receipt !== undefined || answer.refused !== undefined ? answer : { ...answer, receipt: 'lost' })), RECEIPT_WAIT_MS);
}

/** The hub has the answer: even after the wait (the panel's link held it longer), it is on its way. */
export function answerReceived(store: PanelStore, answerId: number): void {
  update(store, answerId, (answer) => (answer.receipt === 'received' ? answer : { ...answer, receipt: 'received' }));
}

/** The hub did not pass an answer on. */
export function answerRefused(store: PanelStore, answerId: number, reason: string): void {
  update(store, answerId, (answer) => ({ ...answer, refused: reason }));
}

/** Replaces the answer numbered `answerId` (if it is still the one sent for its item) by `change`'s. */
function update(store: PanelStore, answerId: number, change: (answer: SentAnswer) => SentAnswer): void {
  const state = answerStateOf(store);
  const current = state.sent.peek();
  for (const [key, answer] of current) {
    if (answer.answerId !== answerId) continue;
    const changed = change(answer);
    if (changed === answer) return;
    state.sent.value = new Map(current).set(key, changed);
    return;
  }
}
