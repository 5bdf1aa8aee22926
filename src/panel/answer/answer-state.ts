// "Answer from the panel": the switch (off by default, and not remembered: each DevTools session starts
// with the panel only watching), the way to the hub, and the answers sent so far, per panel store.
// An answer is shown as sending until the page's capture brings back the frame the hook sent (marked
// `sentBy: "inspector"`), or as refused with the hub's reason.
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
}

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
}

/** The hub did not pass an answer on. */
export function answerRefused(store: PanelStore, answerId: number, reason: string): void {
  const state = answerStateOf(store);
  const sent = new Map(state.sent.peek());
  for (const [key, answer] of sent) if (answer.answerId === answerId) sent.set(key, { ...answer, refused: reason });
  state.sent.value = sent;
}
